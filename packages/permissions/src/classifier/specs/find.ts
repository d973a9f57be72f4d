/**
 * `find` has its own grammar: leading options (`-H -L -P -D x -O3`), starting points, then
 * an expression of primaries. `-exec/-execdir/-ok/-okdir` run programs (the nested command
 * is also listed separately by the parser), `-delete` removes, `-fprint*`/`-fls` write
 * files. Any primary we do not know is 'unknown': a typo'd or new primary cannot be
 * assumed safe.
 */
import type { ShellWord } from '../../shell/types';
import { couldExpandToFlag } from '../flag-expansion';
import type { ClassificationResult } from '../types';
import { mutating, readOnly, unknown } from '../verdict';

const EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const WRITE = new Map<string, number>(
  Object.entries({ '-delete': 0, '-fprint': 1, '-fprint0': 1, '-fprintf': 2, '-fls': 1 }),
);
/** Primaries and their argument counts (Maps: a word such as `constructor` must not find an inherited property). */
const PRIMARIES = new Map<string, number>(
  Object.entries({
    '-name': 1,
    '-iname': 1,
    '-path': 1,
    '-ipath': 1,
    '-wholename': 1,
    '-iwholename': 1,
    '-regex': 1,
    '-iregex': 1,
    '-lname': 1,
    '-ilname': 1,
    '-type': 1,
    '-xtype': 1,
    '-user': 1,
    '-group': 1,
    '-uid': 1,
    '-gid': 1,
    '-perm': 1,
    '-size': 1,
    '-mtime': 1,
    '-atime': 1,
    '-ctime': 1,
    '-mmin': 1,
    '-amin': 1,
    '-cmin': 1,
    '-Bmin': 1,
    '-Btime': 1,
    '-newer': 1,
    '-anewer': 1,
    '-cnewer': 1,
    '-Bnewer': 1,
    '-maxdepth': 1,
    '-mindepth': 1,
    '-links': 1,
    '-inum': 1,
    '-samefile': 1,
    '-used': 1,
    '-fstype': 1,
    '-regextype': 1,
    '-printf': 1,
    '-context': 1,
    '-files0-from': 1,
    '-print': 0,
    '-print0': 0,
    '-ls': 0,
    '-prune': 0,
    '-quit': 0,
    '-true': 0,
    '-false': 0,
    '-empty': 0,
    '-readable': 0,
    '-writable': 0,
    '-executable': 0,
    '-nouser': 0,
    '-nogroup': 0,
    '-depth': 0,
    '-d': 0,
    '-mount': 0,
    '-xdev': 0,
    '-follow': 0,
    '-noleaf': 0,
    '-ignore_readdir_race': 0,
    '-noignore_readdir_race': 0,
    '-daystart': 0,
    '-warn': 0,
    '-nowarn': 0,
    '-not': 0,
    '-a': 0,
    '-and': 0,
    '-o': 0,
    '-or': 0,
    '!': 0,
    '(': 0,
    ')': 0,
    ',': 0,
    '-help': 0,
    '--help': 0,
    '-version': 0,
    '--version': 0,
  }),
);

/** Classifies `find ARGS…`. */
export function classifyFind(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  let i = 0;
  // Leading options.
  while (i < args.length) {
    const arg = args[i]!;
    if (/^-[HLPEXsx]+$/.test(arg) || /^-O\d*$/.test(arg)) {
      i++;
    } else if (arg === '-D' || arg === '-f') {
      i += 2;
    } else break;
  }
  // Starting points: words up to the first that starts an expression.
  while (i < args.length) {
    const arg = args[i]!;
    if (arg.startsWith('-') || arg === '!' || arg === '(' || arg === ')' || arg === ',') break;
    if (couldExpandToFlag(words?.[i])) return unknown('find: a run-time word could expand to a primary', arg);
    i++;
  }
  while (i < args.length) {
    const arg = args[i]!;
    if (couldExpandToFlag(words?.[i])) return unknown('find: a run-time word could expand to a primary', arg);
    if (EXEC.has(arg)) return mutating(`find ${arg} runs a command on each file`, arg);
    if (WRITE.has(arg)) {
      return mutating(arg === '-delete' ? 'find -delete removes files' : `find ${arg} writes a file`, arg);
    }
    let count = PRIMARIES.get(arg);
    if (count === undefined && /^-newer[aBcmt][aBcmt]$/.test(arg)) count = 1;
    if (count === undefined) return unknown(`find: unknown primary ${arg}`, arg);
    for (let k = 1; k <= count; k++) {
      if (couldExpandToFlag(words?.[i + k]))
        return unknown('find: a run-time word could expand to a primary', arg);
    }
    i += 1 + count;
  }
  return readOnly('find with only read-only primaries');
}
