/**
 * What the table says of the words of a runner — a command that runs another one given in its
 * later words (`ssh host rm`, `docker exec c rm`, `tmux new rm`): a deny rule is matched at every
 * later word (`engine/hidden-commands.ts`), except where every reading says no command can be.
 */
import type { Reading, WordKind } from './read-argv';

/**
 * True when every reading reaches a subcommand that runs no command of its words
 * (`runsNoCommand`: `docker logs c`, `docker image rm x`, `kubectl -n x get pod rm`). A
 * subcommand the table does not know, or an unlisted option that may have taken the
 * subcommand's place as its value, may run one.
 */
export function runsNoCommand(readings: readonly Reading[]): boolean {
  if (readings.length === 0) return false;
  for (const reading of readings) {
    let quiet = false;
    for (let level = 1; level < reading.facts.length; level++)
      if (reading.facts[level]!.fact.runsNoCommand === true) quiet = true;
    if (!quiet) return false;
  }
  return true;
}

/** Kinds of words no runner runs: a known subcommand, or an option's value of a role that is no command. */
const NAMES_NO_COMMAND: ReadonlySet<WordKind> = new Set<WordKind>([
  'subcommand',
  'name',
  'value',
  'read',
  'write',
  'remove',
  'chdir',
  'pattern',
  'uses',
  'meta',
  'certificate',
]);

/**
 * Indexes of `argv` that no reading runs as a command: in every reading a known subcommand's
 * word (`docker image rm x`: `image`, `rm`) or an option's value that names no command (`tmux
 * new -s rm`, `screen -dmS curl`, `nix-shell -p curl`, `docker --context rm ps`). Undefined when
 * there is none. A word read as `unknown` by some reading (an unlisted option may or may not
 * have taken it) may be the command.
 */
export function wordsNamingNoCommand(
  readings: readonly Reading[],
  argv: readonly string[],
): Set<number> | undefined {
  let found: Set<number> | undefined;
  for (let index = 1; index < argv.length; index++) {
    let names = readings.length > 0;
    for (const reading of readings) {
      const kind = reading.kinds[index];
      if (
        kind === undefined ||
        !NAMES_NO_COMMAND.has(kind) ||
        (kind === 'subcommand' && reading.unknownSubcommand === argv[index])
      ) {
        names = false;
        break;
      }
    }
    if (names) (found ??= new Set()).add(index);
  }
  return found;
}
