/** The shell parser's public surface (re-exported by the package's `src/index.ts`). */
export { analyzeShell, DEFAULT_SHELL_LIMITS } from './analyze-shell';
export { commandWordBasename, SHELL_NAMES } from './command-word';
export { normalizeCommand } from './normalize-command';
export { quoteShellWord } from './quote-shell-word';
export { type RejectionScan, scanForRejection } from './reject';
export type {
  ShellAnalysis,
  ShellAnalysisOptions,
  ShellAssignment,
  ShellContext,
  ShellRedirect,
  ShellWord,
  SimpleCommand,
  UnwrappedCommand,
} from './types';
