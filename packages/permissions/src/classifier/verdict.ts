/**
 * Turns a parse into a verdict: the first option with a write/exec effect makes the command
 * mutating; then the command's own semantic check (operands that name an output, ...).
 */
import type { ShellWord } from '../shell/types';
import { isParseFailure, parseOptions } from './parse-options';
import type { ClassificationResult, CommandSpec, OptionEffect, ParsedArgs } from './types';

/** A read-only verdict. */
export function readOnly(reason: string): ClassificationResult {
  return { classification: 'read-only', reason };
}

/** A mutating verdict naming the flag or operand responsible. */
export function mutating(reason: string, flag?: string): ClassificationResult {
  return flag === undefined
    ? { classification: 'mutating', reason }
    : { classification: 'mutating', reason, flag };
}

/** An unknown verdict (never auto-allowed). */
export function unknown(reason: string, flag?: string): ClassificationResult {
  return flag === undefined
    ? { classification: 'unknown', reason }
    : { classification: 'unknown', reason, flag };
}

const EFFECT_WORDS: Record<OptionEffect, string> = {
  write: 'writes a file',
  exec: 'runs another program',
};

/** The first write/exec option in a parse, as a mutating verdict. */
export function dangerousOption(command: string, parsed: ParsedArgs): ClassificationResult | undefined {
  for (const option of parsed.options) {
    const effect = option.def.effect;
    if (!effect) continue;
    const resolved = typeof effect === 'function' ? effect(option.value) : effect;
    if (!resolved) continue;
    const why = option.def.why ?? EFFECT_WORDS[resolved];
    return mutating(`${command} ${option.def.name} ${why}`, option.spelling);
  }
  return undefined;
}

/**
 * Parses `args` (from index `start`) with `spec` and returns the verdict. `readReason`, when
 * given, is the read-only reason already spelled out (`${command} only reads with these options`).
 */
export function classifyWithSpec(
  command: string,
  spec: CommandSpec,
  args: readonly string[],
  words?: readonly ShellWord[],
  start = 0,
  readReason?: string,
): ClassificationResult {
  const parsed = parseOptions(spec, args, words, start);
  if (isParseFailure(parsed)) return unknown(`${command}: ${parsed.failure}`, parsed.flag);
  return (
    dangerousOption(command, parsed) ??
    spec.check?.(parsed) ??
    readOnly(readReason ?? `${command} only reads with these options`)
  );
}
