/**
 * The one argv reader: reads a command's words the way the command itself would, from the
 * command table. Where the table cannot tell — an option it does not list may or may not take
 * the next word as its value — it returns every reading, and each consumer combines them in
 * its own safe direction (decision 0031): the floor takes the union of the paths read, the
 * read-only classifier needs every reading read-only, a deny rule matches if any reading does.
 */
import { type CompiledFact, type OptionDef, valueEffectsOf } from './compile';
import type { Effect, Role } from './types';

/** What one word of argv is, in one reading. */
export type WordKind = Role | 'option' | 'subcommand' | 'end-of-options' | 'program';

/** An option found, with its value. */
export interface OptionUse {
  /** Canonical spelling, or the word itself for an option the table does not list. */
  spelling: string;
  /** Index of the option word in argv. */
  index: number;
  /** The value, when it takes one. */
  value?: string;
  /** Index of the value's word (the option's own index when attached). */
  valueIndex?: number;
  /** The table's definition; absent for an unlisted option. */
  def?: OptionDef;
  /** The role of its value when it is not the option's: a setting's key gave it (`-o IdentityFile=K`). */
  role?: Role;
}

/** One way to read an argv. */
export interface Reading {
  /** The entries read, outermost first (`git`, then `git grep`). */
  facts: readonly CompiledFact[];
  /** Per argv index (from `start`): what the word is; undefined after `commandAt`. */
  kinds: (WordKind | undefined)[];
  /** Indexes of the operands of the innermost entry. */
  operands: number[];
  options: OptionUse[];
  effects: Set<Effect>;
  /** Where the command this one runs starts (a wrapper's command word), if it runs one. */
  commandAt?: number;
  /** Any later word may be the command run (`ssh host rm`): a runner the table only names. */
  anyLaterWord: boolean;
  /** A subcommand the table does not know: its words' roles are `unknown`. */
  unknownSubcommand?: string;
}

/** At most this many readings of one argv; past it, every operand of a further reading is `unknown`. */
export const MAX_READINGS = 16;

interface State {
  facts: CompiledFact[];
  kinds: (WordKind | undefined)[];
  operands: number[];
  options: OptionUse[];
  effects: Set<Effect>;
  commandAt?: number;
  anyLaterWord: boolean;
  unknownSubcommand?: string;
  ended: boolean;
  /** `operandsFirst`: the expression has started, no later word is an operand. */
  expression: boolean;
  /** Index of the command word. */
  start: number;
  next: number;
  exhausted: boolean;
}

function clone(state: State): State {
  return {
    ...state,
    facts: [...state.facts],
    kinds: [...state.kinds],
    operands: [...state.operands],
    options: [...state.options],
    effects: new Set(state.effects),
  };
}

function applyEffects(state: State, def: OptionDef, value: string | undefined): void {
  for (const effect of def.effects) state.effects.add(effect);
  if (value !== undefined) for (const effect of valueEffectsOf(def, value) ?? []) state.effects.add(effect);
  if (def.repeatEffects !== undefined) {
    // Called after the option is recorded: the count includes this use.
    let times = 0;
    for (const use of state.options) if (use.def === def) times++;
    for (const [least, effects] of def.repeatEffects)
      if (times >= least) for (const effect of effects) state.effects.add(effect);
  }
}

/**
 * `tar czf out.tgz a`: the first word is a cluster of short options without its dash; its
 * value-taking letters take the next words in order. Returns the index of the last word read.
 */
function bundled(argv: readonly string[], i: number, level: CompiledFact, state: State): number {
  const word = argv[i]!;
  state.kinds[i] = 'option';
  let next = i + 1;
  for (const letter of word) {
    const def = level.short.get(letter);
    if (def !== undefined && def.takes !== 'none' && next < argv.length) {
      state.kinds[next] = def.role;
      state.options.push({ spelling: def.spelling, index: i, value: argv[next]!, valueIndex: next, def });
      applyEffects(state, def, argv[next]);
      next++;
      continue;
    }
    // A letter the table does not list is read as a flag: an old-style cluster has no other form.
    state.options.push(
      def === undefined ? { spelling: `-${letter}`, index: i } : { spelling: def.spelling, index: i, def },
    );
    if (def !== undefined) applyEffects(state, def, undefined);
  }
  return next - 1;
}

/** The second word of a `pairs` option at `at` (`jq --arg NAME VALUE`): its index, if taken. */
function second(argv: readonly string[], at: number, def: OptionDef, state: State): number | undefined {
  if (def.second === undefined || at >= argv.length) return undefined;
  state.kinds[at] = def.second;
  return at;
}

/** Whether the option word `word` starts `find`'s expression (see `operandsFirst`). */
function startsExpression(word: string, before: readonly string[]): boolean {
  const equals = word.indexOf('=');
  return !before.includes(equals < 0 ? word : word.slice(0, equals));
}

/** The long option `name` names: exactly, or (GNU) as a unique prefix of one. */
function longDef(level: CompiledFact, name: string): OptionDef | undefined {
  const exact = level.long.get(name);
  if (exact || !level.fact.abbreviations || name.length === 0) return exact;
  let found: OptionDef | undefined;
  for (const [full, def] of level.long) {
    if (!full.startsWith(name)) continue;
    if (found) return undefined; // ambiguous: the command refuses it
    found = def;
  }
  return found;
}

/**
 * The entries whose options are read after their subcommands too (`persistentOptions`): the
 * outer entries of the reading, innermost first, that say so; empty for most readings.
 */
function persistentOwners(state: State): CompiledFact[] {
  const owners: CompiledFact[] = [];
  for (let k = state.facts.length - 2; k >= 0; k--)
    if (state.facts[k]!.fact.persistentOptions === true) owners.push(state.facts[k]!);
  return owners;
}

/** The long option `name` at `level`, or an outer entry's persistent one. */
function longOption(state: State, level: CompiledFact, name: string): OptionDef | undefined {
  const own = longDef(level, name);
  if (own !== undefined || state.facts.length < 2) return own;
  for (const owner of persistentOwners(state)) {
    const def = longDef(owner, name);
    if (def !== undefined) return def;
  }
  return undefined;
}

/** The short option `letter` at `level`, or an outer entry's persistent one. */
function shortOption(state: State, level: CompiledFact, letter: string): OptionDef | undefined {
  const own = level.short.get(letter);
  if (own !== undefined || state.facts.length < 2) return own;
  for (const owner of persistentOwners(state)) {
    const def = owner.short.get(letter);
    if (def !== undefined) return def;
  }
  return undefined;
}

/**
 * After a subcommand the table does not know, a long option word an outer entry declares as
 * persistent (`kubectl logs pod --kubeconfig F`): that entry, else undefined.
 */
function persistentOwnerOf(state: State, word: string): CompiledFact | undefined {
  if (state.ended || word.length < 3 || word.charCodeAt(0) !== 0x2d || word.charCodeAt(1) !== 0x2d)
    return undefined;
  const equals = word.indexOf('=');
  const name = word.slice(2, equals < 0 ? undefined : equals);
  for (let k = state.facts.length - 1; k >= 0; k--) {
    const owner = state.facts[k]!;
    if (owner.fact.persistentOptions === true && owner.long.has(name)) return owner;
  }
  return undefined;
}

/** The role a setting's key gives an option's value (`-o IdentityFile=KEY` → `uses`), if any. */
function settingRole(def: OptionDef, value: string): Role | undefined {
  if (def.settingRoles === undefined) return undefined;
  const match = /^\s*([A-Za-z][\w-]*)(?:\s*=\s*|\s+)(\S+)\s*$/.exec(value);
  return match === null ? undefined : def.settingRoles.get(match[1]!.toLowerCase());
}

/** Records an option with a value, giving the value's word its role (a setting's, or the option's). */
function recordValue(state: State, def: OptionDef, index: number, value: string, valueIndex: number): void {
  const role = settingRole(def, value);
  if (valueIndex !== index) state.kinds[valueIndex] = role ?? def.role;
  state.options.push(
    role === undefined
      ? { spelling: def.spelling, index, value, valueIndex, def }
      : { spelling: def.spelling, index, value, valueIndex, def, role },
  );
  applyEffects(state, def, value);
}

/**
 * A `valueLists` option's further values: the words after `at` up to the next option word
 * (`zip -x .env '*.pem' -r`). Returns the index of the last word taken.
 */
function listValues(
  argv: readonly string[],
  at: number,
  index: number,
  def: OptionDef,
  state: State,
): number {
  let last = at;
  while (last + 1 < argv.length && argv[last + 1]!.charCodeAt(0) !== 0x2d && argv[last + 1] !== '') {
    last++;
    state.kinds[last] = def.role;
    state.options.push({ spelling: def.spelling, index, value: argv[last]!, valueIndex: last, def });
  }
  return last;
}

/**
 * Reads `argv[start…]` against `fact` (the entry of `argv[start]`'s command). Returns at least
 * one reading.
 */
export function readArgv(argv: readonly string[], fact: CompiledFact, start = 0): Reading[] {
  const first: State = {
    facts: [fact],
    kinds: [],
    operands: [],
    options: [],
    effects: new Set(fact.fact.implies ?? []),
    anyLaterWord: false,
    ended: false,
    expression: false,
    start,
    next: start + 1,
    exhausted: false,
  };
  first.kinds[start] = 'program';
  const forks: Forks = { queue: [first], readings: 1 };
  const queue = forks.queue;
  const readings: Reading[] = [];
  while (queue.length > 0) {
    const state = queue.pop()!;
    walk(argv, state, forks);
    readings.push(finish(state, argv));
  }
  return readings;
}

/** The readings still to walk, and how many readings there are so far (at most `MAX_READINGS`). */
interface Forks {
  queue: State[];
  readings: number;
}

/**
 * A copy of `state` to read on another way, or `undefined` (and `state` marked exhausted) once
 * there are `MAX_READINGS` readings. (A function of its own rather than a closure made by each
 * `readArgv` call.)
 */
function fork(forks: Forks, state: State): State | undefined {
  if (forks.readings >= MAX_READINGS) {
    state.exhausted = true;
    return undefined;
  }
  forks.readings++;
  return clone(state);
}

function walk(argv: readonly string[], state: State, forks: Forks): void {
  for (let i = state.next; i < argv.length; i++) {
    const level = state.facts[state.facts.length - 1]!;
    const word = argv[i]!;
    if (state.unknownSubcommand !== undefined) {
      const owner = persistentOwnerOf(state, word);
      if (owner !== undefined) {
        i = option(argv, i, owner, state, forks);
        continue;
      }
      if (word === '--') state.ended = true;
      state.kinds[i] = 'unknown';
      continue;
    }
    const first = level.fact.operandsFirst;
    if (first !== undefined && !state.ended) {
      if (word === '(' || word === '!' || word === ',') {
        state.kinds[i] = 'option';
        state.expression = true;
        continue;
      }
      if (
        !state.expression &&
        word.length > 1 &&
        word.charCodeAt(0) === 0x2d &&
        startsExpression(word, first)
      )
        state.expression = true;
    }
    if (
      state.facts.length === 1 &&
      level.fact.bundledFirst &&
      i === state.start + 1 &&
      word.length > 0 &&
      word.charCodeAt(0) !== 0x2d
    ) {
      i = bundled(argv, i, level, state);
      continue;
    }
    const permuted = level.fact.permute !== false || state.operands.length === 0;
    if (!state.ended && permuted && word === '--') {
      state.kinds[i] = 'end-of-options';
      state.ended = true;
      continue;
    }
    if (
      !state.ended &&
      permuted &&
      level.fact.plusOptions &&
      word.length > 1 &&
      word.charCodeAt(0) === 0x2b
    ) {
      state.kinds[i] = 'option';
      state.options.push({ spelling: word, index: i });
      continue;
    }
    if (
      !state.ended &&
      permuted &&
      level.fact.plusClusters &&
      word.length > 1 &&
      word.charCodeAt(0) === 0x2b
    ) {
      i = plusCluster(argv, i, level, state);
      continue;
    }
    if (!state.ended && permuted && word.length > 1 && word.charCodeAt(0) === 0x2d) {
      i = option(argv, i, level, state, forks);
      continue;
    }
    // An operand, a subcommand or the command a wrapper runs.
    if (
      level.subcommands &&
      state.operands.length === 0 &&
      !(
        level.fact.subcommandsFirst &&
        state.kinds[i - 1] !== 'subcommand' &&
        state.kinds[i - 1] !== 'program'
      )
    ) {
      const sub = level.subcommands.get(word);
      if (sub || !level.fact.operandUnlessSubcommand) {
        state.kinds[i] = 'subcommand';
        state.ended = false;
        if (sub) {
          state.facts.push(sub);
          for (const effect of sub.fact.implies ?? []) state.effects.add(effect);
        } else state.unknownSubcommand = word;
        continue;
      }
    }
    const wrapper = level.fact.wrapper;
    if (wrapper === 'after-options' && state.operands.length < (level.fact.commandAfter ?? 0)) {
      // An operand of the wrapper's own before its command (`timeout 5 CMD`): options end here.
      state.operands.push(i);
      state.ended = true;
      continue;
    }
    if (wrapper === 'after-options' || wrapper === 'first-operand') {
      state.kinds[i] = 'command';
      state.commandAt = i;
      return;
    }
    if (wrapper === 'any-later-word') {
      state.anyLaterWord = true;
      // A runner that permutes (`gdb ./prog -ex CMD`) reads its options after the command too.
      if (level.fact.permute === true && !state.ended) {
        state.kinds[i] = 'unknown';
        continue;
      }
      for (let k = i; k < argv.length; k++) state.kinds[k] = 'unknown';
      return;
    }
    if (state.expression) {
      state.kinds[i] = 'unknown';
      continue;
    }
    state.operands.push(i);
    if (level.fact.permute === false) state.ended = true;
  }
}

/**
 * `+o pipefail`, `+ex` (`plusClusters`): short options turned off. A letter that takes a value
 * takes the rest of the word or the next word, as with `-`; the options have no definition (none
 * of the `-` option's effects or roles), and a letter the entry does not list is a flag.
 * Returns the index of the last word read.
 */
function plusCluster(argv: readonly string[], i: number, level: CompiledFact, state: State): number {
  const word = argv[i]!;
  state.kinds[i] = 'option';
  for (let k = 1; k < word.length; k++) {
    const letter = word[k]!;
    const def = level.short.get(letter);
    const takes = def?.takes ?? 'none';
    if (takes === 'none') {
      state.options.push({ spelling: `+${letter}`, index: i });
      continue;
    }
    if (k + 1 < word.length) {
      state.options.push({ spelling: `+${letter}`, index: i, value: word.slice(k + 1), valueIndex: i });
      return i;
    }
    if (takes === 'required' && i + 1 < argv.length) {
      state.kinds[i + 1] = def!.role;
      state.options.push({ spelling: `+${letter}`, index: i, value: argv[i + 1]!, valueIndex: i + 1 });
      return i + 1;
    }
    state.options.push({ spelling: `+${letter}`, index: i });
  }
  return i;
}

/** Reads the option word at `i`; returns the index of its last word. */
function option(argv: readonly string[], i: number, level: CompiledFact, state: State, forks: Forks): number {
  const word = argv[i]!;
  state.kinds[i] = 'option';
  const dashes = level.fact.singleDash && word.charCodeAt(1) !== 0x2d ? 1 : 2;
  if (dashes === 1 || word.charCodeAt(1) === 0x2d) {
    const equals = word.indexOf('=');
    const name = word.slice(dashes, equals < 0 ? undefined : equals);
    const def = longOption(state, level, name);
    const attached = equals < 0 ? undefined : word.slice(equals + 1);
    if (def) {
      if (def.takes === 'required' && attached === undefined && i + 1 < argv.length) {
        recordValue(state, def, i, argv[i + 1]!, i + 1);
        if (def.list) return listValues(argv, i + 1, i, def, state);
        return second(argv, i + 2, def, state) ?? i + 1;
      }
      if (attached === undefined) {
        state.options.push({ spelling: def.spelling, index: i, def });
        applyEffects(state, def, attached);
        return i;
      }
      recordValue(state, def, i, attached, i);
      return second(argv, i + 1, def, state) ?? i;
    }
    // A single-dash entry's word naming no long option, whose first letter is a short option:
    // a cluster of short options (`mvn -DskipTests`, `-Dkey=value`), read below.
    if (dashes === 1 && level.short.size > 0 && level.short.has(word[1]!))
      return shortCluster(argv, i, level, state, forks);
    // Not in the table: `--x=v` holds its value; `--x` may take the next word.
    if (attached !== undefined || i + 1 >= argv.length) {
      state.options.push({
        spelling: word,
        index: i,
        ...(attached === undefined ? {} : { value: attached, valueIndex: i }),
      });
      return i;
    }
    const other = fork(forks, state);
    if (other) {
      other.kinds[i] = 'option';
      other.kinds[i + 1] = 'unknown';
      other.options.push({
        spelling: word.slice(0, dashes) + name,
        index: i,
        value: argv[i + 1]!,
        valueIndex: i + 1,
      });
      other.next = i + 2;
      forks.queue.push(other);
    }
    state.options.push({ spelling: word.slice(0, dashes) + name, index: i });
    return i;
  }
  // Short options, one cluster (`-rn`, `-A3`, `-e PAT`); `-3` when digits are an option.
  if (level.fact.numeric && /^-\d+$/.test(word)) {
    for (const effect of level.fact.numeric) state.effects.add(effect);
    state.options.push({ spelling: word, index: i });
    return i;
  }
  return shortCluster(argv, i, level, state, forks);
}

/** The option of several letters (`multiShort`: zip's `TT`) starting at `word[k]`, if any. */
function multiLetterAt(level: CompiledFact, word: string, k: number): string | undefined {
  for (const key of level.multiShort!) if (word.startsWith(key, k)) return key;
  return undefined;
}

/** Reads the cluster of short options at `i` (`-rn`, `-A3`, `-e PAT`); returns the index of its last word. */
function shortCluster(
  argv: readonly string[],
  i: number,
  level: CompiledFact,
  state: State,
  forks: Forks,
): number {
  const word = argv[i]!;
  // `valuesFollow` (tree): each value a letter takes is the next word not yet taken.
  let taken = i;
  for (let k = 1; k < word.length; k++) {
    const letter = (level.multiShort !== undefined && multiLetterAt(level, word, k)) || word[k]!;
    const def = shortOption(state, level, letter);
    const end = k + letter.length;
    const rest = end < word.length ? word.slice(end) : undefined;
    if (def) {
      if (def.takes === 'none') {
        state.options.push({ spelling: def.spelling, index: i, def });
        applyEffects(state, def, undefined);
        k = end - 1;
        continue;
      }
      if (level.fact.valuesFollow) {
        if (def.takes === 'required' && taken + 1 < argv.length) {
          taken++;
          state.kinds[taken] = def.role;
          state.options.push({
            spelling: def.spelling,
            index: i,
            value: argv[taken]!,
            valueIndex: taken,
            def,
          });
          applyEffects(state, def, argv[taken]);
        } else {
          state.options.push({ spelling: def.spelling, index: i, def });
          applyEffects(state, def, undefined);
        }
        k = end - 1;
        continue;
      }
      if (rest !== undefined) {
        recordValue(state, def, i, rest, i);
        return i;
      }
      if (def.takes === 'required' && i + 1 < argv.length) {
        recordValue(state, def, i, argv[i + 1]!, i + 1);
        if (def.list) return listValues(argv, i + 1, i, def, state);
        return second(argv, i + 2, def, state) ?? i + 1;
      }
      state.options.push({ spelling: def.spelling, index: i, def });
      applyEffects(state, def, undefined);
      return i;
    }
    // A letter the table does not list: a flag, or an option taking the rest (or the next word);
    // with `valuesFollow`, a flag (the word it might take is read as an operand).
    const valued = !level.fact.valuesFollow && (rest !== undefined || i + 1 < argv.length);
    const other = valued ? fork(forks, state) : undefined;
    if (other) {
      other.kinds[i] = 'option';
      if (rest !== undefined) {
        other.options.push({ spelling: `-${letter}`, index: i, value: rest, valueIndex: i });
        other.next = i + 1;
      } else {
        other.kinds[i + 1] = 'unknown';
        other.options.push({ spelling: `-${letter}`, index: i, value: argv[i + 1]!, valueIndex: i + 1 });
        other.next = i + 2;
      }
      forks.queue.push(other);
    }
    state.options.push({ spelling: `-${letter}`, index: i });
  }
  return taken;
}

/** Gives the operands their roles once every option is known (`-e` may come after them). */
function finish(state: State, argv: readonly string[]): Reading {
  const level = state.facts[state.facts.length - 1]!;
  let roles = level.fact.operands ?? ['unknown'];
  if (roles[0] === 'pattern' && state.effects.has('pattern-given')) roles = roles.slice(1);
  if (roles.length === 0) roles = ['unknown'];
  const last = level.fact.lastOperand;
  const keyed = level.fact.keyOperands;
  const count = state.operands.length;
  for (let n = 0; n < count; n++) {
    state.kinds[state.operands[n]!] = state.exhausted
      ? 'unknown'
      : last !== undefined && count >= 2 && n === count - 1 && !state.effects.has('target-given')
        ? last
        : roles[Math.min(n, roles.length - 1)]!;
  }
  // `7z a x.7z @list.txt`: an operand naming a file that lists more of them.
  const listed = level.fact.listOperands;
  if (listed !== undefined)
    for (const index of state.operands)
      if (argv[index]!.startsWith(listed)) state.effects.add('reads-listed');
  // `gcc @opts a.c`: an operand naming a file of more options.
  const optionFiles = level.fact.optionFiles;
  if (optionFiles !== undefined)
    for (const index of state.operands)
      if (argv[index]!.startsWith(optionFiles)) state.effects.add('reads-options');
  // `dd if=F of=F`: an operand's role by the key before its `=`.
  if (keyed !== undefined && !state.exhausted)
    for (const index of state.operands) {
      const word = argv[index]!;
      const equals = word.indexOf('=');
      const key = equals > 0 ? word.slice(0, equals) : '';
      if (Object.hasOwn(keyed, key)) state.kinds[index] = keyed[key]!;
    }
  const reading: Reading = {
    facts: state.facts,
    kinds: state.kinds,
    operands: state.operands,
    options: state.options,
    effects: state.effects,
    anyLaterWord: state.anyLaterWord,
  };
  if (state.commandAt !== undefined) reading.commandAt = state.commandAt;
  if (state.unknownSubcommand !== undefined) reading.unknownSubcommand = state.unknownSubcommand;
  return reading;
}
