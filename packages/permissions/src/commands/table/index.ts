/** Every entry of the command table, one file per family. Teaching a command is one entry here. */
import type { CommandFact } from '../types';
import { ARCHIVES } from './archives';
import { BASICS } from './basics';
import { BUILTINS } from './builtins';
import { CLIENTS } from './clients';
import { CODE_RUNNERS } from './code-runners';
import { COMPILERS } from './compilers';
import { CREDENTIALS } from './credentials';
import { ENVIRONMENT } from './environment';
import { FILES } from './files';
import { GIT } from './git';
import { INTERPRETERS } from './interpreters';
import { KEYS } from './keys';
import { LAUNCHERS } from './launchers';
import { METADATA } from './metadata';
import { NETWORK } from './network';
import { PAGERS } from './pagers';
import { PROGRAMS } from './programs';
import { RUNNERS } from './runners';
import { SEARCH } from './search';
import { SHELLS } from './shells';
import { TOOLS } from './tools';
import { WRAPPERS } from './wrappers';
import { WRITERS } from './writers';

export const ENTRIES: readonly CommandFact[] = [
  ...SEARCH,
  ...GIT,
  ...SHELLS,
  ...RUNNERS,
  ...TOOLS,
  ...FILES,
  ...ARCHIVES,
  ...METADATA,
  ...PROGRAMS,
  ...CREDENTIALS,
  ...ENVIRONMENT,
  ...NETWORK,
  ...KEYS,
  ...INTERPRETERS,
  ...WRAPPERS,
  ...WRITERS,
  ...PAGERS,
  ...BUILTINS,
  ...CLIENTS,
  ...BASICS,
  ...CODE_RUNNERS,
  ...COMPILERS,
  ...LAUNCHERS,
];
