/**
 * Inline programs, from the command table: which names are interpreters of which language
 * (`language`), and the `code` words of an argv in any reading (`python3 -Bc CODE`,
 * `node -pe CODE`, `deno eval CODE`).
 */
import type { Reading } from './read-argv';
import { ENTRIES } from './table';

/** One inline program: its text and the language of the interpreter that runs it. */
export interface InlineCode {
  family: string;
  code: string;
}

/** Interpreter names (as the table spells them) → their language. */
export const LANGUAGES: ReadonlyMap<string, string> = new Map(
  ENTRIES.flatMap((entry) =>
    entry.language === undefined ? [] : entry.names.map((name) => [name, entry.language!] as const),
  ),
);

/**
 * Per language, the calls that run a command line or an argv (`runCalls`), as one global
 * regular expression: the floor checks the literal command lines given to them
 * (`programCommandLines`), and a command line built at run time is unseen code. Shared: reset
 * `lastIndex` before an `exec` loop (or use `matchAll`, which copies it).
 */
export const RUN_CALLS: ReadonlyMap<string, RegExp> = new Map(
  ENTRIES.flatMap((entry) =>
    entry.language === undefined || entry.runCalls === undefined
      ? []
      : [[entry.language, new RegExp(entry.runCalls, 'g')] as const],
  ),
);

/**
 * Per language, the calls and open modes that change files (`writeCalls`): a program that makes
 * one writes the files its string literals name, for all the engine can tell.
 */
export const WRITE_CALLS: ReadonlyMap<string, RegExp> = new Map(
  ENTRIES.flatMap((entry) =>
    entry.language === undefined || entry.writeCalls === undefined
      ? []
      : [[entry.language, new RegExp(entry.writeCalls)] as const],
  ),
);

/**
 * Per language, the option (or subcommand) that takes a program inline, as the entry lists it
 * first: `python` → `-c`, `node` → `-e`, `php` → `-r`, `deno` → `eval`. A script file's text is
 * checked as such a program (`python3 t.py` → `python3 -c TEXT`).
 */
export const INLINE_OPTION: ReadonlyMap<string, string> = new Map(
  ENTRIES.flatMap((entry) => {
    if (entry.language === undefined) return [];
    const option = Object.entries(entry.values ?? {}).find(([, role]) => role === 'code')?.[0];
    const sub = Object.entries(entry.subcommands ?? {}).find(
      ([, fact]) => fact.operands?.[0] === 'code',
    )?.[0];
    const spelling = option ?? sub;
    return spelling === undefined ? [] : [[entry.language, spelling] as const];
  }),
);

/** Languages in which backquotes and `qx`/`%x` run shell commands (`shellQuotes`). */
export const SHELL_QUOTE_LANGUAGES: ReadonlySet<string> = new Set(
  ENTRIES.flatMap((entry) => (entry.shellQuotes === true && entry.language ? [entry.language] : [])),
);

/** First characters of every interpreter name: most command names are ruled out by theirs. */
const FIRST = new Uint8Array(128);
for (const name of LANGUAGES.keys()) FIRST[name.charCodeAt(0)] = 1;

/** An ASCII digit or `.`. */
function isVersionChar(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46;
}

/**
 * The table's name for an interpreter run as `name` (no directory), a version of digits and
 * dots after it allowed (`python3.12` → `python3`, `nodejs18` → `nodejs`), or undefined.
 */
export function interpreterName(name: string): string | undefined {
  const first = name.charCodeAt(0);
  if (!(first < 128 && FIRST[first] === 1)) return undefined;
  if (LANGUAGES.has(name)) return name;
  // No interpreter's name ends in a digit or dot but `python2`/`python3`/`pypy3`: try the
  // name without its trailing ones, then without all but one of them.
  let end = name.length;
  while (end > 0 && isVersionChar(name.charCodeAt(end - 1))) end--;
  if (end === name.length || end === 0) return undefined;
  const stem = name.slice(0, end);
  if (LANGUAGES.has(stem)) return stem;
  const withDigit = name.slice(0, end + 1);
  return LANGUAGES.has(withDigit) ? withDigit : undefined;
}

const NO_CODE: readonly InlineCode[] = [];

/**
 * The inline programs of `argv` (the command word first) in its `readings` (`readCommand`
 * under its table name, see `interpreterName`), each once. A code option whose attached value is
 * the letter of another code option of the entry reads the next word as its program
 * (`node -pe CODE` is `--print --eval CODE`).
 */
export function inlineCode(
  argv: readonly string[],
  readings: readonly Reading[],
  language: string,
): readonly InlineCode[] {
  const last = lastExtraction;
  if (last.argv === argv && last.readings === readings && last.language === language) return last.code;
  const code = extract(argv, readings, language);
  last.argv = argv;
  last.readings = readings;
  last.language = language;
  last.code = code;
  return code;
}

/**
 * The last extraction: the floor's programs, the computed-code check, the written paths and
 * the network hosts each ask for the programs of the same command in turn, with the argv array
 * and the readings `readCommand` keeps for it. The same readings array is the same reading of
 * the same argv (`readCommand` reads an array again after it forgot it, into a new array), so
 * the programs extracted once are the answer to each of them.
 */
const lastExtraction: {
  argv: readonly string[] | undefined;
  readings: readonly Reading[] | undefined;
  language: string;
  code: readonly InlineCode[];
} = { argv: undefined, readings: undefined, language: '', code: NO_CODE };

function extract(
  argv: readonly string[],
  readings: readonly Reading[],
  language: string,
): readonly InlineCode[] {
  let out: InlineCode[] | undefined;
  // Word indexes already taken whole, and (negated, minus one) those whose rest was taken.
  const seen = new Set<number>();
  const add = (index: number, code = argv[index]) => {
    const key = code === argv[index] ? index : -index - 1;
    if (code === undefined || seen.has(key)) return;
    seen.add(key);
    (out ??= []).push({ family: language, code });
  };
  for (const reading of readings) {
    for (const option of reading.options) {
      const def = option.def;
      if (def?.role !== 'code' || option.valueIndex === undefined) continue;
      if (option.valueIndex === option.index) {
        const value = option.value!;
        // Any level's: a later word may have opened a subcommand (`bun -pe x`, `x` being bunx).
        if (value.length === 1 && reading.facts.some((level) => level.short.get(value)?.role === 'code'))
          add(option.index + 1);
        // `-cCODE`: the program is the rest of the word (taken for `-pe` too: more to check).
        if (value !== '') add(option.index, value);
        continue;
      }
      add(option.valueIndex);
    }
    for (const index of reading.operands) if (reading.kinds[index] === 'code') add(index);
  }
  return out ?? NO_CODE;
}
