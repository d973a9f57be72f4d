/**
 * `git`: global options first (see git-global), then the subcommand. Only read-only
 * subcommands are allowlisted; an unknown subcommand (possibly a user alias, which may be
 * `!shell`) is 'unknown'. Multi-verb subcommands are read-only in their listing forms:
 * `stash list|show`, `remote [-v] | show -n | get-url`, `reflog [show|exists]`,
 * `worktree list`, `config --get…|--list|get|list|NAME`. A writing verb (`stash pop`,
 * `remote add`) is not reported as a `flag`: it is a subcommand, which a user's prefix rule
 * naming the subcommand (`Bash(git remote:*)`) means to cover.
 */
import type { ShellWord } from '../../shell/types';
import { defineSpec } from '../define-spec';
import { isParseFailure, parseOptions } from '../parse-options';
import type { ClassificationResult, CommandSpec } from '../types';
import { classifyWithSpec, dangerousOption, mutating, readOnly, unknown } from '../verdict';
import { readGitGlobalOptions } from './git-global';
import { GIT_SUBCOMMAND_SPECS } from './git-subcommands';

const listing = defineSpec({ harmlessOptions: true });
const stashShow = GIT_SUBCOMMAND_SPECS.get('show')!;
const logSpec = GIT_SUBCOMMAND_SPECS.get('log')!;

const configSpec = defineSpec({
  short: 'lzef:',
  long:
    'get get-all get-regexp get-urlmatch get-color get-colorbool list global system local worktree file= blob= ' +
    'show-origin show-scope name-only null includes no-includes type= bool int bool-or-int path expiry-date ' +
    'default= fixed-value add replace-all unset unset-all rename-section remove-section edit all regexp= value= url=',
  danger: {
    '--add': 'write',
    '--replace-all': 'write',
    '--unset': 'write',
    '--unset-all': 'write',
    '--rename-section': 'write',
    '--remove-section': 'write',
    '-e': 'exec',
    '--edit': 'exec',
  },
});
const CONFIG_READ_ACTIONS = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '--list',
  '-l',
]);
const CONFIG_WRITE_VERBS = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);

function classifyConfig(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  const verb = args[0];
  if (verb === 'get' || verb === 'list') {
    return classifyWithSpec(`git config ${verb}`, configSpec, args.slice(1), words?.slice(1));
  }
  if (verb !== undefined && CONFIG_WRITE_VERBS.has(verb)) {
    return mutating(`git config ${verb} changes configuration`);
  }
  const parsed = parseOptions(configSpec, args, words);
  if (isParseFailure(parsed)) return unknown(`git config: ${parsed.failure}`, parsed.flag);
  const danger = dangerousOption('git config', parsed);
  if (danger) return danger;
  if (parsed.options.some((option) => CONFIG_READ_ACTIONS.has(option.def.name))) {
    return readOnly('git config with a read action only reads');
  }
  if (parsed.positionals.length === 1) return readOnly('git config NAME only reads the value');
  if (parsed.positionals.length === 0) return unknown('git config without an action');
  return mutating('git config NAME VALUE sets configuration', parsed.positionals[1]);
}

function classifyVerbSubcommand(
  name: string,
  args: readonly string[],
  words: readonly ShellWord[] | undefined,
  readVerbs: string[],
  implicitRead: boolean,
): ClassificationResult {
  const verbIndex = args.findIndex((arg) => !arg.startsWith('-'));
  // `git reflog [show]` is `git log -g`: it takes log's options, `--output=FILE` included,
  // and with an option first the rest are revisions, so `--output=x exists` still writes.
  if (name === 'reflog' && (verbIndex !== 0 || args[0] === 'show')) {
    const rest = verbIndex === 0 ? 1 : 0;
    return classifyWithSpec('git reflog', logSpec, args.slice(rest), words?.slice(rest));
  }
  if (verbIndex === -1) {
    if (!implicitRead) return mutating(`git ${name} without a verb changes state`);
    return classifyWithSpec(`git ${name}`, listing, args, words);
  }
  const verb = args[verbIndex]!;
  if (!readVerbs.includes(verb)) return mutating(`git ${name} ${verb} changes state`);
  // `git stash -- list` is `git stash push -- list`: an option first means an assumed push.
  if (name === 'stash' && verbIndex > 0) return mutating('git stash with an option first pushes a stash');
  // `git remote show NAME` asks the remote for its branches (network, credential helpers,
  // core.sshCommand) unless `-n` keeps it to what is cached locally.
  if (name === 'remote' && verb === 'show' && !args.includes('-n', verbIndex + 1)) {
    return unknown('git remote show without -n queries the remote over the network', verb);
  }
  if (name === 'stash') {
    // `stash list` passes its options to `git log`, `--output=FILE` included.
    return classifyWithSpec(
      `git stash ${verb}`,
      verb === 'show' ? stashShow : logSpec,
      args.slice(verbIndex + 1),
      words?.slice(verbIndex + 1),
    );
  }
  return classifyWithSpec(
    `git ${name} ${verb}`,
    listing,
    args.slice(verbIndex + 1),
    words?.slice(verbIndex + 1),
  );
}

/** A subcommand's option table, with its name and read-only reason spelled out once. */
interface Subcommand {
  spec: CommandSpec;
  command: string;
  readReason: string;
}

const SUBCOMMANDS = new Map<string, Subcommand>();
for (const [sub, spec] of GIT_SUBCOMMAND_SPECS) {
  SUBCOMMANDS.set(sub, {
    spec,
    command: `git ${sub}`,
    readReason: `git ${sub} only reads with these options`,
  });
}

/** Classifies `git ARGS…`. */
export function classifyGit(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  return classifyGitFrom(args, words, 0);
}

/**
 * `classifyGit` of `args` from index `start` (`words` aligned with `args`): a caller holding
 * the whole argv passes 1 rather than copy its tail.
 */
export function classifyGitFrom(
  args: readonly string[],
  words: readonly ShellWord[] | undefined,
  start: number,
): ClassificationResult {
  const index = readGitGlobalOptions(args, words, start);
  if (typeof index !== 'number') return index;
  const sub = args[index];
  if (sub === undefined) return readOnly('git with no subcommand only prints');
  const known = SUBCOMMANDS.get(sub);
  if (known) return classifyWithSpec(known.command, known.spec, args, words, index + 1, known.readReason);
  const rest = args.slice(index + 1);
  const restWords = words?.slice(index + 1);
  switch (sub) {
    case 'config':
      return classifyConfig(rest, restWords);
    case 'stash':
      return classifyVerbSubcommand('stash', rest, restWords, ['list', 'show'], false);
    case 'remote':
      return classifyVerbSubcommand('remote', rest, restWords, ['show', 'get-url'], true);
    case 'reflog':
      return classifyVerbSubcommand('reflog', rest, restWords, ['show', 'exists'], true);
    case 'worktree':
      return classifyVerbSubcommand('worktree', rest, restWords, ['list'], false);
    default:
      return unknown(`git ${sub} is not a known read-only git subcommand`, sub);
  }
}
