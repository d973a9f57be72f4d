/**
 * Shapes shared by the read-only classifier: its verdict, and the per-command option
 * tables (`CommandSpec`) that let it parse argv the way the command itself would.
 */
import type { CommandClassification } from '../decision';

/** The classifier's verdict on one simple command. */
export interface ClassificationResult {
  /** `read-only` only when every word was understood and nothing writes or executes. */
  classification: CommandClassification;
  /** Why, in words a model and a human can read. */
  reason: string;
  /** The option or operand (as written) that made the command mutating or unknown. */
  flag?: string;
  /**
   * Set on an 'unknown' verdict whose `flag` is an argument no prefix rule covers, as
   * opposed to a command or subcommand the classifier has no table for: a program it failed
   * to read (a sed script it could not parse, which may write or run), options it cannot
   * see (`TAR_OPTIONS=…`, binutils' `@FILE`), or a program that reads the process
   * environment (jq's `env`, `$ENV`), where secrets live.
   */
  prefixExcluded?: true;
  /**
   * Files the command reads that are no operand of it: the value of an option such as
   * `du --files0-from=F`, `file -f F`, `date -f F`, whose lines the command prints back.
   * Listed (as written, unresolved) so a secret check can look at them.
   */
  reads?: string[];
}

/** What an option does when present. */
export type OptionEffect = 'write' | 'exec';

/** Whether an option takes a value: never, always (attached or next word), or only attached. */
export type OptionArgument = 'none' | 'required' | 'optional';

/** One option of a command. */
export interface OptionDef {
  /** Canonical spelling (`-o`, `--output`). */
  name: string;
  argument: OptionArgument;
  /**
   * A 'required' value that may be left out when the option is the last word (git's
   * `--merged [<commit>]`, which then means HEAD).
   */
  defaultAtEnd?: boolean;
  /** Set when the option writes a file or runs a program; a function decides from the value. */
  effect?: OptionEffect | ((value: string | undefined) => OptionEffect | undefined);
  /** Why it is dangerous (shown in the verdict). */
  why?: string;
}

/** One option occurrence found while parsing argv. */
export interface ParsedOption {
  def: OptionDef;
  /** As written (`-uo`, `--out=x`). */
  spelling: string;
  value?: string;
}

/** argv after option parsing. */
export interface ParsedArgs {
  options: ParsedOption[];
  /** Operands, in order (after `--` too). */
  positionals: string[];
  /** True when `--` was seen. */
  endOfOptions: boolean;
}

/** Per-command option table and semantic checks. */
export interface CommandSpec {
  short: ReadonlyMap<string, OptionDef>;
  long: ReadonlyMap<string, OptionDef>;
  /** GNU getopt_long: a unique prefix of a long option selects it (`--out` → `--output`). */
  abbreviations: boolean;
  /** GNU permutation: options may follow operands (unless POSIXLY_CORRECT). */
  permute: boolean;
  /** `head -5`, `tail -20f`: a dash followed by digits is a count. */
  numericOption: boolean;
  /** No option of this command writes or executes: an unknown option is still read-only. */
  harmlessOptions: boolean;
  /** Semantic checks once options are known (operands that write, option combinations). */
  check?: (parsed: ParsedArgs) => ClassificationResult | undefined;
}
