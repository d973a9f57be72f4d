/**
 * What makes a subcommand of the command table write that is no fact of one word: a verb or
 * operand count (`git branch NAME` creates a branch, `git config NAME VALUE` sets one, `git
 * stash pop` changes state). Keyed by the entry's path (`git branch`); each check reads one
 * reading and returns a verdict, or undefined to let the table's facts decide. A writing verb
 * is not reported as a `flag`: it is a subcommand, which a user's prefix rule naming it
 * (`Bash(git remote:*)`) means to cover.
 */
import type { Reading } from '../commands';
import { hasComputedSubscript } from '../shell/subscripts';
import { classifySedScript } from './sed-script';
import type { ClassificationResult } from './types';
import { mutating, readOnly, unknown } from './verdict';

type Check = (argv: readonly string[], start: number, reading: Reading) => ClassificationResult | undefined;

/** Canonical spellings of the options a reading gave. */
function given(reading: Reading, spellings: readonly string[]): boolean {
  return reading.options.some(
    (option) => option.def !== undefined && spellings.includes(option.def.spelling),
  );
}

/** `git branch NAME` / `git tag NAME` create one unless a listing option is given. */
function needsList(what: string, listing: readonly string[]): Check {
  return (argv, _start, reading) => {
    const first = reading.operands[0];
    if (first === undefined || given(reading, listing)) return undefined;
    return mutating(`git ${what} NAME creates a ${what}`, argv[first]);
  };
}

const CONFIG_READ_ACTIONS = [
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '--list',
  '-l',
];
const CONFIG_WRITE_VERBS = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);

/** `git config`: `get`/`list`, a read action or one NAME reads; NAME VALUE and the other verbs write. */
const config: Check = (argv, _start, reading) => {
  const sub = reading.kinds.indexOf('subcommand');
  const operands = reading.operands;
  const verb = operands[0] === sub + 1 ? argv[sub + 1] : undefined;
  if (verb === 'get' || verb === 'list') return readOnly(`git config ${verb} only reads`);
  if (verb !== undefined && CONFIG_WRITE_VERBS.has(verb))
    return mutating(`git config ${verb} changes configuration`);
  if (given(reading, CONFIG_READ_ACTIONS)) return readOnly('git config with a read action only reads');
  if (operands.length === 1) return readOnly('git config NAME only reads the value');
  if (operands.length === 0) return unknown('git config without an action');
  return mutating('git config NAME VALUE sets configuration', argv[operands[1]!]);
};

/**
 * A subcommand whose verbs other than the table's change state (`git stash pop`); without a
 * verb it reads only where the table says so (`git remote`, `git reflog`).
 */
function verbs(name: string): Check {
  return (argv, start, reading) => {
    const subs: number[] = [];
    for (let i = start + 1; i < argv.length; i++) if (reading.kinds[i] === 'subcommand') subs.push(i);
    const verbAt = subs[1];
    if (reading.unknownSubcommand !== undefined && verbAt !== undefined)
      return mutating(`git ${name} ${argv[verbAt]} changes state`);
    if (verbAt === undefined) {
      return reading.facts[reading.facts.length - 1]!.fact.readOnly === undefined
        ? mutating(`git ${name} without a verb changes state`)
        : undefined;
    }
    // `git remote show NAME` contacting the remote is the table's `contactsRemote`.
    return undefined;
  };
}

/** `date OPERAND`: an operand not starting with `+` (a format) sets the system clock. */
const date: Check = (argv, _start, reading) => {
  const setter = reading.operands.find((index) => !argv[index]!.startsWith('+'));
  return setter === undefined
    ? undefined
    : mutating('date with a non-format operand sets the system clock', argv[setter]);
};

/** `hostname NAME` sets the host name. */
const hostname: Check = (argv, _start, reading) =>
  reading.operands.length > 0
    ? mutating('hostname NAME sets the host name', argv[reading.operands[0]!])
    : undefined;

/**
 * `test -v NAME` (also `[ -v NAME ]`) makes bash evaluate an array subscript in NAME as
 * arithmetic, which reads variables' values as expressions that may hold substitutions (`i='b[$(id)]';
 * test -v 'a[i]'` runs `id`). Only a number, `@` or `*` subscript is read-only. (A substitution
 * written in the subscript itself makes the parser list its commands and the command opaque.)
 */
const testVariable: Check = (argv, start) => {
  for (let index = start + 2; index < argv.length; index++) {
    const operand = argv[index]!;
    if (argv[index - 1] === '-v' && hasComputedSubscript(operand))
      return unknown(
        `${argv[start]} -v evaluates an array subscript as arithmetic, which can run commands`,
        operand,
      );
  }
  return undefined;
};

/** The option uses of a reading with one of these canonical spellings. */
function uses(reading: Reading, spellings: readonly string[]) {
  return reading.options.filter(
    (option) => option.def !== undefined && spellings.includes(option.def.spelling),
  );
}

/**
 * `sed`'s script, read by the sed reader (`sed-script.ts`): `w FILE`, `s///w FILE` write,
 * `e`, `s///e` run a shell command. A script in a file (`-f`) cannot be read; GNU `-l N` takes a
 * number where BSD `-l` takes nothing, so another value may be BSD's script.
 */
const sed: Check = (argv, _start, reading) => {
  const lineLength = uses(reading, ['-l', '--line-length'])[0];
  if (lineLength !== undefined && !/^\d+$/.test(lineLength.value ?? ''))
    return unknown('sed -l: BSD sed takes no value, so this word may be the script', argv[lineLength.index]);
  const fromFile = uses(reading, ['-f', '--file'])[0];
  if (fromFile !== undefined)
    return unknown('sed -f: the script is in a file and cannot be inspected', argv[fromFile.index]);
  const scripts = uses(reading, ['-e', '--expression']).map((option) => option.value ?? '');
  if (scripts.length === 0) {
    const first = reading.operands[0];
    if (first === undefined) return unknown('sed without a script');
    scripts.push(argv[first]!);
  }
  // sed joins its -e scripts with newlines, so one may continue into the next (`-e 's/a/\'
  // -e '/w out'` writes): the joined text is what it runs. Each script alone is read too,
  // which can only find more writes (`-e 'a x\' -e 'w out'` appends text).
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
  // A script GNU sed accepts but the reader does not (`l 5;w out`) may still write.
  if (unparsed !== undefined)
    return { ...unknown(`sed script not understood: ${unparsed}`, joined), prefixExcluded: true };
  return undefined;
};

/**
 * jq's program may read the process environment (`env`, `$ENV`), where API keys and tokens
 * live (`jq -rn env.GITHUB_TOKEN`): the floor denies whole-environment dumps, and any other
 * program that names the environment is unknown and no prefix rule (`Bash(jq:*)`) covers it.
 * Only the program is read: `jq --arg env prod '.x[$env]'` binds a variable named `env`.
 */
const READS_ENVIRONMENT = /(?:^|[^.\w$"])env\b(?!\s*:)|\$ENV\b/;

/**
 * A module the floor cannot resolve: an `import`/`include` whose path or `search` metadata is
 * not plain string literals (escapes `\u0065`, interpolation, `"a" + "b"`, `("x")`), or a
 * search path under `$ORIGIN` (jq's own directory).
 */
const IMPORTS = /\b(?:import|include)\b/;
const PLAIN_SEARCH = /^\s*(?:"[^"\\]*"|\[\s*"[^"\\]*"(?:\s*,\s*"[^"\\]*")*\s*\])\s*[,}]/;
function unresolvableModule(program: string): boolean {
  if (!IMPORTS.test(program)) return false;
  if (program.includes('\\') || program.includes('$ORIGIN')) return true;
  for (const match of program.matchAll(/\bsearch"?\s*:/g)) {
    if (!PLAIN_SEARCH.test(program.slice(match.index + match[0].length))) return true;
  }
  return false;
}

const jq: Check = (argv, start, reading) => {
  for (let i = start + 1; i < argv.length; i++) {
    const word = argv[i]!;
    // `-nL DIR` / `-nLDIR`: jq reads a library directory out of a cluster in its own way.
    if (reading.kinds[i] === 'option' && /^-[a-zA-KM-Z]+L/.test(word))
      return {
        ...unknown('jq takes a library directory from an option cluster', word),
        prefixExcluded: true,
      };
    if (reading.kinds[i] !== 'pattern') continue;
    if (READS_ENVIRONMENT.test(word))
      return { ...unknown('the jq program reads the process environment', word), prefixExcluded: true };
    if (unresolvableModule(word))
      return {
        ...unknown('the jq program imports a module whose path cannot be resolved', word),
        prefixExcluded: true,
      };
  }
  return undefined;
};

/** yq's `load…(` whose argument is not one string literal: a file named at run time (`load(strenv(F))`). */
const COMPUTED_LOAD = /\bload(?:_str|_xml|_props|_base64|_yaml|_json)?\s*\((?!\s*"[^"\\]*"\s*\))/;

const yq: Check = (argv, start, reading) => {
  for (let i = start + 1; i < argv.length; i++) {
    if (reading.kinds[i] === 'option' || !COMPUTED_LOAD.test(argv[i]!)) continue;
    return {
      ...unknown('yq loads a file whose name is computed at run time', argv[i]),
      prefixExcluded: true,
    };
  }
  return undefined;
};

/** tar only reads when listing or comparing; `-f HOST:FILE` reaches the archive by rsh/ssh. */
const TAR_READ_MODES = ['-t', '--list', '-d', '--diff', '--compare', '--test-label'];
const tar: Check = (argv, _start, reading) => {
  if (uses(reading, TAR_READ_MODES).length === 0) return unknown('tar without a known operation mode');
  if (uses(reading, ['--force-local']).length > 0) return undefined;
  const remote = uses(reading, ['-f', '--file']).find((option) => option.value?.includes(':'));
  return remote === undefined
    ? undefined
    : mutating('tar -f HOST:FILE runs a remote shell (rsh/ssh) to reach the archive', argv[remote.index]);
};

export const TABLE_CHECKS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['test', testVariable],
  ['sed', sed],
  ['jq', jq],
  ['yq', yq],
  ['tar', tar],
  ['date', date],
  ['hostname', hostname],
  ['git branch', needsList('branch', ['-l', '--list', '--show-current'])],
  ['git tag', needsList('tag', ['-l', '--list'])],
  ['git config', config],
  ['git stash', verbs('stash')],
  ['git remote', verbs('remote')],
  ['git reflog', verbs('reflog')],
  ['git worktree', verbs('worktree')],
]);
