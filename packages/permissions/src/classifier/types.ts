/**
 * The read-only classifier's verdict on one simple command. What it knows of each command is
 * in the command table (`../commands`, decision 0043).
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
