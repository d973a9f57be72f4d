/**
 * The read-only classifier: decides whether one simple command only reads, with a model of
 * real option parsing and per-command write/exec tables.
 */
export { classifyArgv, READ_ONLY_COMMANDS } from './classify-argv';
export { classifyCommand } from './classify-command';
export { couldExpandToFlag } from './flag-expansion';
export type { ClassifyContext } from './foreign-repository';
export { markForeignRepositories } from './foreign-repository';
export { isInterpreterOrWrapper } from './interpreters';
export { subcommandPrefix } from './subcommand-prefix';
export type { ClassificationResult } from './types';
