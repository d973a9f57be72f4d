/**
 * `tree` parses its own options: every letter of a single-dash word is a flag, and flags
 * with values (`-o`, `-L`, ...) take the NEXT word. `-o FILE` writes the listing to FILE.
 * No long option writes or executes; `--fromfile` (and `--fromtabfile`) reads its operands as
 * listings and prints their lines, so it is a read of those files, not a directory walk.
 */
import type { ShellWord } from '../../shell/types';
import { couldExpandToFlag } from '../flag-expansion';
import type { ClassificationResult } from '../types';
import { mutating, readOnly, unknown } from '../verdict';

/** Classifies `tree ARGS…`. */
export function classifyTree(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  let endOfOptions = false;
  let fromFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!endOfOptions && couldExpandToFlag(words?.[i])) {
      return unknown('tree: a run-time word could expand to an option', arg);
    }
    if (endOfOptions || !arg.startsWith('-') || arg === '-') continue;
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    if (arg.startsWith('--')) {
      if (arg.startsWith('--from') || (arg.length >= 4 && '--fromfile'.startsWith(arg))) fromFile ??= arg;
      if ('--output'.startsWith(arg.split('=')[0]!) && arg.length >= 3) {
        return mutating('tree --output writes the listing to a file', arg);
      }
      continue;
    }
    if (arg.includes('o')) return mutating('tree -o writes the listing to a file', arg);
    if (arg.includes('R'))
      return mutating('tree -R reruns itself with -o 00Tree.html in each directory', arg);
  }
  if (fromFile !== undefined) {
    // Every operand (values of -L, -P… too: listing more is the safe side).
    const reads = args.filter((arg) => !arg.startsWith('-'));
    const result: ClassificationResult = {
      ...unknown('tree --fromfile prints the lines of the files it reads listings from', fromFile),
      prefixExcluded: true,
    };
    if (reads.length > 0) result.reads = reads;
    return result;
  }
  return readOnly('tree without -o only reads');
}
