/**
 * Global options before a subcommand: `git -C /repo push`, `npm --prefix x publish`,
 * `docker --context prod rm c`, `kubectl -n prod delete pod x`. A deny or ask rule names the
 * subcommand right after the tool (`Bash(git push:*)`); these options would slip between the
 * two. For restricting rules the command is therefore also matched with its leading options
 * taken out — every reading of them: an option this table does not know may or may not take
 * the next word as its value, so both are tried (a deny rule errs towards matching).
 */
import { commandFact, readArgv } from '../commands';
import { commandBasename } from '../rules/match-command-rule';

/** The answer for most commands, shared (callers only read it). */
const NO_FORMS: readonly string[][] = Object.freeze([]);

/**
 * The argv forms `[tool, subcommand, ...]` with the global options after `argv[offset]`
 * removed, or none when there are none to remove (or the command table has no subcommands for
 * the tool). One form per reading of the options (`readArgv`): a known value option (`-C dir`)
 * takes its value with it; an unknown one is read both ways.
 */
export function withoutGlobalOptions(argv: readonly string[], offset = 0): readonly string[][] {
  const head = argv[offset];
  const next = argv[offset + 1];
  // Every option word starts with `-` or `+`: most commands stop here.
  if (head === undefined || next === undefined) return NO_FORMS;
  const start = next.charCodeAt(0);
  if (start !== 0x2d && start !== 0x2b) return NO_FORMS;
  const fact = commandFact(commandBasename(head));
  if (fact?.subcommands === undefined) return NO_FORMS;
  // `+toolchain` is an option only where the tool says so (`cargo +nightly publish`).
  if (next.length < 2 || (start === 0x2b && !fact.fact.plusOptions)) return NO_FORMS;
  const readings = readArgv(argv, fact, offset);
  const forms: string[][] = [];
  const seen = new Set<number>();
  for (const reading of readings) {
    let index = offset + 1;
    while (index < argv.length && reading.kinds[index] !== 'subcommand') index++;
    if (index < argv.length && !seen.has(index)) {
      seen.add(index);
      forms.push([head, ...argv.slice(index)]);
    }
  }
  return forms;
}
