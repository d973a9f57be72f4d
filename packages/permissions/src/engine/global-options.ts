/**
 * Global options before a subcommand: `git -C /repo push`, `npm --prefix x publish`,
 * `docker --context prod rm c`, `kubectl -n prod delete pod x`. A deny or ask rule names the
 * subcommand right after the tool (`Bash(git push:*)`); these options would slip between the
 * two. For restricting rules the command is therefore also matched with its leading options
 * taken out — every reading of them: an option this table does not know may or may not take
 * the next word as its value, so both are tried (a deny rule errs towards matching).
 */
import { commandBasename } from '../rules/match-command-rule';

/**
 * Per tool: the global options that take the NEXT word as their value (`-C dir`). A map, not
 * an object: looking a fresh string up as a property name costs a string-table lookup first.
 */
const VALUE_OPTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [
    'git',
    new Set([
      '-C',
      '-c',
      '--git-dir',
      '--work-tree',
      '--namespace',
      '--super-prefix',
      '--config-env',
      '--attr-source',
    ]),
  ],
  [
    'npm',
    new Set(['--prefix', '-C', '--workspace', '-w', '--loglevel', '--registry', '--cache', '--userconfig']),
  ],
  ['pnpm', new Set(['--dir', '-C', '--filter', '-F', '--workspace', '-w', '--loglevel', '--registry'])],
  ['yarn', new Set(['--cwd', '--registry', '--cache-folder', '--modules-folder'])],
  [
    'docker',
    new Set([
      '--context',
      '-c',
      '--host',
      '-H',
      '--config',
      '--log-level',
      '-l',
      '--tlscacert',
      '--tlscert',
      '--tlskey',
    ]),
  ],
  [
    'podman',
    new Set([
      '--context',
      '-c',
      '--host',
      '-H',
      '--url',
      '--connection',
      '--log-level',
      '--root',
      '--runroot',
    ]),
  ],
  [
    'kubectl',
    new Set([
      '-n',
      '--namespace',
      '--context',
      '--cluster',
      '--user',
      '--kubeconfig',
      '-s',
      '--server',
      '--token',
      '--as',
      '--as-group',
      '--request-timeout',
    ]),
  ],
  [
    'helm',
    new Set([
      '-n',
      '--namespace',
      '--kube-context',
      '--kubeconfig',
      '--registry-config',
      '--repository-config',
    ]),
  ],
  ['cargo', new Set(['-C', '--config', '-Z', '--color'])],
  ['go', new Set(['-C'])],
  ['systemctl', new Set(['-H', '--host', '-M', '--machine'])],
  ['terraform', new Set([])],
  ['gh', new Set(['-R', '--repo'])],
]);

/** An option word (`-x`, `--long`, `--long=value`); `+toolchain` for cargo/rustup too. */
function isOption(word: string, tool: string): boolean {
  return (
    (word.length > 1 && word.charCodeAt(0) === 0x2d) ||
    ((tool === 'cargo' || tool === 'rustup') && word.startsWith('+'))
  );
}

/** The answer for most commands, shared (callers only read it). */
const NO_FORMS: readonly string[][] = Object.freeze([]);

/**
 * The argv forms `[tool, subcommand, ...]` with the global options after `argv[offset]`
 * removed, or none when there are none to remove (or the tool is not in the table). A known
 * value option (`-C dir`) takes its value with it; an unknown one is tried both ways.
 */
export function withoutGlobalOptions(argv: readonly string[], offset = 0): readonly string[][] {
  const head = argv[offset];
  const next = argv[offset + 1];
  // Every option word starts with `-` or `+` (see `isOption`): most commands stop here.
  if (head === undefined || next === undefined) return NO_FORMS;
  const start = next.charCodeAt(0);
  if (start !== 0x2d && start !== 0x2b) return NO_FORMS;
  const tool = commandBasename(head);
  const values = VALUE_OPTIONS.get(tool);
  if (values === undefined || !isOption(next, tool)) return NO_FORMS;
  const forms: string[][] = [];
  const seen = new Set<number>();
  // Each position where the subcommand may start, found by walking the options.
  const walk = (from: number, budget: number): void => {
    let index = from;
    while (index < argv.length && isOption(argv[index]!, tool)) {
      const word = argv[index]!;
      if (values.has(word)) {
        index += 2; // `-C dir`
      } else if (word.includes('=') || (!word.startsWith('--') && word.length > 2) || budget === 0) {
        index += 1; // `--git-dir=x`, `-C/dir` or `-vq`, or out of guesses
      } else {
        // `-x` or `--long`: a flag, or an option whose value is the next word. Try both.
        walk(index + 2, budget - 1);
        index += 1;
      }
    }
    if (index < argv.length && !seen.has(index)) {
      seen.add(index);
      forms.push([head, ...argv.slice(index)]);
    }
  };
  walk(offset + 1, 3);
  return forms;
}
