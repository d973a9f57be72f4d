/**
 * `xxd [options] [infile [outfile]]`: a second operand is an output file. xxd takes
 * single-dash long options (`-cols 8`, `-ps`) and values either attached (`-c8`) or next.
 */
import type { ShellWord } from '../../shell/types';
import { couldExpandToFlag } from '../flag-expansion';
import type { ClassificationResult } from '../types';
import { mutating, readOnly, unknown } from '../verdict';

const WITH_VALUE = new Set([
  '-c',
  '-cols',
  '-g',
  '-groupsize',
  '-l',
  '-len',
  '-o',
  '-offset',
  '-s',
  '-seek',
  '-n',
  '-name',
  '-R',
]);

/** Classifies `xxd ARGS…`. */
export function classifyXxd(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  const operands: string[] = [];
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!endOfOptions && couldExpandToFlag(words?.[i])) {
      return unknown('xxd: a run-time word could expand to an option', arg);
    }
    if (endOfOptions || !arg.startsWith('-') || arg === '-') {
      operands.push(arg);
      continue;
    }
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    if (WITH_VALUE.has(arg)) i++;
  }
  return operands.length >= 2
    ? mutating('xxd writes its second operand (outfile)', operands[1])
    : readOnly('xxd with at most one operand only reads');
}
