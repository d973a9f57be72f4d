/**
 * `yq` comes in two incompatible tools: mikefarah/yq (Go: `-i/--inplace`, `-s/--split-exp`
 * writes one file per document) and kislyuk/yq (Python argparse, which accepts any unique
 * prefix: `--in` = `--in-place`). Either way, in-place editing and splitting write files,
 * so any spelling of them is mutating, and so is mikefarah/yq's switch that enables its
 * `system` operator; every other option only reads.
 */
import type { ShellWord } from '../../shell/types';
import { couldExpandToFlag } from '../flag-expansion';
import type { ClassificationResult } from '../types';
import { mutating, readOnly, unknown } from '../verdict';

const WRITING_LONG = ['inplace', 'in-place', 'split-exp'];
/**
 * Short options that take a value: letters after them in a cluster are that value. Not `e`:
 * `-e` is `--exit-status` in both tools, so `-ei` is `-e -i`.
 */
const SHORT_WITH_VALUE = new Set(['o', 'p', 'I', 'd', 'f']);

/** A `load…(` whose argument is not one string literal. */
const COMPUTED_LOAD = /\bload(?:_str|_xml|_props|_base64|_yaml|_json)?\s*\((?!\s*"[^"\\]*"\s*\))/;

/** Classifies `yq ARGS…`. */
export function classifyYq(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!endOfOptions && couldExpandToFlag(words?.[i]))
      return unknown('yq: a run-time word could expand to an option', arg);
    if (endOfOptions || !arg.startsWith('-') || arg === '-') {
      // `load(strenv(F))`, `load("~/" + x)`: a file computed at run time, which the floor cannot check.
      if (COMPUTED_LOAD.test(arg)) {
        return {
          ...unknown('yq loads a file whose name is computed at run time', arg),
          prefixExcluded: true,
        };
      }
      continue;
    }
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    if (arg.startsWith('--')) {
      const name = arg.slice(2).split('=')[0]!;
      if (name.length >= 2 && WRITING_LONG.some((option) => option.startsWith(name))) {
        return mutating('yq --inplace/--split-exp writes files', arg);
      }
      // mikefarah/yq's `system(…)` operator runs any command once this flag turns it on.
      if (name.startsWith('security-enable')) {
        return mutating('yq --security-enable-system-operator lets the expression run commands', arg);
      }
      continue;
    }
    for (const letter of arg.slice(1)) {
      if (letter === 'i' || letter === 's') return mutating(`yq -${letter} writes files`, arg);
      if (SHORT_WITH_VALUE.has(letter)) break;
    }
  }
  return readOnly('yq without in-place or split options only reads');
}
