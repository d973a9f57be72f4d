/**
 * Recursive reads: commands that read whole directory trees — search them (`grep -r`, `ugrep -r`,
 * `rg -uu`, `git grep --no-index`, `ack`), compare them (`diff -r`), copy or archive them
 * (`cp -r`, `scp -r`, `rsync -a`, `tar c`, `zip -r`, `7z a`) or hand each file to another
 * command (`find DIR -exec`, `fd -x`). Each tree is one the command reads everything in, so a
 * tree that holds a secret (`~`, `~/.config`, `~/.kube`) is a secret read, and any other
 * tree may hold one (`.env` in a project): the engine never auto-allows it in read-only mode.
 *
 * Listing names (`ls -R`, `find` alone, `tree`, `du`, `rg --files`) is metadata, not content.
 * rg, ag and fd skip hidden and ignored files unless told otherwise (`--hidden`, `-uu`):
 * without such an option they are reported with `skipsHidden`, and keep their class.
 *
 * Every fact comes from the command table (`src/commands/`): which option makes a command read
 * trees (`recursive`), which operands are read, which name a pattern or a destination, which
 * option shows hidden files; this file only combines the readings (the union of the trees).
 */

import { atAnyLevel, commandFact, namesWhere, type Reading, readCommand } from '../commands';
import { basename } from '../commands/load-table';

/** What a command reads recursively. */
export interface TreeRead {
  /** The words naming the trees (`.` when the command reads the working directory by default). */
  trees: string[];
  /** The walk skips hidden files and directories (rg, ag, fd by default). */
  skipsHidden: boolean;
}

/**
 * True when the command an option runs on each file found reads it (`find -exec cat {} ;`,
 * `fd -x grep KEY`): any command but one the table says prints no content (`-exec rm {} +`,
 * `-exec chmod 644 {} ;`), looked up behind `sudo`, `doas`, `env`, `command` and their options.
 */
function runsReader(argv: readonly string[], at: number): boolean {
  let k = at;
  while (k < argv.length && /^(?:sudo|doas|env|command|-.*)$/.test(argv[k]!)) k++;
  const fact = commandFact(basename(argv[k] ?? ''));
  return fact?.fact.printsNoContent !== true;
}

/** Whether a reading reads its operands as trees (see the effects in `types.ts`). */
function readsTrees(argv: readonly string[], reading: Reading): boolean {
  const { effects } = reading;
  if (!effects.has('recursive') || effects.has('names-only') || effects.has('picks-names')) return false;
  // A command run on each file found reads the tree only when it reads files.
  const runs = reading.options.filter(
    (option) => option.def?.role === 'command' && option.valueIndex !== undefined,
  );
  return runs.length === 0 || runs.some((option) => runsReader(argv, option.valueIndex!));
}

/**
 * The trees `argv` (a command without wrappers) reads recursively, or `undefined`: the
 * operands read (or whose role is unknown) of every reading with a `recursive` effect,
 * together — the floor takes the union. With no tree named, the entry's `defaultTree` (the
 * working directory for searchers and `find`). A `chdir` option of the command itself (`tar -C
 * DIR`) makes the operands after it relative to DIR.
 */
export function treeReadOf(
  argv: readonly string[],
  name: string,
  readings: readonly Reading[] | undefined = readCommand(argv, 0, name),
): TreeRead | undefined {
  if (readings === undefined) return undefined;
  const trees = new Set<string>();
  let skipsHidden = true;
  let any = false;
  for (const reading of readings) {
    const level = reading.facts[reading.facts.length - 1]!;
    if (!level.fact.operands?.includes('read') || !readsTrees(argv, reading)) continue;
    any = true;
    if (!level.fact.skipsHidden || reading.effects.has('shows-hidden')) skipsHidden = false;
    const dirs =
      reading.facts.length === 1
        ? reading.options.filter((option) => option.def?.role === 'chdir' && option.value !== undefined)
        : [];
    let named = false;
    for (const index of reading.operands) {
      const kind = reading.kinds[index];
      if (kind !== 'read' && kind !== 'unknown') continue;
      named = true;
      const word = argv[index]!;
      const dir = dirs.filter((option) => option.index < index).pop()?.value;
      trees.add(dir === undefined || dir === '' || word.startsWith('/') ? word : `${dir}/${word}`);
    }
    if (!named && level.fact.defaultTree !== undefined) trees.add(level.fact.defaultTree);
  }
  return any ? { trees: [...trees], skipsHidden } : undefined;
}

/** True when a table entry may read its operands recursively (`-r`, `--no-index`, `rgrep`). */
const mayReadTrees = atAnyLevel((fact) => {
  const recursive =
    (fact.implies ?? []).includes('recursive') ||
    Object.values(fact.effects ?? {}).some((effects) => effects.includes('recursive')) ||
    (fact.numeric ?? []).includes('recursive');
  return recursive && fact.operands?.includes('read') === true;
});

/**
 * The command names `treeReadOf` may find a tree read for: every name whose entry (or a
 * subcommand of it) reads operands and may read them recursively.
 */
export const TREE_READERS: ReadonlySet<string> = namesWhere(mayReadTrees);
