/**
 * Property: adding a known write/exec option to a read-only command, in any spelling the
 * command's parser accepts (short, clustered after harmless flags, attached value,
 * `--long=VALUE`, `--long VALUE`, an abbreviation), in any position options may take, and
 * with any quoting, never yields 'read-only'. Commands are built as shell text and parsed
 * by the real shell parser, so quote removal is exercised too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompiledFact, commandFact, type OptionDef as TableOption } from '../commands';
import { analyzeShell } from '../shell';
import { classifyCommand } from './classify-command';

/** An option as the property draws its spellings: a write/run `effect` marks one that acts. */
interface OptionDef {
  name: string;
  argument: 'none' | 'required' | 'optional';
  effect?: 'exec';
}

/** A command's options as the property reads them, from its command-table entry. */
interface CommandSpec {
  short: ReadonlyMap<string, OptionDef>;
  long: ReadonlyMap<string, OptionDef>;
  abbreviations: boolean;
  permute: boolean;
  numericOption: boolean;
  harmlessOptions: boolean;
}

/** A write/exec option as the command's manual documents it (independent of our tables). */
interface KnownOption {
  name: string;
  argument: OptionDef['argument'];
  value?: string;
}

interface Subject {
  prefix: string[];
  spec: CommandSpec;
  /** Operands of a read-only base command. */
  base: string[];
  /** Where options may be inserted (0 = right after the prefix). */
  insertAt: (baseLength: number) => number[];
  known: KnownOption[];
}

/**
 * A command-table entry seen as an option table: an option writes or runs when its value's
 * role or its effects say so (the table's own facts, checked against the manual's list below).
 */
function tableSpec(fact: CompiledFact): CommandSpec {
  const convert = (def: TableOption): OptionDef => {
    const acting =
      ['write', 'command', 'script'].includes(def.role) ||
      def.effects.some((effect) => effect === 'writes' || effect === 'runs');
    const argument = def.takes === 'attached' ? 'optional' : def.takes;
    return acting ? { name: def.spelling, argument, effect: 'exec' } : { name: def.spelling, argument };
  };
  return {
    short: new Map([...fact.short].map(([letter, def]) => [letter, convert(def)])),
    long: new Map([...fact.long].map(([name, def]) => [name, convert(def)])),
    abbreviations: fact.fact.abbreviations === true,
    permute: fact.fact.permute !== false,
    numericOption: fact.fact.numeric !== undefined,
    harmlessOptions: fact.fact.readOnly === 'any-option',
  };
}

/** The table entry of `git NAME`, as an option table. */
function gitSpec(name: string): CommandSpec {
  return tableSpec(commandFact('git')!.subcommands!.get(name)!);
}

const anywhere = (n: number) => Array.from({ length: n + 1 }, (_, i) => i);
const first = () => [0];
const req = (name: string, value?: string): KnownOption =>
  value ? { name, argument: 'required', value } : { name, argument: 'required' };
const flag = (name: string): KnownOption => ({ name, argument: 'none' });
const opt = (name: string): KnownOption => ({ name, argument: 'optional' });

const DIFF_KNOWN = [req('--output'), flag('--ext-diff'), flag('--textconv')];
const GIT_DIFF_FAMILY = [
  'log',
  'show',
  'diff',
  'whatchanged',
  'diff-tree',
  'diff-files',
  'diff-index',
  'range-diff',
];

const SUBJECTS: Subject[] = [
  {
    prefix: ['sort'],
    spec: tableSpec(commandFact('sort')!),
    base: ['-n', 'file'],
    insertAt: anywhere,
    known: [req('-o'), req('--output'), req('--compress-program')],
  },
  {
    prefix: ['date'],
    spec: tableSpec(commandFact('date')!),
    base: ['+%F'],
    insertAt: anywhere,
    known: [req('-s'), req('--set')],
  },
  {
    prefix: ['hostname'],
    spec: tableSpec(commandFact('hostname')!),
    base: ['-f'],
    insertAt: anywhere,
    known: [req('-F'), req('--file'), flag('-b'), flag('--boot')],
  },
  {
    prefix: ['printf'],
    spec: tableSpec(commandFact('printf')!),
    base: ['%s', 'x'],
    insertAt: first,
    known: [req('-v')],
  },
  {
    prefix: ['file'],
    spec: tableSpec(commandFact('file')!),
    base: ['x'],
    insertAt: anywhere,
    known: [
      flag('-C'),
      flag('--compile'),
      flag('-p'),
      flag('--preserve-date'),
      flag('-z'),
      flag('--uncompress'),
      flag('-Z'),
      flag('--uncompress-noreport'),
    ],
  },
  {
    prefix: ['rg'],
    spec: tableSpec(commandFact('rg')!),
    base: ['-n', 'pat', 'src'],
    insertAt: anywhere,
    known: [req('--pre'), flag('-z'), flag('--search-zip'), req('--hostname-bin')],
  },
  {
    prefix: ['base64'],
    spec: tableSpec(commandFact('base64')!),
    base: ['-d', 'in'],
    insertAt: anywhere,
    known: [req('-o'), req('--output')],
  },
  {
    prefix: ['sed'],
    spec: tableSpec(commandFact('sed')!),
    base: ['-n', 's/a/b/p', 'file'],
    insertAt: anywhere,
    known: [opt('-i'), opt('--in-place'), opt('-I')],
  },
  {
    prefix: ['tar'],
    spec: tableSpec(commandFact('tar')!),
    base: ['-t', '-f', 'a.tar'],
    insertAt: (n) => [0, 1, n],
    known: [
      req('--to-command'),
      req('-I'),
      req('--use-compress-program'),
      req('-F'),
      req('--info-script'),
      req('--new-volume-script'),
      req('--checkpoint-action', 'exec=sh'),
      req('--rsh-command'),
      req('--rmt-command'),
      req('--index-file'),
      ...[
        '-z',
        '-j',
        '-J',
        '-Z',
        '--gzip',
        '--gunzip',
        '--ungzip',
        '--bzip2',
        '--xz',
        '--lzip',
        '--lzma',
      ].map((name) => flag(name)),
      ...['--lzop', '--zstd', '--compress', '--uncompress'].map((name) => flag(name)),
      req('--volno-file'),
      flag('--remove-files'),
      req('-g'),
      req('--listed-incremental'),
      flag('-x'),
      flag('--extract'),
      flag('-c'),
      flag('--create'),
      flag('-r'),
      flag('--append'),
      flag('-u'),
      flag('--update'),
      flag('--delete'),
      flag('-A'),
      flag('--catenate'),
      flag('--concatenate'),
      flag('--get'),
    ],
  },
  ...GIT_DIFF_FAMILY.map(
    (name): Subject => ({
      prefix: ['git', name],
      spec: gitSpec(name),
      base: ['HEAD'],
      insertAt: anywhere,
      known: ['log', 'show', 'whatchanged'].includes(name)
        ? [...DIFF_KNOWN, flag('--show-signature')]
        : DIFF_KNOWN,
    }),
  ),
  {
    prefix: ['diff'],
    spec: tableSpec(commandFact('diff')!),
    base: ['-u', 'a', 'b'],
    insertAt: anywhere,
    known: [flag('-l'), flag('--paginate')],
  },
  {
    prefix: ['git', 'grep'],
    spec: gitSpec('grep'),
    base: ['foo'],
    insertAt: anywhere,
    known: [opt('-O'), opt('--open-files-in-pager'), flag('--textconv')],
  },
  {
    prefix: ['git', 'branch'],
    spec: gitSpec('branch'),
    base: ['--list'],
    insertAt: anywhere,
    known: [
      flag('-d'),
      flag('-D'),
      flag('--delete'),
      flag('-m'),
      flag('-M'),
      flag('--move'),
      flag('-c'),
      flag('-C'),
      flag('--copy'),
      flag('--edit-description'),
      req('--set-upstream-to'),
    ],
  },
  {
    prefix: ['git', 'tag'],
    spec: gitSpec('tag'),
    base: ['--list'],
    insertAt: anywhere,
    known: [
      flag('-d'),
      flag('--delete'),
      flag('-a'),
      flag('--annotate'),
      req('-m'),
      req('--message'),
      flag('-v'),
      flag('--verify'),
    ],
  },
];

const harmlessLetters = (spec: CommandSpec) =>
  [...spec.short.values()]
    .filter((def) => !def.effect && def.argument === 'none')
    .map((def) => def.name.slice(1));

/** Every spelling of one dangerous option, as argv words. */
function spellings(spec: CommandSpec, def: KnownOption, cluster: string): string[][] {
  const value = def.value ?? 'out';
  if (def.name.startsWith('--')) {
    const name = def.name.slice(2);
    const forms: string[][] = [];
    const prefixes = spec.abbreviations
      ? Array.from({ length: name.length }, (_, i) => name.slice(0, i + 1)).filter(
          (prefix) => prefix === name || !spec.long.has(prefix),
        )
      : [name];
    for (const prefix of prefixes) {
      if (def.argument === 'none') forms.push([`--${prefix}`]);
      else forms.push([`--${prefix}=${value}`]);
      if (def.argument === 'required') forms.push([`--${prefix}`, value]);
    }
    return forms;
  }
  const letter = def.name.slice(1);
  if (def.argument === 'none') return [[`-${letter}`], [`-${cluster}${letter}`]];
  const forms = [[`-${letter}${value}`], [`-${cluster}${letter}${value}`]];
  if (def.argument === 'required') forms.push([`-${letter}`, value], [`-${cluster}${letter}`, value]);
  else forms.push([`-${letter}`], [`-${cluster}${letter}`]);
  return forms;
}

/** Quotes a word in one of several ways bash removes again. */
function quote(word: string, style: number, cut: number): string {
  const at = Math.min(cut, word.length);
  switch (style) {
    case 1:
      return `'${word}'`;
    case 2:
      return `"${word}"`;
    case 3:
      return `${word.slice(0, at)}'${word.slice(at)}'`;
    case 4:
      return [...word].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\${c}`)).join('');
    default:
      return word.replace(/[^A-Za-z0-9_./=%+,:@-]/g, (c) => `\\${c}`);
  }
}

const caseArbitrary = fc.constantFrom(...SUBJECTS).chain((subject) =>
  fc.record({
    subject: fc.constant(subject),
    def: fc.constantFrom(...subject.known),
    cluster: fc
      .subarray(harmlessLetters(subject.spec), {
        maxLength: Math.min(3, harmlessLetters(subject.spec).length),
      })
      .map((letters) => letters.join('')),
    position: fc.constantFrom(...subject.insertAt(subject.base.length)),
    spellingIndex: fc.nat(),
    styles: fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.nat({ max: 6 })), {
      minLength: 8,
      maxLength: 8,
    }),
  }),
);

describe('known write/exec options in any spelling', () => {
  it('covers every dangerous option of the tables it draws from', () => {
    for (const subject of SUBJECTS) {
      const names = new Set(subject.known.map((option) => option.name));
      const table = [...subject.spec.short.values(), ...subject.spec.long.values()].filter(
        (def) => def.effect,
      );
      for (const def of table)
        expect(
          names.has(def.name) || subject.prefix[0] === 'git',
          `${subject.prefix.join(' ')} ${def.name}`,
        ).toBe(true);
    }
  });

  it('the base commands themselves are read-only', () => {
    for (const subject of SUBJECTS) {
      const source = [...subject.prefix, ...subject.base].join(' ');
      expect(classifyCommand(analyzeShell(source).commands[0]!).classification, source).toBe('read-only');
    }
  });

  it('never classify as read-only', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ subject, def, cluster, position, spellingIndex, styles }) => {
        const forms = spellings(subject.spec, def, cluster);
        const option = forms[spellingIndex % forms.length]!;
        const args = [...subject.base];
        args.splice(position, 0, ...option);
        const words = [...subject.prefix, ...args].map((word, i) =>
          quote(word, styles[i % 8]![0], styles[i % 8]![1]),
        );
        const source = words.join(' ');
        const command = analyzeShell(source).commands[0]!;
        const result = classifyCommand(command);
        expect(result.classification, `${source} → ${result.reason}`).not.toBe('read-only');
      }),
      { numRuns: 1500 },
    );
  }, 120_000);
});
