/**
 * The shell parser's output — the contract between `shell/` (parsing, unwrapping) and the
 * classifier, the deny floor and the rule matcher. Every simple command bash would run is
 * listed, nested ones included; anything the parser could not fully understand is marked
 * opaque (never auto-allowed) but still listed when visible, so deny checks see it.
 */

/** One word of a simple command. */
export interface ShellWord {
  /** The word after quote removal, as bash would pass it when it has no expansion. */
  value: string;
  /** The source text of the word. */
  raw: string;
  /**
   * True when the value depends on run time: parameter/command/arithmetic/process
   * substitution, unquoted glob or brace expansion, tilde, history. `value` then keeps the
   * literal text and must not be trusted as the final argument.
   */
  dynamic: boolean;
  /** Unquoted glob characters (`* ? [`) present — may expand to several words or to a flag. */
  glob: boolean;
  /** Some part was quoted or escaped. */
  quoted: boolean;
}

/** A variable assignment: prefix (`X=1 cmd`), bare (`X=1;`), declared (`export X=1`) or via `env X=1`. */
export interface ShellAssignment {
  name: string;
  value: string;
  dynamic: boolean;
  form: 'prefix' | 'bare' | 'declaration' | 'env' | 'loop';
}

/** A redirection. */
export interface ShellRedirect {
  /** The operator as written: `>`, `>>`, `>|`, `&>`, `&>>`, `<`, `<>`, `>&`, `<&`, `<<`, `<<-`, `<<<`. */
  operator: string;
  /** Explicit fd number, when written (`2>`). */
  fd?: number;
  /** Target after quote removal (file name, fd number, `-`, or here-doc delimiter). */
  target: string;
  dynamic: boolean;
  /** Writes to (creates or truncates) a file: `>`, `>>`, `>|`, `&>`, `&>>`, `<>`, `>&file`. Duplicating an fd (`2>&1`, `>&-`) is not a write. */
  write: boolean;
  /** Reads a file: `<`, `<>`. */
  read: boolean;
  /**
   * A here-document's body or a here-string's word — the text the command reads — when it
   * is literal: a quoted delimiter, or a body without `$`, backquote or backslash; a word
   * without expansions. Absent when any of it is computed at run time.
   */
  text?: string;
}

/** Where a simple command sits. */
export type ShellContext =
  | 'top'
  | 'pipeline'
  | 'background'
  | 'subshell'
  | 'group'
  | 'command-substitution'
  | 'process-substitution'
  | 'control-flow'
  | 'function'
  | 'shell-string'
  | 'find-exec'
  | 'xargs'
  | 'wrapper-argument';

/** The command that really runs once wrappers are removed. */
export interface UnwrappedCommand {
  /** Wrapper command words removed, outermost first (`['sudo', 'env', 'timeout']`). */
  wrappers: string[];
  /** argv of the inner command (may be empty for `env` alone, `sudo -v`, ...). */
  argv: string[];
  /** Words of the inner command, aligned with `argv`. */
  words: ShellWord[];
  /** Assignments made by wrappers (`env X=1 cmd`, `sudo X=1 cmd`). */
  assignments: ShellAssignment[];
  /** Set when a wrapper option was not understood: which word is the command cannot be known. */
  opaqueReason?: string;
}

/** One simple command. */
export interface SimpleCommand {
  /** Words bash would pass, after quote removal; prefix assignments excluded; wrappers NOT removed. */
  argv: string[];
  words: ShellWord[];
  /** Prefix and bare assignments, and those of `export`/`declare`/`typeset`/`local`/`readonly`. */
  assignments: ShellAssignment[];
  redirects: ShellRedirect[];
  /** After removing `sudo`, `env`, `timeout`, ... (nested `find -exec` / `xargs` commands are listed separately too). */
  unwrapped: UnwrappedCommand;
  context: ShellContext;
  /** Depth of nesting (0 at top level). */
  depth: number;
  /** Reasons this command cannot be fully understood (empty when it can). */
  opaqueReasons: string[];
  /** Offsets in the input. */
  start: number;
  end: number;
  /**
   * Present (true) when the command's standard input may be another command's output: it is
   * in a pipeline after the first member, at any nesting (`x | (sh)`, `if …; then x | sh; fi`),
   * or in a script a shell reads from standard input, whose later lines it may read
   * (`bash <<EOF` with a `python3` line).
   */
  readsPipe?: true;
}

/** The parse of one command string. */
export interface ShellAnalysis {
  /** Every simple command found, in source order, nested ones included. */
  commands: SimpleCommand[];
  /** True when anything at all is opaque: such input is never auto-allowed. */
  opaque: boolean;
  /** Why (input-level and per-command reasons, de-duplicated). */
  opaqueReasons: string[];
  /** Input rejected before parsing (control chars, bidi, caps): commands may be partial. */
  rejected?: string;
  /**
   * Variables assigned by `for NAME in ...` and `select NAME in ...` loops, nested ones
   * included (form `'loop'`). Each iteration sets NAME for every command in the body, so
   * `for PATH in /tmp/evil; do ls; done` is as dangerous as `PATH=/tmp/evil ls`.
   */
  loopAssignments?: ShellAssignment[];
}

/** Options of `analyzeShell`. */
export interface ShellAnalysisOptions {
  /** Inputs longer than this are opaque (default 64 KiB); a best-effort scan still lists commands for deny checks. */
  maxLength?: number;
  /** Nesting depth cap (default 16). */
  maxDepth?: number;
  /** Simple-command cap (default 512). */
  maxCommands?: number;
}
