/**
 * Turns a table entry's compact notation (`short: 'rA:d::'`, `long: 'recursive file= color=?'`)
 * into lookup maps, and refuses a malformed entry when the table loads: a role, effect or
 * script format naming an option the entry does not declare is a programming error.
 */
import type { CommandFact, Effect, ReadFormat, Role, ScriptFormat } from './types';

/** Whether an option takes a value: never, attached or the next word, or only attached. */
export type Takes = 'none' | 'required' | 'attached';

/** One declared option. */
export interface OptionDef {
  /** Canonical spelling (`-e`, `--regexp`). */
  spelling: string;
  takes: Takes;
  /** Role of its value. */
  role: Role;
  /** Effects of giving it (any value). */
  effects: readonly Effect[];
  /** Effects of giving it with a given value (`--directories=recurse`). */
  valueEffects: ReadonlyMap<string, readonly Effect[]>;
  /**
   * Effects of giving it with a value a pattern matches (`-i=*@*`: 7-Zip's `-i@list`, `-ir@list`),
   * `*` standing for any text; read after an exact value and before `*` alone (`valueEffectsOf`).
   */
  valuePatterns?: readonly (readonly [RegExp, readonly Effect[]])[];
  /** A value starting with this text names files left out: a pattern (`rg -g '!*.pem'`). */
  excludePrefix?: string;
  /** The role of a second word it takes after its value (`jq --arg NAME VALUE`). */
  second?: Role;
  /** Effects of giving it at least N times (`rg -uu`), by N. */
  repeatEffects?: ReadonlyMap<number, readonly Effect[]>;
  format?: ScriptFormat;
  readFormat?: ReadFormat;
  /** Its value is a `KEY=VALUE` setting for this run (`settingOptions`: `git -c`). */
  setting?: boolean;
  /** A `write` value the command only creates or overwrites, never reading it (`writesOnly`). */
  writeOnly?: boolean;
  /** Roles of a `KEY=VALUE` value by its key, lower-cased (`settingRoles`). */
  settingRoles?: ReadonlyMap<string, Role>;
  /** Its value runs over the following words up to the next option word (`valueLists`). */
  list?: boolean;
}

/**
 * The effects an option's value adds: those of the value itself, else of the first pattern it
 * matches, else of any value (`*`); undefined for none.
 */
export function valueEffectsOf(def: OptionDef, value: string): readonly Effect[] | undefined {
  const exact = def.valueEffects.get(value);
  if (exact !== undefined) return exact;
  const patterns = def.valuePatterns;
  if (patterns !== undefined)
    for (let index = 0; index < patterns.length; index++)
      if (patterns[index]![0].test(value)) return patterns[index]![1];
  return def.valueEffects.get('*');
}

/** `*@*` → a regular expression matching the whole value, `*` standing for any text. */
function valuePattern(text: string): RegExp {
  return new RegExp(
    `^${text
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );
}

/** A table entry ready for `readArgv`. */
export interface CompiledFact {
  /** `git` or `git grep`. */
  path: string;
  fact: Omit<CommandFact, 'names'>;
  short: ReadonlyMap<string, OptionDef>;
  long: ReadonlyMap<string, OptionDef>;
  subcommands: ReadonlyMap<string, CompiledFact> | undefined;
  /**
   * The short options of more than one letter (`TT`), longest first: read before a letter
   * alone wherever one starts in a cluster, as zip reads them.
   */
  multiShort?: readonly string[];
}

/**
 * Short options: a letter, or a bracketed group of letters that is one option (zip's `[TT]:`:
 * `-TT CMD` beside `-T`), each followed by `:` or `::`.
 */
function parseShort(optstring: string, path: string): Map<string, Takes> {
  const out = new Map<string, Takes>();
  for (let i = 0; i < optstring.length; i++) {
    let letter = optstring[i]!;
    if (letter === ':') throw new Error(`command table: ${path}: stray ':' in short options`);
    if (letter === '[') {
      const close = optstring.indexOf(']', i);
      letter = close < 0 ? '' : optstring.slice(i + 1, close);
      if (letter.length < 2 || /[[:]/.test(letter))
        throw new Error(`command table: ${path}: a bracketed short option needs two letters or more`);
      i = close;
    }
    let takes: Takes = 'none';
    if (optstring[i + 1] === ':') {
      takes = optstring[i + 2] === ':' ? 'attached' : 'required';
      i += takes === 'attached' ? 2 : 1;
    }
    if (out.has(letter)) throw new Error(`command table: ${path}: -${letter} declared twice`);
    out.set(letter, takes);
  }
  return out;
}

function parseLong(list: string, path: string): Map<string, Takes> {
  const out = new Map<string, Takes>();
  for (const entry of list.split(/\s+/).filter(Boolean)) {
    let name = entry;
    let takes: Takes = 'none';
    if (entry.endsWith('=?')) {
      name = entry.slice(0, -2);
      takes = 'attached';
    } else if (entry.endsWith('=')) {
      name = entry.slice(0, -1);
      takes = 'required';
    }
    if (out.has(name)) throw new Error(`command table: ${path}: --${name} declared twice`);
    out.set(name, takes);
  }
  return out;
}

/**
 * Subcommands, with names ending in `*` standing for every name with that prefix (git's
 * credential helpers `credential-*`: an open set); an exact name comes first.
 */
class PrefixMap extends Map<string, CompiledFact> {
  constructor(
    exact: Map<string, CompiledFact>,
    private readonly prefixes: readonly [string, CompiledFact][],
  ) {
    super(exact);
  }
  override get(name: string): CompiledFact | undefined {
    const found = super.get(name);
    if (found !== undefined) return found;
    for (const [prefix, compiled] of this.prefixes) if (name.startsWith(prefix)) return compiled;
    return undefined;
  }
}

/** Compiles one entry (and its subcommands); throws on a malformed one. */
export function compileFact(fact: Omit<CommandFact, 'names'>, path: string): CompiledFact {
  const short = new Map<string, OptionDef>();
  const long = new Map<string, OptionDef>();
  // A value whose role the entry does not give may be anything, a path too: `unknown`.
  const blank = (spelling: string, takes: Takes): OptionDef => ({
    spelling,
    takes,
    role: 'unknown',
    effects: [],
    valueEffects: new Map(),
  });
  for (const [letter, takes] of parseShort(fact.short ?? '', path))
    short.set(letter, blank(`-${letter}`, takes));
  const dashes = fact.singleDash ? '-' : '--';
  for (const [name, takes] of parseLong(fact.long ?? '', path))
    long.set(name, blank(`${dashes}${name}`, takes));
  // A single-dash entry's short options (`mvn -DskipTests`) are named where no long one is.
  const find = (spelling: string, what: string): OptionDef => {
    const name = spelling.replace(/^--?/, '');
    const def = spelling.startsWith('--')
      ? long.get(name)
      : fact.singleDash
        ? (long.get(name) ?? short.get(name))
        : short.get(name);
    if (!def) throw new Error(`command table: ${path}: ${what} ${spelling} names no declared option`);
    return def;
  };
  for (const [spelling, role] of Object.entries(fact.values ?? {})) {
    const def = find(spelling, 'value role of');
    if (def.takes === 'none')
      throw new Error(`command table: ${path}: ${spelling} takes no value to have a role`);
    def.role = role;
  }
  for (const [key, effects] of Object.entries(fact.effects ?? {})) {
    const times = /^(.+)\*(\d+)$/.exec(key);
    if (times !== null) {
      const def = find(times[1]!, 'effect of');
      const repeats = new Map(def.repeatEffects);
      repeats.set(Number(times[2]), effects);
      def.repeatEffects = repeats;
      continue;
    }
    const equals = key.indexOf('=');
    const def = find(equals < 0 ? key : key.slice(0, equals), 'effect of');
    const value = key.slice(equals + 1);
    if (equals < 0) def.effects = effects;
    else if (value !== '*' && value.includes('*'))
      def.valuePatterns = [...(def.valuePatterns ?? []), [valuePattern(value), effects]];
    else (def.valueEffects as Map<string, readonly Effect[]>).set(value, effects);
  }
  const credentials = fact.printsCredentials;
  if (credentials !== undefined && credentials !== 'always') {
    for (const spelling of credentials.flatMap((all) => all.split('&'))) {
      // `@N=PATTERN` names an operand, `PREFIX*` any option so spelled: no declared option.
      if (spelling.startsWith('@') || spelling.endsWith('*')) continue;
      find(spelling.split(/[~!]/)[0]!, 'credential option');
    }
  }
  for (const [spelling, format] of Object.entries(fact.scriptFormat ?? {})) {
    const def = find(spelling, 'script format of');
    if (def.role !== 'script')
      throw new Error(`command table: ${path}: ${spelling} has a format but no script role`);
    def.format = format;
  }
  for (const [spelling, format] of Object.entries(fact.readFormat ?? {})) {
    const def = find(spelling, 'read format of');
    if (def.role !== 'read')
      throw new Error(`command table: ${path}: ${spelling} has a read format but no read role`);
    def.readFormat = format;
  }
  for (const spelling of fact.settingOptions ?? []) {
    const def = find(spelling, 'setting option');
    if (def.takes === 'none') throw new Error(`command table: ${path}: ${spelling} takes no setting`);
    def.setting = true;
  }
  for (const spelling of fact.writesOnly ?? []) {
    const def = find(spelling, 'write-only value of');
    if (def.role !== 'write')
      throw new Error(`command table: ${path}: ${spelling} is write-only but no write`);
    def.writeOnly = true;
  }
  for (const [spelling, keys] of Object.entries(fact.settingRoles ?? {})) {
    const def = find(spelling, 'setting roles of');
    if (def.takes === 'none') throw new Error(`command table: ${path}: ${spelling} takes no setting`);
    def.settingRoles = new Map(Object.entries(keys).map(([key, role]) => [key.toLowerCase(), role]));
  }
  for (const spelling of fact.valueLists ?? []) {
    const def = find(spelling, 'value list of');
    if (def.takes !== 'required') throw new Error(`command table: ${path}: ${spelling} takes no list`);
    def.list = true;
  }
  for (const [spelling, prefix] of Object.entries(fact.exclusions ?? {})) {
    const def = find(spelling, 'exclusion prefix of');
    if (def.takes === 'none')
      throw new Error(`command table: ${path}: ${spelling} takes no value to exclude with`);
    def.excludePrefix = prefix;
  }
  for (const spelling of fact.operandsFirst ?? []) find(spelling, 'option before the operands');
  for (const name of fact.optionsEnv ?? [])
    if (!(fact.env ?? []).includes(name))
      throw new Error(`command table: ${path}: ${name} gives options but is not a variable it obeys (env)`);
  for (const name of fact.commandEnv ?? [])
    if (!(fact.env ?? []).includes(name))
      throw new Error(
        `command table: ${path}: ${name} holds a command line but is not a variable it obeys (env)`,
      );
  for (const spelling of fact.unwrap?.onlyPrintsWith ?? [])
    if (!(fact.unwrap?.noCommandWith ?? []).includes(spelling))
      throw new Error(`command table: ${path}: ${spelling} only prints but runs a command (noCommandWith)`);
  for (const spelling of fact.contactsRemote?.unless ?? []) find(spelling, 'option keeping it local');
  if (fact.listOperands === '') throw new Error(`command table: ${path}: an empty listOperands prefix`);
  if (fact.optionFiles === '') throw new Error(`command table: ${path}: an empty optionFiles prefix`);
  for (const [spelling, role] of Object.entries(fact.pairs ?? {})) {
    const def = find(spelling, 'second value of');
    if (def.takes !== 'required')
      throw new Error(`command table: ${path}: ${spelling} takes a second word but no value of its own`);
    def.second = role;
  }
  let subcommands: Map<string, CompiledFact> | undefined;
  if (fact.subcommands) {
    subcommands = new Map();
    const prefixes: [string, CompiledFact][] = [];
    for (const [name, sub] of Object.entries(fact.subcommands)) {
      const compiled = compileFact(sub, `${path} ${name}`);
      for (const alias of [name, ...(sub.names ?? [])]) {
        subcommands.set(alias, compiled);
        if (alias.endsWith('*')) prefixes.push([alias.slice(0, -1), compiled]);
      }
    }
    if (prefixes.length > 0) subcommands = new PrefixMap(subcommands, prefixes);
  }
  const multiShort = [...short.keys()].filter((key) => key.length > 1).sort((a, b) => b.length - a.length);
  if (fact.singleDash)
    for (const letter of short.keys())
      if (letter.length > 1 || long.has(letter))
        throw new Error(`command table: ${path}: -${letter} is both a long and a short option`);
  return multiShort.length === 0
    ? { path, fact, short, long, subcommands }
    : { path, fact, short, long, subcommands, multiShort };
}
