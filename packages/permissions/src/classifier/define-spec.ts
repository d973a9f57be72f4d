/**
 * Builds a `CommandSpec` from compact, getopt-like notation so each command's table reads
 * like its manual: `short: 'bcuo:k:'` (a `:` after a letter = takes a value, `::` = value
 * only when attached), `long: 'unique output= compress-program= color=?'` (`=` = takes a
 * value, `=?` = value only after `=`, `=*` = takes a value unless it is the last word), `danger: { '-o': 'write', '--output': 'write' }`.
 */
import type { ClassificationResult, CommandSpec, OptionDef, OptionEffect, ParsedArgs } from './types';

/** Compact description of a command's options (see the file comment for the notation). */
export interface SpecInput {
  short?: string;
  long?: string;
  danger?: Record<string, OptionEffect | ((value: string | undefined) => OptionEffect | undefined)>;
  why?: Record<string, string>;
  abbreviations?: boolean;
  permute?: boolean;
  numericOption?: boolean;
  harmlessOptions?: boolean;
  check?: (parsed: ParsedArgs) => ClassificationResult | undefined;
}

/**
 * Turns compact notation into a `CommandSpec`. Throws on a malformed table (a programming
 * error caught by the tests at import time), e.g. a `danger` key naming no option.
 */
export function defineSpec(input: SpecInput): CommandSpec {
  const short = new Map<string, OptionDef>();
  const long = new Map<string, OptionDef>();
  const optstring = input.short ?? '';
  for (let i = 0; i < optstring.length; i++) {
    const letter = optstring[i]!;
    let argument: OptionDef['argument'] = 'none';
    if (optstring[i + 1] === ':') {
      argument = optstring[i + 2] === ':' ? 'optional' : 'required';
      i += argument === 'optional' ? 2 : 1;
    }
    short.set(letter, { name: `-${letter}`, argument });
  }
  for (const entry of (input.long ?? '').split(/\s+/).filter(Boolean)) {
    let name = entry;
    let argument: OptionDef['argument'] = 'none';
    let defaultAtEnd = false;
    if (entry.endsWith('=*')) {
      name = entry.slice(0, -2);
      argument = 'required';
      defaultAtEnd = true;
    } else if (entry.endsWith('=?')) {
      name = entry.slice(0, -2);
      argument = 'optional';
    } else if (entry.endsWith('=')) {
      name = entry.slice(0, -1);
      argument = 'required';
    }
    long.set(
      name,
      defaultAtEnd ? { name: `--${name}`, argument, defaultAtEnd } : { name: `--${name}`, argument },
    );
  }
  for (const [spelling, effect] of Object.entries(input.danger ?? {})) {
    const def = spelling.startsWith('--') ? long.get(spelling.slice(2)) : short.get(spelling.slice(1));
    if (!def) throw new Error(`defineSpec: danger entry ${spelling} names no declared option`);
    def.effect = effect;
    const why = input.why?.[spelling];
    if (why) def.why = why;
  }
  const spec: CommandSpec = {
    short,
    long,
    abbreviations: input.abbreviations ?? true,
    permute: input.permute ?? true,
    numericOption: input.numericOption ?? false,
    harmlessOptions: input.harmlessOptions ?? false,
  };
  if (input.check) spec.check = input.check;
  return spec;
}
