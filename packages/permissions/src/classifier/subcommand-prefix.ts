/**
 * The argv prefix an "always allow" answer may turn into a prefix rule (`Bash(git log:*)`)
 * for a READ-ONLY command. Policy:
 * - interpreters and wrappers (`python`, `sudo`, `env`, `xargs`, …): none (exact rule only);
 * - `git SUB` → `['git', SUB]`; `git stash|remote|reflog|worktree VERB` → three words;
 *   bare `git`, git global options before the subcommand, `git config`, `git branch`,
 *   `git tag` (a prefix would cover their writing forms) → none;
 * - tools with subcommands (`npm test` → `['npm','test']`, `npm run build` →
 *   `['npm','run','build']`, `gh pr list` → three words); their code-running subcommands
 *   (`npm exec`, `pnpm dlx`, `go run`, `docker run|exec|build`, `kubectl exec|apply`, …: the
 *   command table's `RUNS_CODE_SUBCOMMANDS`) → none, nor for one whose operands decide
 *   whether it writes (`git branch NAME`, `git config NAME VALUE`: a check of `table-checks.ts`);
 * - an option where the subcommand should be (`docker --version`) → none;
 * - any other command → its command word (`ls -la` → `['ls']`).
 */
import { RUNS_CODE_SUBCOMMANDS } from '../commands';
import { commandWordBasename } from '../shell/command-word';
import { isInterpreterOrWrapperName } from './interpreters';
import { TABLE_CHECKS } from './table-checks';

const SUBCOMMAND_TOOLS = new Set([
  'npm',
  'pnpm',
  'yarn',
  'cargo',
  'go',
  'docker',
  'podman',
  'kubectl',
  'helm',
  'apt',
  'apt-get',
  'brew',
  'pip',
  'pip3',
  'poetry',
  'uv',
  'terraform',
  'systemctl',
  'rustup',
  'dotnet',
  'gh',
  'aws',
  'az',
  'git',
]);
const TWO_LEVEL = new Set(['gh', 'aws', 'az']);
const RUN_SCRIPT = new Set(['npm', 'pnpm', 'yarn']);
const GIT_VERB_SUBCOMMANDS = new Set(['stash', 'remote', 'reflog', 'worktree']);

const isWord = (value: string | undefined): value is string =>
  value !== undefined && value !== '' && !value.startsWith('-');

/**
 * Returns the prefix for a proposed prefix rule, or `undefined` when only an exact rule is
 * safe.
 *
 * @example
 * subcommandPrefix(['git', 'log', '-5']); // ['git', 'log']
 * subcommandPrefix(['ls', '-la']); // ['ls']
 * subcommandPrefix(['python3', '-c', 'print(1)']); // undefined
 */
export function subcommandPrefix(argv: readonly string[]): string[] | undefined {
  const command = argv[0];
  if (command === undefined || command === '') return undefined;
  const base = commandWordBasename(command);
  if (isInterpreterOrWrapperName(base)) return undefined;
  // A tool with a subcommand that runs code (`op run`, `direnv exec`) gets no prefix of its
  // word alone: its other subcommands are prefixes of their own.
  const running = RUNS_CODE_SUBCOMMANDS.get(base);
  if (!SUBCOMMAND_TOOLS.has(base) && running === undefined) return [command];
  const sub = argv[1];
  if (!isWord(sub)) return undefined;
  if (running?.has(sub)) return undefined;
  if (base === 'git' && GIT_VERB_SUBCOMMANDS.has(sub)) {
    const verb = argv[2];
    return isWord(verb) ? [command, sub, verb] : undefined;
  }
  // A verb or operand count makes it write (`git branch NAME`, `git tag NAME`, `git config
  // NAME VALUE`): a prefix up to it would cover those forms, which a rule naming the
  // subcommand means to allow.
  if (TABLE_CHECKS.has(`${base} ${sub}`)) return undefined;
  if (RUN_SCRIPT.has(base) && (sub === 'run' || sub === 'run-script')) {
    const script = argv[2];
    return isWord(script) ? [command, sub, script] : undefined;
  }
  if (TWO_LEVEL.has(base)) {
    const verb = argv[2];
    return isWord(verb) ? [command, sub, verb] : undefined;
  }
  return [command, sub];
}
