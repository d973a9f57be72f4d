/**
 * `test` and `[`: they only read, except that `test -v NAME` (also `[ -v NAME ]`) makes bash
 * evaluate an array subscript in NAME as arithmetic, and arithmetic reads variables' values
 * as expressions, which may hold substitutions (`i='b[$(id)]'; test -v 'a[i]'` runs `id`).
 * Only a number, `@` or `*` subscript is read-only. (A substitution written in the subscript
 * itself makes the parser list its commands and the command opaque.)
 */
import { hasComputedSubscript } from '../../shell/subscripts';
import type { ShellWord } from '../../shell/types';
import { defineSpec } from '../define-spec';
import type { ClassificationResult } from '../types';
import { classifyWithSpec, unknown } from '../verdict';

const TEST = defineSpec({ harmlessOptions: true, permute: false });

/** Classifies the arguments of `test` or `[` (`name` is the command word). */
export function classifyTest(
  name: string,
  args: readonly string[],
  words?: readonly ShellWord[],
): ClassificationResult {
  for (let index = 1; index < args.length; index++) {
    const operand = args[index]!;
    if (args[index - 1] === '-v' && hasComputedSubscript(operand)) {
      return unknown(
        `${name} -v evaluates an array subscript as arithmetic, which can run commands`,
        operand,
      );
    }
  }
  return classifyWithSpec(name, TEST, args, words, 0, `${name} only reads with these options`);
}
