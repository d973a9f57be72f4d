/**
 * A model of GNU `getopt_long` option parsing, driven by a `CommandSpec`: short clusters
 * (`-uo x` = `-u -o x`), attached values (`-oFILE`), long options with `=` or a separate
 * value, unique abbreviations (`--out=x` → `--output=x`, ambiguous → error), `--`, `-` as an
 * operand, permutation (options after operands), and `-NUM` counts where the command has
 * them. It fails (returns a reason) instead of guessing: an unknown option, a missing value,
 * or a run-time word (glob, `$X`) that could become a flag before `--`.
 */
import type { ShellWord } from '../shell/types';
import { couldExpandToFlag } from './flag-expansion';
import type { CommandSpec, OptionDef, ParsedArgs, ParsedOption } from './types';

/** True for the char code of `0`–`9` (what `\d` matches without the `u` flag); false for NaN. */
function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Why parsing stopped, and on which word. */
export interface ParseFailure {
  failure: string;
  flag: string;
}

/** Looks up a long option by exact name, then (if allowed) by unique prefix. */
export function lookupLong(spec: CommandSpec, name: string): OptionDef | 'ambiguous' | undefined {
  const exact = spec.long.get(name);
  if (exact) return exact;
  if (name === '') return undefined;
  let found: OptionDef | 'ambiguous' | undefined;
  let dangerous: OptionDef | undefined;
  for (const [candidate, def] of spec.long) {
    if (!candidate.startsWith(name)) continue;
    if (def.effect) dangerous ??= def;
    if (!spec.abbreviations) continue;
    found = found && found !== def ? 'ambiguous' : def;
  }
  // With tolerated unknown options, a prefix of a dangerous option counts as that option
  // (fail closed even where the command might not accept abbreviations).
  if (spec.harmlessOptions && dangerous && (found === undefined || found === 'ambiguous')) return dangerous;
  return found;
}

/**
 * Parses `args` (argv without the command word) from index `start` (the words before it are
 * not looked at: callers pass a whole argv rather than copy its tail). `words` aligns with
 * `args` when known; it lets the parser refuse run-time words that could turn into flags.
 */
export function parseOptions(
  spec: CommandSpec,
  args: readonly string[],
  words?: readonly ShellWord[],
  start = 0,
): ParsedArgs | ParseFailure {
  return parse(spec, args, words, start, true)!;
}

/**
 * The failure `parseOptions` would return, or `undefined` where it would return a parse: the
 * same parser, without building the options and operands (for option tables whose verdict
 * does not read them: no option with an effect, no `check`).
 */
export function parseFailure(
  spec: CommandSpec,
  args: readonly string[],
  words: readonly ShellWord[] | undefined,
  start: number,
): ParseFailure | undefined {
  return parse(spec, args, words, start, false) as ParseFailure | undefined;
}

/** `parseOptions`; with `collect` false, `undefined` instead of a parse. */
function parse(
  spec: CommandSpec,
  args: readonly string[],
  words: readonly ShellWord[] | undefined,
  start: number,
  collect: boolean,
): ParsedArgs | ParseFailure | undefined {
  // Without `collect`, no lists: `options?.push(…)` does not even build its argument.
  const options: ParsedOption[] | undefined = collect ? [] : undefined;
  const positionals: string[] | undefined = collect ? [] : undefined;
  let endOfOptions = false;
  let i = start;
  // Inline `couldExpandToFlag(words?.[…])` rather than a local closure: this runs for
  // every classified command, and a closure per call is measurable there.
  while (i < args.length) {
    const arg = args[i]!;
    // Char codes, not `startsWith`: this runs for every argument of every classified command.
    if (endOfOptions || arg === '-' || arg.charCodeAt(0) !== 0x2d) {
      if (!endOfOptions && couldExpandToFlag(words?.[i])) {
        return { failure: 'a run-time word (glob or expansion) could expand to an option', flag: arg };
      }
      positionals?.push(arg);
      if (!spec.permute) endOfOptions = true;
      i++;
      continue;
    }
    if (couldExpandToFlag(words?.[i]))
      return { failure: 'an option word depends on run-time expansion', flag: arg };
    if (arg === '--') {
      endOfOptions = true;
      i++;
      continue;
    }
    if (arg.charCodeAt(1) === 0x2d) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const def = lookupLong(spec, name);
      if (def === 'ambiguous' && !spec.harmlessOptions) {
        return { failure: `ambiguous abbreviation ${arg}`, flag: arg };
      }
      if (!def || def === 'ambiguous') {
        if (spec.harmlessOptions) {
          options?.push({ def: { name: arg, argument: 'none' }, spelling: arg });
          i++;
          continue;
        }
        return { failure: `unrecognized option ${arg}`, flag: arg };
      }
      if (eq !== -1) {
        if (def.argument === 'none') return { failure: `option ${def.name} takes no value`, flag: arg };
        options?.push({ def, spelling: arg, value: arg.slice(eq + 1) });
        i++;
        continue;
      }
      if (def.argument === 'required' && !(def.defaultAtEnd && i + 1 >= args.length)) {
        if (i + 1 >= args.length) return { failure: `option ${def.name} needs a value`, flag: arg };
        if (couldExpandToFlag(words?.[i + 1]))
          return { failure: `the value of ${def.name} depends on run-time expansion`, flag: arg };
        options?.push({ def, spelling: arg, value: args[i + 1]! });
        i += 2;
        continue;
      }
      options?.push({ def, spelling: arg });
      i++;
      continue;
    }
    // A short-option cluster.
    let j = 1;
    // Char codes, not `/^-\d/` and `/\d/` per character: this runs for every option word.
    if (spec.numericOption && isDigit(arg.charCodeAt(1))) {
      while (j < arg.length && isDigit(arg.charCodeAt(j))) j++;
      options?.push({ def: { name: '-NUM', argument: 'none' }, spelling: arg });
    }
    let consumedNext = false;
    while (j < arg.length) {
      const letter = arg[j]!;
      const def = spec.short.get(letter);
      if (!def) {
        if (spec.harmlessOptions) {
          j++;
          continue;
        }
        return { failure: `unrecognized option -${letter} in ${arg}`, flag: arg };
      }
      if (def.argument === 'none') {
        options?.push({ def, spelling: arg });
        j++;
        continue;
      }
      const attached = arg.slice(j + 1);
      if (attached !== '') {
        options?.push({ def, spelling: arg, value: attached });
      } else if (def.argument === 'required') {
        if (i + 1 >= args.length) return { failure: `option ${def.name} needs a value`, flag: arg };
        if (couldExpandToFlag(words?.[i + 1]))
          return { failure: `the value of ${def.name} depends on run-time expansion`, flag: arg };
        options?.push({ def, spelling: arg, value: args[i + 1]! });
        consumedNext = true;
      } else {
        options?.push({ def, spelling: arg });
      }
      break;
    }
    i += consumedNext ? 2 : 1;
  }
  return options === undefined || positionals === undefined
    ? undefined
    : { options, positionals, endOfOptions };
}

/** Type guard for the failure branch of `parseOptions`. */
export function isParseFailure(result: ParsedArgs | ParseFailure): result is ParseFailure {
  return 'failure' in result;
}
