/**
 * git run on another directory's repository: a repository's own configuration runs programs
 * (`core.fsmonitor` on `git status`, `core.pager` on `git log`, hooks, diff drivers,
 * `credential.helper`), so a read-only git subcommand is only read-only in a repository the
 * user chose — the project (the call's working directory) and what lies inside it. Pointed
 * elsewhere it is 'unknown' (asked in read-only mode): by `git -C DIR`, `--work-tree=DIR`,
 * `GIT_DIR=`/`GIT_WORK_TREE=`/`GIT_COMMON_DIR=` (also through `env`), a wrapper's directory
 * (`env -C DIR`, `sudo -D DIR`), or a `cd`/`pushd`/`popd` earlier in the same command line. (`--git-dir` is already a writer: see
 * `git-global.ts`.)
 *
 * Directories are compared as written, normalised (`.`, `..`, repeated `/`), never looked
 * up on disk: a symbolic link inside the project that leads out of it is not seen. Without
 * a working directory, only relative paths that stay below it count as inside.
 */
import {
  DIRECTORY_CHANGERS,
  directoryChanges,
  namesWhere,
  readCommand,
  STACK_DIRECTORY_NAMES,
} from '../commands';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';
import type { ClassificationResult } from './types';
import { unknown } from './verdict';

/** Where the project is, for `classifyCommands`. */
export interface ClassifyContext {
  /** The call's working directory (absolute); relative directories resolve against it. */
  cwd?: string;
}

/** Stands for the working directory when none is given: no written absolute path is below it. */
const UNNAMED_CWD = '/\u0000project';

/** `path` normalised: `.` and empty segments dropped, `..` applied (never above `/`). */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** `target` resolved against the directory `from` (both absolute), normalised. */
function resolve(from: string, target: string): string {
  return normalise(target.startsWith('/') ? target : `${from}/${target}`);
}

function isInside(dir: string, project: string): boolean {
  return dir === project || dir.startsWith(project === '/' ? '/' : `${project}/`);
}

/**
 * Wrappers with an option whose value is the directory their command runs in (the table's
 * `chdir` role: `env -C DIR`, `sudo -D DIR`).
 */
const CHDIR_WRAPPERS: ReadonlySet<string> = namesWhere(
  (fact) => fact.unwrap !== undefined && Object.values(fact.values ?? {}).includes('chdir'),
);

/** True when the shell goes elsewhere after the command named `name` (`cd`, `pushd`, `popd`). */
function changesDirectory(name: string): boolean {
  return DIRECTORY_CHANGERS.has(name) || STACK_DIRECTORY_NAMES.has(name);
}

/** git's variables that name the repository or its work tree. */
const REPOSITORY_VARIABLES = new Set(['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR']);

/**
 * The working directory the last walk started in, normalised: a host passes the same one call
 * after call, and it is normalised once rather than for every command line with a git command.
 */
let lastProject: { cwd: string | undefined; project: string } | undefined;

/** The state of one walk over a command line's commands. */
class DirectoryWalk {
  readonly project: string;
  /** The directory commands run in, or undefined once a change cannot be placed. */
  current: string | undefined;

  constructor(cwd: string | undefined) {
    let known = lastProject;
    if (known === undefined || known.cwd !== cwd) {
      known = { cwd, project: cwd?.startsWith('/') ? normalise(cwd) : UNNAMED_CWD };
      lastProject = known;
    }
    this.project = known.project;
    this.current = this.project;
  }

  /** Follows `cd DIR` / `pushd DIR` / `popd` (fail closed: a subshell's `cd` counts too). */
  follow(command: SimpleCommand): void {
    const argv = command.unwrapped.argv;
    const name = argv[0];
    if (name === undefined || !changesDirectory(name)) return;
    if (STACK_DIRECTORY_NAMES.has(name) || command.assignments.length > 0) {
      // `popd` returns to a directory of the stack; `CDPATH=… cd x` looks x up elsewhere.
      this.current = undefined;
      return;
    }
    // Where it goes, as the table reads it (`cd -P -- DIR`); an option it does not list, more
    // than one place, or none (`cd` alone goes home) is a directory not placed.
    const change = directoryChanges(argv, name);
    if (change === undefined || change.unlisted || change.targets.length > 1) {
      this.current = undefined;
      return;
    }
    // `pushd -n DIR` only pushes DIR.
    if (change.targets.length === 0) return;
    const index = change.targets[0]!;
    const target = argv[index];
    if (
      target === undefined ||
      target === '-' ||
      target.startsWith('+') ||
      command.unwrapped.words[index]?.dynamic
    ) {
      // `cd -` goes to $OLDPWD, `pushd +N` rotates the stack.
      this.current = undefined;
      return;
    }
    this.current = this.current === undefined ? undefined : resolve(this.current, target);
  }

  /** Why a git command runs outside the project, as a verdict, or undefined. */
  foreign(command: SimpleCommand): ClassificationResult | undefined {
    const argv = command.unwrapped.argv;
    const words = command.unwrapped.words;
    let dir = this.current;
    let spelled = dir === undefined ? 'cd' : '';
    // Wrapper assignments (`env GIT_DIR=…`) and the command's own (`GIT_WORK_TREE=… git`).
    for (const assignment of [...command.assignments, ...command.unwrapped.assignments]) {
      if (REPOSITORY_VARIABLES.has(assignment.name)) {
        const place = resolve(dir ?? UNNAMED_CWD, assignment.value);
        if (assignment.dynamic || dir === undefined || !isInside(place, this.project))
          return verdict(`${assignment.name}=${assignment.value}`);
      }
    }
    // A wrapper's directory (`env -C DIR`, `sudo -D DIR`), as the table reads its options.
    const wrapperCount = command.words.length - words.length;
    if (wrapperCount > 0) {
      const wrapperArgv = command.argv.slice(0, wrapperCount);
      for (let index = 0; index < wrapperCount; index++) {
        const name = commandWordBasename(wrapperArgv[index]!);
        if (!CHDIR_WRAPPERS.has(name)) continue;
        const readings = readCommand(wrapperArgv, index, name) ?? [];
        for (const option of readings[0]?.options ?? []) {
          if ((option.role ?? option.def?.role) !== 'chdir' || option.value === undefined) continue;
          const arg = wrapperArgv[option.index]!;
          const named = option.valueIndex === option.index ? arg : `${arg} ${option.value}`;
          // More than one reading, or a computed word among the wrapper's: not placed for sure.
          if (readings.length > 1 || command.words.some((word, at) => at < wrapperCount && word.dynamic))
            return verdict(named);
          dir = dir === undefined ? undefined : resolve(dir, option.value);
          spelled = named;
        }
      }
    }
    // git's own `-C DIR` (each relative to the one before) and `--work-tree=DIR`, as the
    // command table reads them: every reading must stay in the project.
    for (const reading of readCommand(argv, 0, 'git') ?? []) {
      let place = dir;
      let named = spelled;
      const sub = reading.kinds.indexOf('subcommand');
      for (const option of reading.options) {
        if (sub >= 0 && option.index > sub) break;
        const def = option.def;
        if (def === undefined || option.value === undefined) continue;
        if (def.role !== 'chdir' && def.spelling !== '--work-tree') continue;
        const arg = argv[option.index]!;
        if (words[option.valueIndex!]?.dynamic) return verdict(arg);
        place = place === undefined ? undefined : resolve(place, option.value);
        named = option.valueIndex === option.index ? arg : `${arg} ${option.value}`;
      }
      if (place === undefined || !isInside(place, this.project)) return verdict(named || 'cd');
    }
    return undefined;
  }
}

function verdict(spelled: string): ClassificationResult {
  return unknown(
    `git runs in a repository outside the working directory (${spelled}), whose configuration can run programs (core.fsmonitor, hooks, pager)`,
    spelled,
  );
}

/**
 * Corrects the verdicts of a command line's commands (`verdicts[i]` for `commands[i]`, as
 * `classifyCommand` gave them) for git pointed at another repository: such a read-only
 * verdict becomes 'unknown'. Returns `verdicts`, changed in place where needed.
 */
export function markForeignRepositories(
  commands: readonly SimpleCommand[],
  verdicts: ClassificationResult[],
  context: ClassifyContext = {},
): ClassificationResult[] {
  let walk: DirectoryWalk | undefined;
  for (let index = 0; index < commands.length; index++) {
    const command = commands[index]!;
    const name = command.unwrapped.argv[0];
    if (name !== undefined && changesDirectory(name)) {
      walk ??= new DirectoryWalk(context.cwd);
      walk.follow(command);
      continue;
    }
    if (verdicts[index]?.classification !== 'read-only' || name === undefined) continue;
    if (name !== 'git' && commandWordBasename(name) !== 'git') continue;
    walk ??= new DirectoryWalk(context.cwd);
    const foreign = walk.foreign(command);
    if (foreign !== undefined) verdicts[index] = foreign;
  }
  return verdicts;
}
