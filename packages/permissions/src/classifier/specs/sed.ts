/**
 * `sed`: `-i`/`-I`/`--in-place` (any spelling: `-i.bak`, `-ni`, `--in-place=.orig`, `--in`)
 * rewrite files; the script itself may write (`w`, `s///w`) or execute (`e`, `s///e`).
 * A script read from a file (`-f`) cannot be inspected, so it is 'unknown'.
 */
import type { ShellWord } from '../../shell/types';
import { defineSpec } from '../define-spec';
import { isParseFailure, parseOptions } from '../parse-options';
import type { ClassificationResult } from '../types';
import { dangerousOption, mutating, readOnly, unknown } from '../verdict';
import { classifySedScript } from './sed-script';

/** sed's option table (exported for the property tests). */
export const sedSpec = defineSpec({
  short: 'nrEsuzbai::I::e:f:l:',
  long:
    'quiet silent expression= file= in-place=? line-length= null-data zero-terminated regexp-extended separate ' +
    'unbuffered posix debug sandbox follow-symlinks binary help version',
  danger: { '-i': 'write', '-I': 'write', '--in-place': 'write' },
  why: { '-i': 'edits files in place', '-I': 'edits files in place', '--in-place': 'edits files in place' },
});

/** Classifies `sed ARGS…`. */
export function classifySed(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  const parsed = parseOptions(sedSpec, args, words);
  if (isParseFailure(parsed)) return unknown(`sed: ${parsed.failure}`, parsed.flag);
  const danger = dangerousOption('sed', parsed);
  if (danger) return danger;
  // GNU `-l N` takes a line length; BSD `-l` takes nothing, so in `sed -n -l 'w out' f` BSD
  // reads `w out` as the script. Only a number reads the same on both.
  const lineLength = parsed.options.find((option) => option.def.name === '-l');
  if (lineLength && !/^\d+$/.test(lineLength.value ?? '')) {
    return unknown('sed -l: BSD sed takes no value, so this word may be the script', lineLength.spelling);
  }
  const fromFile = parsed.options.find((option) => option.def.name === '--file' || option.def.name === '-f');
  if (fromFile) return unknown('sed -f: the script is in a file and cannot be inspected', fromFile.spelling);
  const scripts = parsed.options
    .filter((option) => option.def.name === '-e' || option.def.name === '--expression')
    .map((option) => option.value ?? '');
  if (scripts.length === 0) {
    const first = parsed.positionals[0];
    if (first === undefined) return unknown('sed without a script');
    scripts.push(first);
  }
  // sed joins its -e scripts with newlines, so one may continue into the next
  // (`-e 's/a/\' -e '/w out'` writes): the joined text is what it runs. Each script alone is
  // read too, which can only find more writes (`-e 'a x\' -e 'w out'` appends text).
  const joined = scripts.join('\n');
  let unparsed: string | undefined;
  for (const script of scripts.length > 1 ? [joined, ...scripts] : scripts) {
    const verdict = classifySedScript(script);
    if (verdict.kind === 'write')
      return mutating(`sed script command "${verdict.command}" writes a file`, verdict.command);
    if (verdict.kind === 'exec')
      return mutating(`sed script command "${verdict.command}" runs a shell command`, verdict.command);
    if (verdict.kind === 'unparsed' && script === joined) unparsed ??= verdict.reason;
  }
  if (unparsed !== undefined) {
    // A script GNU sed accepts but the reader does not (`l 5;w out`) may still write.
    return { ...unknown(`sed script not understood: ${unparsed}`, joined), prefixExcluded: true };
  }
  return readOnly('sed script only reads and prints');
}
