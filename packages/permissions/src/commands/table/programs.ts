/**
 * Commands whose first operand is a program in their own language: sed, awk, jq and the tools
 * that read jq's language. The program is never a path (file names inside it are found by
 * `programFileNames`); with `-e`/`-f` (jq: `-f`) an option gives the program and every operand
 * is a file read. Facts from GNU sed 4.9's, gawk 5.3's, jq 1.7's and yq 4's manuals.
 */
import type { CommandFact } from '../types';

/** awk's options (gawk's; mawk and the one-true-awk take the POSIX subset). */
const AWK = {
  programLanguage: 'awk',
  short: 'F:f:v:e:i:l:E:bcCd::D::ghLMnNo::Op::PrsStVW:',
  long:
    'field-separator= file= assign= source= include= load= exec= characters-as-bytes traditional ' +
    'copyright dump-variables=? debug=? gen-pot help lint=? bignum use-lc-numeric non-decimal-data ' +
    'pretty-print=? optimize no-optimize profile=? posix re-interval sandbox lint-old ' +
    'version csv',
  values: {
    '-F': 'value',
    '--field-separator': 'value',
    '-f': 'read',
    '--file': 'read',
    '-E': 'read',
    '--exec': 'read',
    '-i': 'read',
    '--include': 'read',
    '-v': 'name',
    '--assign': 'name',
    '-e': 'pattern',
    '--source': 'pattern',
  },
  effects: {
    '-f': ['pattern-given'],
    '--file': ['pattern-given'],
    '-E': ['pattern-given'],
    '--exec': ['pattern-given'],
    '-e': ['pattern-given'],
    '--source': ['pattern-given'],
  },
  operands: ['pattern', 'read'],
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

/** jq's options, shared by the tools that read its language. */
const JQ = {
  programLanguage: 'jq',
  short: 'f:L:nrjaRsSCMceh',
  long:
    'from-file= library-path= indent= arg= argjson= slurpfile= rawfile= args jsonargs null-input ' +
    'raw-input slurp compact-output raw-output raw-output0 join-output ascii-output sort-keys ' +
    'color-output monochrome-output tab exit-status seq stream stream-errors unbuffered help version',
  values: {
    // The program's file: read, and then every operand is an input read.
    '-f': 'read',
    '--from-file': 'read',
    '-L': 'read',
    '--library-path': 'read',
    '--indent': 'value',
    '--arg': 'name',
    '--argjson': 'name',
    '--slurpfile': 'name',
    '--rawfile': 'name',
  },
  pairs: { '--arg': 'value', '--argjson': 'value', '--slurpfile': 'read', '--rawfile': 'read' },
  effects: {
    '-f': ['pattern-given'],
    '--from-file': ['pattern-given'],
    // Where `import "m" as $m;` and `include "m";` look `m` up (besides `~/.jq`).
    '-L': ['module-path'],
    '--library-path': ['module-path'],
  },
  operands: ['pattern', 'read'],
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

/** yq's facts: jq's, and its own options (see the entry). */
const YQ = {
  ...JQ,
  // As jq's, and `envsubst`, `env(NAME)`, `strenv(NAME)`.
  printsEnvironment: ['@program'],
  // mikefarah/yq's own options beside jq's: `-i`/`--inplace` edits in place, `-s EXPR` /
  // `--split-exp` writes one file per document (so does python yq's `--in-place`), and a
  // switch enables the `system` operator, which runs commands. Either tool's `-s`, and any
  // prefix of a long option that writes or runs, count as writing (decision 0043).
  short: `${JQ.short}io:p:I:d:`,
  long: `${JQ.long} inplace in-place split-exp= security-enable-system-operator`,
  readOnly: 'any-option',
  values: { ...JQ.values, '-o': 'value', '-p': 'value', '-I': 'value', '-d': 'value' },
  effects: {
    ...JQ.effects,
    '-i': ['writes'],
    '-s': ['writes'],
    '--inplace': ['writes'],
    '--in-place': ['writes'],
    '--split-exp': ['writes'],
    '--security-enable-system-operator': ['runs'],
  },
} as const satisfies Omit<CommandFact, 'names' | 'summary'>;

export const PROGRAMS: readonly CommandFact[] = [
  {
    names: ['sed', 'gsed'],
    summary: 'edits a stream with a sed script; with -i, writes the result back to each file',
    programLanguage: 'sed',
    short: 'e:f:l:i::I::nrsuzEba',
    long:
      'expression= file= in-place=? line-length= null-data zero-terminated separate unbuffered ' +
      'regexp-extended quiet silent posix sandbox debug follow-symlinks binary help version',
    abbreviations: true,
    values: {
      '-e': 'pattern',
      '--expression': 'pattern',
      '-f': 'read',
      '--file': 'read',
      '-l': 'value',
      '--line-length': 'value',
      '-i': 'value',
      '-I': 'value',
      '--in-place': 'value',
    },
    // Every option is listed (decision 0043); what its script writes or runs is read by
    // `classifier/table-checks.ts` (`w FILE`, `s///e`).
    readOnly: 'listed-options',
    effects: {
      // In place, with an optional backup suffix (GNU `-i`, BSD `-I`).
      '-i': ['in-place', 'writes'],
      '-I': ['in-place', 'writes'],
      '--in-place': ['in-place', 'writes'],
      '-e': ['pattern-given'],
      '--expression': ['pattern-given'],
      '-f': ['pattern-given'],
      '--file': ['pattern-given'],
    },
    operands: ['pattern', 'read'],
    examples: [
      { argv: ['sed', '-n', 's/a/b/p', '.env'], roles: { 2: 'pattern', 3: 'read' } },
      {
        argv: ['sed', '-i.bak', '-e', 's/a/b/', 'x'],
        roles: { 3: 'pattern', 4: 'read' },
        effects: ['in-place', 'writes'],
      },
      { argv: ['sed', '-n', 's/a/b/p', 'x'], notEffects: ['in-place'] },
      { argv: ['sed', '-f', 'script.sed', 'x'], roles: { 2: 'read', 3: 'read' } },
    ],
  },
  {
    names: ['awk', 'gawk', 'mawk', 'nawk'],
    summary: 'runs an awk program over files',
    ...AWK,
    dollarNotShell: true,
    // `for (k in ENVIRON)`: every variable (`ENVIRON["HOME"]` is one).
    printsEnvironment: ['@program'],
    // Its programs run commands (`system(…)`, `print | "CMD"`, `"CMD" | getline`).
    runsCode: 'program',
    examples: [
      { argv: ['awk', 'BEGIN{for(k in ENVIRON) print k, ENVIRON[k]}'], environment: true },
      { argv: ['awk', '{print $1}', 'x'], prefix: [], dollars: '{print _1} x' },
      { argv: ['awk', '{system("rm " $1)}'], dollars: '{system("rm " _1)}' },
      { argv: ['awk', 'BEGIN{print ENVIRON["HOME"]}'], environment: false },
      {
        argv: ['awk', '-F', ':', '{print $1}', '/etc/passwd'],
        roles: { 2: 'value', 3: 'pattern', 4: 'read' },
      },
      { argv: ['awk', '-f', 'prog.awk', 'x'], roles: { 2: 'read', 3: 'read' } },
    ],
  },
  {
    names: ['jq', 'gojq', 'jaq'],
    summary: 'runs a jq filter over JSON',
    ...JQ,
    // `env`, `$ENV` whole, or a secret variable (`env.GITHUB_TOKEN`); `$ENV.HOME` is one variable.
    printsEnvironment: ['@program'],
    // No option writes or runs; a program that reads the environment is
    // `classifier/table-checks.ts` (decision 0043).
    readOnly: 'any-option',
    examples: [
      {
        argv: ['jq', '--arg', 'k', 'v', '--rawfile', 'f', 'x.txt', '.a', 'in.json'],
        roles: { 2: 'name', 3: 'value', 6: 'read', 7: 'pattern', 8: 'read' },
      },
      { argv: ['jq', '-nf', 'prog.jq'], roles: { 2: 'read' } },
      {
        argv: ['jq', '-n', '-L', 'lib', 'import "m" as $m; $m'],
        roles: { 3: 'read' },
        effects: ['module-path'],
      },
      { argv: ['jq', '-Llib', '.'], effects: ['module-path'] },
      { argv: ['jq', '-n', 'env'], environment: true },
      { argv: ['jq', '-rn', 'env.GITHUB_TOKEN'], environment: true },
      { argv: ['jq', '--arg', 'env', 'prod', '-n', '$env'], environment: false },
      { argv: ['jq', '-n', '$ENV.HOME'], environment: false },
    ],
  },
  {
    names: ['yq'],
    summary: "runs a jq-like expression over YAML (mikefarah's Go yq and the python yq)",
    ...YQ,
    examples: [
      { argv: ['yq', '.a', 'x.yml'], roles: { 1: 'pattern', 2: 'read' } },
      { argv: ['yq', '.a | envsubst', 'x.yml'], environment: true },
      // mikefarah's yq 4 may name its command first: `e` reads as the program, `env` as a file.
      { argv: ['yq', 'e', 'env', 'x.yml'], roles: { 1: 'pattern', 2: 'read' }, environment: true },
      { argv: ['yq', '-oi', '.a', 'x.yml'], roles: { 2: 'pattern' }, notEffects: ['writes'] },
      { argv: ['yq', '-i', '.a = 1', 'x.yml'], roles: { 2: 'pattern', 3: 'read' }, effects: ['writes'] },
    ],
  },
];
