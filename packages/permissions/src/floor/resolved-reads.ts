/**
 * The floor's secret check on resolved paths: each path a command reads — operands, option
 * values (`--files0-from=F`), `@FILE`, read redirects — and each tree it reads recursively,
 * resolved against the directory the command runs in (the call's `cwd`, any `cd`/`pushd`
 * earlier in the line, `env -C`, `git -C`, `tar -C`), with `~`, `~user`, `$HOME` expanded,
 * then asked of the secret model. With `cwd` = `~/.aws`, `cat credentials` reads
 * `~/.aws/credentials`; `cd ~/.kube && cat config` reads `~/.kube/config`.
 *
 * Bash scopes a `cd` to its subshell; here every directory a `cd` may have reached stays
 * possible for the rest of the line (a superset: `(cd ~/.ssh); cat config` is checked in
 * both), except in the `&&` chain right after it, which runs only where the `cd` succeeded
 * (`cd /repo && cat .npmrc` from `~` reads `/repo/.npmrc` alone). A directory that cannot be
 * known (`cd -`, `pushd +1`) makes the line opaque.
 *
 * The word-by-word check (secret-reads.ts) still runs first: it needs no directory.
 */

import {
  atAnyLevel,
  DIRECTORY_CHANGERS,
  directoryChanges,
  namesWhere,
  type Reading,
  readCommand,
  STACK_DIRECTORY_NAMES,
} from '../commands';
import { canonicalHost, hostsInText, worstHost } from '../network/network-targets';
import type { ProtectedClass } from '../protected/protected-catalogue';
import type { ProtectedPathModel } from '../protected/protected-paths';
import { writtenPaths } from '../protected/written-paths';
import { changedDirectory, resolvePath } from '../secrets/resolve-path';
import { mentionsSecretFragment } from '../secrets/secret-fragments';
import type { SecretModel } from '../secrets/secret-model';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';
import { inlinePrograms, interpreterFamily } from './interpreter-code';
import { JQ_FAMILY, jqProgramFiles, jqSearchDirs } from './pattern-positions';
import { TREE_READERS, treeReadOf } from './tree-reads';
import type { FloorViolation } from './types';
import { wordRoles } from './word-roles';

/**
 * A command that writes a persistence path (or names a protected path while it may write:
 * `mention`) or reaches a restricted host, with the path or host: no broad rule allows it.
 */
export interface GuardedWrite {
  command: SimpleCommand;
  detail: string;
  mention: boolean;
  why: string;
}

/** The words a command may write for all the table can tell, and the directories it runs in. */
interface Mentions {
  command: SimpleCommand;
  words: readonly string[];
  dirs: readonly string[];
}

/** At most this many possible working directories are followed; more make the line opaque. */
const MAX_DIRECTORIES = 16;

/**
 * The files `argv`'s options read, as the command table reads them, in any reading (the union):
 * values with the role `read` (`du --files0-from=F`, `tar -T F`, `rsync --exclude-from F`,
 * `file -f F`) and the second word of a pair that reads (`jq --rawfile NAME F`), each with the
 * words that name it. They are checked even where the command's operands are no reads: `du`
 * and `wc` print no content, but print these files' lines back in their messages.
 */
function optionReads(
  readings: readonly Reading[] | undefined,
  argv: readonly string[],
): { file: string; detail: string }[] | undefined {
  let found: { file: string; detail: string }[] | undefined;
  for (const reading of readings ?? []) {
    for (const option of reading.options) {
      const def = option.def;
      if (def === undefined || option.value === undefined) continue;
      const word = argv[option.index]!;
      if (def.role === 'read') {
        const detail = option.valueIndex === option.index ? word : `${word} ${option.value}`;
        (found ??= []).push({ file: option.value, detail });
      }
      const at = option.valueIndex! + 1;
      if (def.second === 'read' && reading.kinds[at] === 'read')
        (found ??= []).push({ file: argv[at]!, detail: `${word} ${option.value} ${argv[at]}` });
    }
  }
  return found;
}

/** A remote resource (`file://` is a local path and stays checked). */
const URL = /^(?!file:)[a-z][a-z0-9+.-]*:\/\//i;

const violation = (detail: string, tree: boolean): FloorViolation => ({
  check: 'secret-read',
  reason: tree
    ? `${detail} is a directory that holds secrets (keys, tokens, credentials, histories); reading it recursively is never allowed. Search or copy a narrower directory that holds none.`
    : `${detail} names a file that holds secrets (keys, tokens, credentials); reading it is never allowed. Use a template such as .env.example, or ask the user for the specific non-secret value.`,
  detail,
});

const PERSISTENCE_WHY =
  'makes code run later (git hooks and config, shell start-up files, scheduled jobs, editor tasks, MCP clients); no broad rule allows writing it';

const ABOVE_POLICY_WHY =
  'holds permission policy further down (project or user settings, hook registrations): removing or moving it takes them along; no broad rule allows it';

/** Commands that connect to the hosts their words name (the command table's `reachesHosts`). */
const HOST_COMMANDS: ReadonlySet<string> = namesWhere((fact) => fact.reachesHosts !== undefined);
/** Of those, the ones for which `:PORT/PATH` is a URL on localhost (httpie, xh). */
const LOCALHOST_SHORTHAND: ReadonlySet<string> = namesWhere(
  (fact) => fact.reachesHosts === 'localhost-shorthand',
);

/**
 * Commands with an option whose value is a directory the command works in (`git -C`, `make -C`,
 * `tar -C`, `npm --prefix`, `env -C`): the command table's `chdir` role.
 */
const CHDIR_NAMES: ReadonlySet<string> = namesWhere(
  atAnyLevel((fact) => Object.values(fact.values ?? {}).includes('chdir')),
);

/**
 * The hosts `command` reaches: the URL and host operands of a network command (all its
 * words: `--resolve`, `--connect-to` values too), `/dev/tcp/HOST/PORT` redirects, and the
 * URLs and addresses an interpreter's inline program spells. Undefined when it names none.
 */
function networkHosts(command: SimpleCommand, name: string): string[] | undefined {
  let hosts: string[] | undefined;
  for (const redirect of command.redirects) {
    const match = /^\/dev\/(?:tcp|udp)\/([^/]+)\//.exec(redirect.target);
    if (match) (hosts ??= []).push(canonicalHost(match[1]!) ?? match[1]!);
  }
  const argv = command.unwrapped.argv;
  if (HOST_COMMANDS.has(name)) {
    for (let i = 1; i < argv.length; i++) {
      const word = argv[i]!;
      // httpie: `:3000/x` is localhost.
      if (word.startsWith(':') && LOCALHOST_SHORTHAND.has(name)) (hosts ??= []).push('localhost');
      const found = hostsInText(word, true);
      if (found.length > 0) (hosts ??= []).push(...found);
    }
    return hosts;
  }
  if (interpreterFamily(name) !== undefined) {
    for (const { code } of inlinePrograms(argv, name)) {
      const found = hostsInText(code, false);
      if (found.length > 0) (hosts ??= []).push(...found);
    }
  }
  return hosts;
}

const protectedViolation = (detail: string): FloorViolation => ({
  check: 'protected-write',
  reason: `${detail} holds permission policy (the agent's rules or its hook registration); no command may write, move or remove it. Ask the user to change it themselves.`,
  detail,
});

/** The directory list of a command whose directory is not known: paths are taken as written. */
const NO_DIRECTORY: readonly string[] = [''];

/** Per model, whether a directory is hinted (see `ResolvedReads.hint`); bounded. */
const HINTS = new WeakMap<SecretModel, Map<string, boolean>>();

/** Where an evaluation starts: its directory resolved, whether it is hinted, and the home's shape. */
interface Start {
  cwd: string | undefined;
  model: SecretModel;
  dir: string;
  hinted: boolean;
  customHome: boolean;
  /** `[dir]`, or none when it is not known (see `ProtectedPathModel.removesPolicyBelow`). */
  projectDirs: readonly string[];
}

/** The last start worked out: a host passes the same `cwd` and model call after call. */
let lastStart: Start | undefined;

/**
 * True when, in directories that are not hinted, some word of `command` may resolve to a
 * secret the word-by-word check (secret-reads.ts, which reads the same words without a
 * directory) cannot see: it spells a fragment and climbs out of its directory (`..`), or
 * starts at a home the catalogue does not know by shape (`customHome`: `~`, `$HOME` or an
 * absolute path under it), or names `$PWD`/`/proc/PID/root`; or the command table reads a file
 * from one of its options (`--files0-from=F`: see `optionReads`); or the command is jq/yq (files
 * in its program). Otherwise a path resolved there is the word itself, below a directory that
 * neither is nor leads to a secret location, and that check has already judged it.
 */
function mayResolveToSecret(
  command: SimpleCommand,
  name: string,
  customHome: boolean,
  readings: readonly Reading[] | undefined,
): boolean {
  if (JQ_FAMILY.has(name)) return true;
  if (optionReads(readings, command.unwrapped.argv) !== undefined) return true;
  const argv = command.argv;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (resolvesElsewhere(word, customHome) && mentionsSecretFragment(word)) return true;
  }
  const redirects = command.redirects;
  for (let i = 0; i < redirects.length; i++) {
    const target = redirects[i]!.target;
    if (redirects[i]!.read && resolvesElsewhere(target, customHome) && mentionsSecretFragment(target))
      return true;
  }
  return false;
}

/** See `mayResolveToSecret`. */
function resolvesElsewhere(word: string, customHome: boolean): boolean {
  if (word.includes('..') || word.includes('PWD') || word.includes('/proc/')) return true;
  if (word.startsWith('~') && !/^~(?:\/|$)/.test(word)) return true;
  return customHome && (word.includes('/') || word.startsWith('~') || word.startsWith('$'));
}

/** A home directory the catalogue knows by shape (`/home/NAME`, `/Users/NAME`, `/root`). */
const KNOWN_HOME = /^\/(?:home|Users)\/[^/]+$|^\/root$/;

/** The possible working directories of a command line, followed command by command. */
export class ResolvedReads {
  /** Absolute directories, or `''` / relative ones when the call's own directory is not known. */
  private readonly dirs: string[];
  /** Per directory: a relative path there may resolve to a secret without spelling a fragment. */
  private readonly hinted: boolean[];
  /** The directories of the `&&` chain after the last `cd`, with their hints (see above). */
  private chain: { dirs: string[]; hinted: boolean[] } | undefined = undefined;
  private lastEnd = 0;
  /** The call's own directory, resolved, in a list (empty when not known): where project settings live. */
  private readonly projectDirs: readonly string[];
  /** The home directory is not one the catalogue knows by shape (see `mayResolveToSecret`). */
  private readonly customHome: boolean;
  /** `dirs` and `hinted` together (what `check` reads when no chain applies). */
  private readonly all: { dirs: string[]; hinted: boolean[] };
  private lastDepth = -1;
  /** A `cd` went somewhere that cannot be known (`cd -`): later reads cannot be resolved. */
  private unknownDirectory = false;
  /**
   * Per directory, whether it may name a protected path (see `namesProtected`); made by the
   * first command that writes (most evaluations have none).
   */
  private protectedDirs: Map<string, boolean> | undefined = undefined;
  /** A command that names paths runs after such a `cd`: the line is opaque. */
  unresolved = false;
  /** Some command reads a tree that may hold secrets (not one that skips hidden files). */
  readsTree = false;
  /**
   * Commands that write a persistence path or reach a restricted host, with the path or host
   * (no broad rule allows them), in the order found; and the words each command may write for
   * all the table can tell (`mentions`), with the directories it runs in, judged only if asked
   * (see `firstGuard`).
   */
  private guards: (GuardedWrite | Mentions)[] | undefined = undefined;

  constructor(
    cwd: string | undefined,
    private readonly model: SecretModel,
    /** The command line (its commands' offsets point into it); without it no chain is followed. */
    private readonly source: string | undefined = undefined,
    /** The protected-path model writes are checked against (none: writes are not checked). */
    private readonly protectedPaths: ProtectedPathModel | undefined = undefined,
  ) {
    this.dirs = [];
    this.hinted = [];
    this.all = { dirs: this.dirs, hinted: this.hinted };
    let start = lastStart;
    if (start === undefined || start.cwd !== cwd || start.model !== model) {
      const dir = cwd === undefined || cwd === '' ? '' : (resolvePath(cwd, '/', model.homeDir) ?? '');
      start = {
        cwd,
        model,
        dir,
        hinted: this.hint(dir),
        customHome: !KNOWN_HOME.test(model.homeDir),
        projectDirs: dir === '' ? [] : [dir],
      };
      lastStart = start;
    }
    this.customHome = start.customHome;
    this.projectDirs = start.projectDirs;
    this.dirs.push(start.dir);
    this.hinted.push(start.hinted);
  }

  private hint(dir: string): boolean {
    if (this.model.extraPaths.length > 0) return true;
    if (dir === '') return false;
    // One answer per model and directory: most evaluations run in the same few.
    let known = HINTS.get(this.model);
    if (known === undefined) HINTS.set(this.model, (known = new Map()));
    let hinted = known.get(dir);
    if (hinted === undefined) {
      hinted = mentionsSecretFragment(dir) || this.model.treeHoldsSecret(dir);
      if (known.size >= 256) known.clear();
      known.set(dir, hinted);
    }
    return hinted;
  }

  private add(dir: string, hinted: boolean): void {
    if (this.dirs.includes(dir)) return;
    if (this.dirs.length >= MAX_DIRECTORIES) {
      this.unknownDirectory = true;
      return;
    }
    this.dirs.push(dir);
    this.hinted.push(hinted);
  }

  /** Checks `command`'s reads, then follows its directory change (if any). */
  check(command: SimpleCommand): FloorViolation | undefined {
    if (this.chain !== undefined) {
      const between = this.source?.slice(this.lastEnd, command.start).trim();
      if (command.depth !== this.lastDepth || between !== '&&') this.chain = undefined;
    }
    this.lastEnd = command.end;
    this.lastDepth = command.depth;
    const inner = command.unwrapped.argv;
    const head = inner[0];
    // The most common command in long inputs: a bare `echo`/`printf` with no redirect reads
    // nothing (its words are data) and changes no directory.
    if (
      (head === 'echo' || head === 'printf') &&
      command.redirects.length === 0 &&
      inner === command.argv &&
      !this.unknownDirectory
    )
      return undefined;
    const name = head === undefined ? '' : commandWordBasename(head);
    const current = this.chain ?? this.all;
    if (this.unknownDirectory && (inner.length > 1 || command.redirects.length > 0)) this.unresolved = true;
    // The command table's readings of the command, read once for every check below.
    const readings = name === '' ? undefined : readCommand(inner, 0, name);
    // Where the command runs (its own `-C DIR`, a wrapper's `--chdir`): read once, for its reads
    // and its writes alike.
    const where = this.commandDirs(command, name, current, readings);
    const found =
      this.checkReads(command, name, where, readings) ??
      this.checkWrites(command, name, where.dirs, readings) ??
      this.checkNetwork(command, name);
    if (DIRECTORY_CHANGERS.has(name)) this.follow(inner, name, current.dirs);
    // `popd` goes back to a directory of the stack, which is not followed: the `&&` chain after
    // it may run anywhere the line has been.
    else if (STACK_DIRECTORY_NAMES.has(name)) this.chain = undefined;
    return found;
  }

  /**
   * The network floor (network/network-targets.ts): a command that reaches a cloud metadata
   * host is a floor violation; one that reaches a loopback or private host is remembered in
   * `guardedWrites` (only an exact rule allows it).
   */
  private checkNetwork(command: SimpleCommand, name: string): FloorViolation | undefined {
    const hosts = networkHosts(command, name);
    if (hosts === undefined) return undefined;
    const worst = worstHost(hosts);
    if (worst === undefined) return undefined;
    if (worst.level === 'metadata') {
      return {
        check: 'network-target',
        reason: `${worst.reason}; no command may reach it. Fetch a public URL instead.`,
        detail: worst.host,
      };
    }
    (this.guards ??= []).push({
      command,
      detail: worst.host,
      mention: false,
      why: `${worst.reason}; no broad rule allows reaching it, only a rule naming the host`,
    });
    return undefined;
  }

  /**
   * The protected-path check on what `command` writes (protected/written-paths.ts), resolved
   * in the directories it runs in: a policy file written, moved or removed is a floor
   * violation; a persistence path is remembered in the guards, and the words it may write
   * for all the table can tell are kept there to be judged when asked (`firstGuard`).
   */
  private checkWrites(
    command: SimpleCommand,
    name: string,
    where: readonly string[],
    readings: readonly Reading[] | undefined,
  ): FloorViolation | undefined {
    const model = this.protectedPaths;
    if (model === undefined) return undefined;
    const written = writtenPaths(command, name, readings);
    const dirs = where.length === 0 ? NO_DIRECTORY : where;
    if (written.writes.length + written.removes.length + written.trees.length > 0) {
      const anyHint = dirs.some((dir) => this.namesProtected(model, dir));
      for (const word of written.writes) {
        const protection = this.protection(model, word, false, dirs, anyHint);
        if (protection === 'policy') return protectedViolation(word);
        if (protection === 'persistence') this.guard(command, word, false, PERSISTENCE_WHY);
      }
      // `cp -r x .claude`, `git restore .claude`: a tree written where a policy file is.
      for (const word of written.trees) {
        const protection = this.protection(model, word, true, dirs, anyHint);
        if (protection === 'policy') return protectedViolation(word);
        if (protection === 'persistence') this.guard(command, word, false, PERSISTENCE_WHY);
      }
      // `cp -r x/. /repo`: a tree's contents copied into a directory above the settings.
      for (const word of written.contentsInto)
        if (this.removesPolicyBelow(model, word, dirs)) this.guard(command, word, false, ABOVE_POLICY_WHY);
      for (const word of written.removes) {
        const protection = this.protection(model, word, true, dirs, anyHint);
        if (protection === 'policy') return protectedViolation(word);
        if (protection === 'persistence') this.guard(command, word, false, PERSISTENCE_WHY);
        // `rm -rf /repo`, `mv ~ x`: a directory above the settings, whatever its name spells.
        else if (this.removesPolicyBelow(model, word, dirs))
          this.guard(command, word, false, ABOVE_POLICY_WHY);
      }
    }
    // After its writes (the first guard found is the one a reason names). A copy: `dirs` may be
    // the list `add` extends.
    if (written.mentions.length > 0)
      (this.guards ??= []).push({ command, words: written.mentions, dirs: dirs.slice() });
    return undefined;
  }

  /**
   * The first guard that counts, in the order found: a persistence path written or a
   * restricted host reached, or a protected path a command names while `mayWrite` says it may
   * write it (the classifier does not find it read-only). A command's mentions are compared
   * with the protected catalogue here, only for a command `mayWrite` accepts, and only when
   * a decision gets this far (no floor, deny or ask rule has decided).
   */
  firstGuard(mayWrite: (command: SimpleCommand) => boolean): GuardedWrite | undefined {
    const guards = this.guards;
    const model = this.protectedPaths;
    if (guards === undefined) return undefined;
    for (const guard of guards) {
      if (!('words' in guard)) return guard;
      if (model === undefined || !mayWrite(guard.command)) continue;
      const { command, words, dirs } = guard;
      const anyHint = dirs.some((dir) => this.namesProtected(model, dir));
      for (const word of words) {
        if (this.protection(model, word, true, dirs, anyHint) !== undefined)
          return { command, detail: word, mention: true, why: `${word} ${PERSISTENCE_WHY}` };
      }
    }
    return undefined;
  }

  /**
   * Whether a directory may name a protected path (`ProtectedPathModel.mayName`): one answer per
   * directory and evaluation, whatever number of commands run there.
   */
  private namesProtected(model: ProtectedPathModel, dir: string): boolean {
    const known = (this.protectedDirs ??= new Map());
    let names = known.get(dir);
    if (names === undefined) {
      names = model.mayName(dir);
      known.set(dir, names);
    }
    return names;
  }

  /**
   * How `word`, written (or removed: `removal`) by a command running in `dirs`, is protected:
   * `policy` in any of them first.
   */
  private protection(
    model: ProtectedPathModel,
    word: string,
    removal: boolean,
    dirs: readonly string[],
    anyHint: boolean,
  ): ProtectedClass | undefined {
    if (word === '' || (!anyHint && !model.mayName(word))) return undefined;
    let found: ProtectedClass | undefined;
    for (const dir of dirs) {
      const resolved =
        resolvePath(word, dir, this.model.homeDir) ?? (word.startsWith('$') ? undefined : word);
      if (resolved === undefined) continue;
      const protection = removal ? model.classifyRemoval(resolved) : model.classify(resolved);
      if (protection === 'policy') return protection;
      found ??= protection;
    }
    return found;
  }

  /** True when removing `word` in one of `dirs` takes policy files below it along. */
  private removesPolicyBelow(model: ProtectedPathModel, word: string, dirs: readonly string[]): boolean {
    if (word === '') return false;
    for (const dir of dirs) {
      const resolved = resolvePath(word, dir, this.model.homeDir);
      if (resolved !== undefined && model.removesPolicyBelow(resolved, this.projectDirs)) return true;
    }
    return false;
  }

  /** Remembers that `command` writes (or names: `mention`) `word`, which no broad rule allows. */
  private guard(command: SimpleCommand, word: string, mention: boolean, why: string): void {
    (this.guards ??= []).push({ command, detail: word, mention, why: `${word} ${why}` });
  }

  /**
   * Follows a directory change (`cd DIR`, `pushd DIR`: the table's `chdir` operand) from each
   * directory of `from`; one the table cannot read (an option it does not list) or that cannot
   * be known (`cd -`, `pushd +1`) makes later reads unresolved.
   */
  private follow(inner: readonly string[], name: string, from: readonly string[]): void {
    const change = directoryChanges(inner, name);
    if (change === undefined || change.unlisted) {
      this.unknownDirectory = true;
      this.chain = undefined;
      return;
    }
    // `pushd -n DIR` stays where it is.
    if (change.targets.length === 0) return;
    const chain: { dirs: string[]; hinted: boolean[] } = { dirs: [], hinted: [] };
    // A copy: `from` may be the list `add` extends.
    for (const dir of [...from]) {
      for (const target of change.targets) {
        const next = changedDirectory(target === -1 ? undefined : inner[target], dir, this.model.homeDir);
        if (next === undefined) {
          this.unknownDirectory = true;
          continue;
        }
        const hinted = this.hint(next);
        this.add(next, hinted);
        if (!chain.dirs.includes(next)) {
          chain.dirs.push(next);
          chain.hinted.push(hinted);
        }
      }
    }
    this.chain = this.source === undefined || chain.dirs.length === 0 ? undefined : chain;
  }

  /**
   * The directories `command` itself runs in: the `chdir` values of its wrappers (`env -C DIR`)
   * and of its own options before any subcommand (`git -C DIR`, `make -C DIR`, `tar -C DIR`),
   * as the command table reads them, in every reading — and, since some of those options only
   * move the operands after them (`tar -C`), the directories it started in as well: the floor
   * takes the union.
   */
  private commandDirs(
    command: SimpleCommand,
    name: string,
    current: { dirs: string[]; hinted: boolean[] },
    own: readonly Reading[] | undefined,
  ): { dirs: string[]; hinted: boolean[] } {
    const { argv, unwrapped } = command;
    // Wrapper words sit before the inner command in argv: `env -C DIR`, `sudo --chdir=DIR`,
    // read with the wrapper's entry (each wrapper the parser took off reads one way).
    const changes: string[] = [];
    const wrapperWords = argv.length - unwrapped.argv.length;
    for (let at = 0; at < wrapperWords; at++) {
      const wrapper = commandWordBasename(argv[at]!);
      if (!CHDIR_NAMES.has(wrapper)) continue;
      const reading = readCommand(argv, at, wrapper)?.[0];
      for (const option of reading?.options ?? [])
        if (option.def?.role === 'chdir' && option.value !== undefined && option.index < wrapperWords)
          changes.push(option.value);
    }
    const chains: string[][] = [changes];
    const readings = CHDIR_NAMES.has(name) ? own : undefined;
    if (readings !== undefined) {
      // Only a reading with a `chdir` option of its own adds a chain (most have none).
      let seen: Set<string> | undefined;
      for (const reading of readings) {
        let sub: number | undefined;
        let chain: string[] | undefined;
        for (const option of reading.options) {
          sub ??= reading.kinds.indexOf('subcommand');
          if (sub >= 0 && option.index > sub) break;
          if (option.def?.role === 'chdir' && option.value !== undefined)
            (chain ??= [...changes]).push(option.value);
        }
        if (chain === undefined) continue;
        const key = chain.join('\u0000');
        seen ??= new Set<string>([changes.join('\u0000')]);
        if (!seen.has(key)) {
          seen.add(key);
          chains.push(chain);
        }
      }
    }
    if (chains.every((chain) => chain.length === 0)) return current;
    const dirs: string[] = [];
    const hinted: boolean[] = [];
    for (const chain of chains) {
      for (let k = 0; k < current.dirs.length; k++) {
        let dir: string | undefined = current.dirs[k]!;
        for (const change of chain) {
          dir = dir === undefined ? undefined : resolvePath(change, dir, this.model.homeDir);
        }
        if (dir === undefined) continue;
        const place = dir === '.' ? '' : dir;
        if (dirs.includes(place)) continue;
        dirs.push(place);
        hinted.push(chain.length > 0 || current.hinted[k] === true);
      }
    }
    return { dirs, hinted };
  }

  /**
   * The files a jq/yq program reads (`import "m" as $m;`, `include "m";`, `load("f")`):
   * looked up as written, `.jq` and `.json`, in the working directory, the `-L` directories,
   * the directories of a module's `search` metadata and `~/.jq`.
   */
  private jqReads(
    command: SimpleCommand,
    dirs: readonly string[],
    offset: number,
    programs: { has(index: number): boolean },
    readings: readonly Reading[] | undefined,
  ): FloorViolation | undefined {
    const argv = command.argv;
    const home = this.model.homeDir;
    const bases = new Set<string>([...dirs, `${home}/.jq`]);
    // The `-L DIR` directories, as the table reads them (`module-path`), in every reading.
    for (const reading of readings ?? []) {
      for (const option of reading.options) {
        if (option.value === undefined || option.def?.effects.includes('module-path') !== true) continue;
        for (const dir of dirs) {
          const resolved = resolvePath(option.value, dir, home);
          if (resolved !== undefined) bases.add(resolved);
        }
      }
    }
    const files: string[] = [];
    for (let i = offset + 1; i < argv.length; i++) {
      if (!programs.has(i - offset)) continue;
      const word = argv[i]!;
      files.push(...jqProgramFiles(word));
      // Module metadata adds directories to the search path: `{search: "~/.docker"}`.
      for (const search of jqSearchDirs(word)) {
        for (const dir of dirs) {
          const resolved = resolvePath(search, dir, home);
          if (resolved !== undefined) bases.add(resolved);
        }
      }
    }
    for (const file of files) {
      for (const base of bases) {
        for (const candidate of [file, `${file}.jq`, `${file}.json`]) {
          const resolved = resolvePath(candidate, base, home);
          if (resolved !== undefined && this.model.isSecret(resolved)) return violation(file, false);
        }
      }
    }
    return undefined;
  }

  /** `where`: the directories the command runs in (`commandDirs`); `readings`: the table's. */
  private checkReads(
    command: SimpleCommand,
    name: string,
    where: { dirs: string[]; hinted: boolean[] },
    readings: readonly Reading[] | undefined,
  ): FloorViolation | undefined {
    const { dirs, hinted } = where;
    const anyHint = hinted.includes(true);
    const argv = command.argv;
    // Where no directory is hinted, only a word or read redirect that spells a fragment can
    // resolve to a secret (`..` and `~` only remove text): most commands have none, and skip
    // to the tree check.
    if (!anyHint && !mayResolveToSecret(command, name, this.customHome, readings)) {
      return this.checkTrees(command, name, dirs, readings);
    }
    const { skip, programs, offset, reads } = wordRoles(command, name);
    const model = this.model;
    const home = model.homeDir;
    // `path` is a word (or a piece of one) the command reads as a file.
    const readsSecret = (path: string): boolean => {
      if (path === '' || (!anyHint && !mentionsSecretFragment(path))) return false;
      for (let d = 0; d < dirs.length; d++) {
        if (!hinted[d] && !mentionsSecretFragment(path)) continue;
        const resolved = resolvePath(path, dirs[d]!, home);
        if (resolved !== undefined && model.isSecret(resolved)) return true;
      }
      return false;
    };
    for (const read of reads) if (readsSecret(read)) return violation(read, false);
    for (const { file, detail } of optionReads(readings, command.unwrapped.argv) ?? [])
      if (readsSecret(file)) return violation(detail, false);
    for (let i = offset + 1; i < argv.length; i++) {
      const inner = i - offset;
      const value = argv[i]!;
      if (skip.has(inner) || programs.has(inner)) continue;
      if (value.charCodeAt(0) === 45) {
        // `--exclude-from=F`, `-T=F`: the value after `=`.
        const equals = value.indexOf('=');
        if (equals !== -1 && readsSecret(value.slice(equals + 1))) return violation(value, false);
        continue;
      }
      const at = value.charCodeAt(0) === 64 ? value.slice(1) : value;
      // A URL names a remote resource, not a file here (`wget https://host/x.key`).
      if (readsSecret(at) && !URL.test(value)) return violation(value, false);
    }
    for (const redirect of command.redirects) {
      if (!redirect.read || redirect.operator.startsWith('<<')) continue;
      if (readsSecret(redirect.target)) return violation(`< ${redirect.target}`, false);
    }
    if (JQ_FAMILY.has(name)) {
      const found = this.jqReads(command, dirs, offset, programs, readings);
      if (found) return found;
    }
    return this.checkTrees(command, name, dirs, readings);
  }

  /** The recursive-read part of `checkReads`. */
  private checkTrees(
    command: SimpleCommand,
    name: string,
    dirs: readonly string[],
    readings: readonly Reading[] | undefined,
  ): FloorViolation | undefined {
    const model = this.model;
    const home = model.homeDir;
    if (!TREE_READERS.has(name)) return undefined;
    const read = treeReadOf(command.unwrapped.argv, name, readings);
    if (read === undefined || read.trees.length === 0) return undefined;
    if (!read.skipsHidden) this.readsTree = true;
    for (const tree of read.trees) {
      for (const dir of dirs) {
        const resolved = resolvePath(tree, dir, home);
        if (resolved === undefined) continue;
        if (model.treeHoldsSecret(resolved, read.skipsHidden)) return violation(tree, true);
      }
    }
    return undefined;
  }
}
