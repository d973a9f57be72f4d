/**
 * Commands whose output IS a credential, read from the command table (`table/credentials.ts`
 * and the entries of gh, kubectl, op, terraform, doppler): `gh auth token`, `gcloud auth print-access-token`,
 * `kubectl config view --raw`, `kubectl get secret -o yaml`, `git credential fill`,
 * `security find-generic-password -w`, … Printing one hands the model a live token.
 *
 * Inside a command substitution the token becomes another command's argument instead of
 * output (`curl -H "Authorization: Bearer $(gcloud auth print-access-token)"`, a common
 * and benign form), so that context is not a read; the outer command is opaque anyway.
 */

import { CREDENTIAL_NAMES, readCommand, readingPrintsCredentials } from '../commands';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';

type Rule = (args: readonly string[]) => boolean;

/** `credential-store`, `credential-osxkeychain`, …: git's credential helpers, an open set. */
const CREDENTIAL_COMMAND = /^credential(?:-[\w-]+)?$/;

/**
 * What the command table cannot say, because the names are an open set or the entry is
 * another family's: git's credential helpers (`git credential fill`, `git credential-store
 * get`), `chamber read` (chamber's entry is a runner's, any later word may be its command),
 * and `pass NAME`, which prints NAME's password (any name but a subcommand).
 */
const RULES: ReadonlyMap<string, Rule> = new Map(
  Object.entries({
    // `fill`/`get` first: cheaper, and absent from nearly every git command (see `printsCredential`).
    git: (args) =>
      (args.includes('fill') || args.includes('get')) && args.some((arg) => CREDENTIAL_COMMAND.test(arg)),
    chamber: (args) => args[0] === 'read',
    pass: (args) => args.length === 1 && !args[0]!.startsWith('-') && args[0] !== 'ls',
  } satisfies Record<string, Rule>),
);
const dockerCredentialHelper: Rule = (args) => args[0] === 'get';

/**
 * Every command name with a rule here or in the command table (and `docker-credential-*`, by
 * prefix): any other prints none.
 */
export const CREDENTIAL_COMMANDS: readonly string[] = [...new Set([...RULES.keys(), ...CREDENTIAL_NAMES])];

/**
 * True when `command` prints a credential to its output. `name` is the command name of the
 * unwrapped argv when the caller already has it.
 */
export function printsCredential(
  command: SimpleCommand,
  name: string = commandWordBasename(command.unwrapped.argv[0] ?? ''),
): boolean {
  if (command.context === 'command-substitution') return false;
  // git's rule needs `fill` or `get`, which nearly every git command lacks: look for them
  // before copying the arguments.
  if (name === 'git' && !hasFillOrGet(command.unwrapped.argv)) return false;
  const rule =
    RULES.get(name) ?? (name.startsWith('docker-credential-') ? dockerCredentialHelper : undefined);
  if (rule?.(command.unwrapped.argv.slice(1))) return true;
  // The command table's facts, in every reading of the argv (any one printing is enough).
  if (!CREDENTIAL_NAMES.has(name)) return false;
  const argv = command.unwrapped.argv;
  return (readCommand(argv, 0, name) ?? []).some((reading) => readingPrintsCredentials(reading, argv));
}

/** True when a word after the command word is `fill` or `get`. */
function hasFillOrGet(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === 'fill' || argv[i] === 'get') return true;
  }
  return false;
}
