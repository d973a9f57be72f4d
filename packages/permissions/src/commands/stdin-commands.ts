/**
 * What a reading says about commands that arrive at run time rather than on the line: the
 * command lines a command reads on standard input and runs (`stdinCommands`, a `runs-file` value
 * that is standard input), the text an input line replaces (`placeholders`), alias expansion
 * turned on (`expandsAliases`); and the words a command shows on its output (`showsOutput`). The
 * engine's unseen-code check and its search for written scripts read them (decision 0051).
 */
import type { CompiledFact } from './compile';
import { conditionsHold } from './credentials';
import { STDIN_FILE } from './program-source';
import type { Reading } from './read-argv';
import { commandsRun } from './runner-words';

/**
 * True when `reading` (of `argv`) runs the command lines it reads on standard input: the
 * entry's `stdinCommands` (`at now`, `crontab -`), unless an option names them another way (a
 * file, a command line: `nix-shell --run CMD`) or makes it run none, or a `read` operand is the file; or a `runs-file` option's value is
 * standard input (`make -f -`, `make --file=/dev/stdin`) where the file is a shell script (no
 * `runsFormat`: in an ftp batch only `!CMD` lines run, and the search for written scripts reads
 * them where the line shows them).
 */
export function readsCommandsOnStdin(reading: Reading, argv: readonly string[]): boolean {
  let given = false;
  let stdin = false;
  const shellText = reading.facts.every((level) => level.fact.runsFormat === undefined);
  for (const option of reading.options) {
    const def = option.def;
    if (def === undefined) continue;
    const value = option.value;
    if (shellText && def.effects.includes('runs-file') && value !== undefined && STDIN_FILE.test(value))
      return true;
    if (def.effects.includes('no-program')) return false;
    // A command line given as an option's value (`nix-shell --run CMD`) is what runs instead.
    if (def.role === 'script' || def.effects.includes('program-given')) {
      if (value !== undefined && STDIN_FILE.test(value)) stdin = true;
      else given = true;
    }
  }
  const entry = reading.facts[reading.facts.length - 1]!.fact;
  if (entry.stdinCommands !== true) return false;
  if (stdin) return true;
  if (given) return false;
  for (const index of reading.operands)
    if (reading.kinds[index] === 'read' && !STDIN_FILE.test(argv[index] ?? '')) return false;
  return true;
}

/**
 * True when `reading` (of `argv`) starts a shell that reads its commands from standard input:
 * its innermost entry says `startsShell`, no option gives a `script` or makes it run nothing
 * (`no-program`), and — of a runner (`wrapper`) — no word of it is placed as the command it runs
 * (`screen make` runs `make`; `screen -S work` a shell). Readings cut short count as a shell.
 */
export function startsShellOnStdin(reading: Reading, argv: readonly string[]): boolean {
  const level = reading.facts[reading.facts.length - 1]!.fact;
  if (level.startsShell !== true || reading.effects.has('no-program')) return false;
  if (reading.options.some((option) => (option.role ?? option.def?.role) === 'script')) return false;
  if (level.wrapper === undefined) return true;
  const runs = commandsRun([reading], argv);
  return runs === undefined || runs.length === 0;
}

/**
 * The text each input line replaces in the command `reading` runs (`xargs -I% CMD %`), from its
 * entry's `placeholders`: the last such option's value, or what it stands for with none.
 */
export function placeholderOf(reading: Reading): string | undefined {
  let found: string | undefined;
  for (const option of reading.options) {
    const def = option.def;
    if (def === undefined) continue;
    for (const level of reading.facts) {
      const standsFor = level.fact.placeholders?.[def.spelling];
      if (standsFor !== undefined) found = option.value ?? standsFor;
    }
  }
  return found === '' ? undefined : found;
}

/** True when `reading` (of `argv`) turns on alias expansion (the entry's `expandsAliases`). */
export function readingExpandsAliases(reading: Reading, argv: readonly string[]): boolean {
  const conditions = reading.facts[reading.facts.length - 1]!.fact.expandsAliases;
  return conditions !== undefined && conditionsHold(conditions, reading, argv);
}

/** True when `word` is a cluster of flags of `compiled` alone (`-neE` for echo). */
function flagCluster(word: string, compiled: CompiledFact): boolean {
  if (word.length < 2 || word.charCodeAt(0) !== 0x2d) return false;
  for (let index = 1; index < word.length; index++)
    if (compiled.short.get(word[index]!)?.takes !== 'none') return false;
  return true;
}

/**
 * The words a `showsOutput: 'operands'` command (`compiled`) writes: those after the leading
 * words that are clusters of its flags alone (`echo -n a b` writes `a b`). echo prints any other
 * word, `-x` and `--` included; printf's `-v NAME` is kept (more text can only find more).
 */
export function shownWords(argv: readonly string[], compiled: CompiledFact): readonly string[] {
  let first = 1;
  while (first < argv.length && flagCluster(argv[first]!, compiled)) first++;
  return argv.slice(first);
}
