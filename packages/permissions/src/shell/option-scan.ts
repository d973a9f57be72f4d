/**
 * A small getopt-style scanner for the options of wrapper commands (`sudo`, `env`, `timeout`,
 * ...). It stops at the first operand or after `--`, like GNU getopt with a leading `+`.
 * An option it does not know is reported, never guessed: the caller then cannot tell which
 * word is the command.
 */
import type { ShellWord } from './types';

/** The wrapper-scan stop for a computed word where an option or the command belongs. */
export const DYNAMIC_WORD_STOP = 'dynamic word where an option or the command belongs';

/** Which options a command accepts. Letters are single-character short options. */
export interface OptionSpec {
  /** Short options that take a value (attached `-uroot` or next word `-u root`). */
  shortValue?: string;
  /** Short options without a value. */
  shortFlag?: string;
  /** Short options whose value is optional and only ever attached (`xargs -i[R]`). */
  shortOptional?: string;
  /** Long options that take a value (`--user=root` or `--user root`). */
  longValue?: readonly string[];
  /** Long options without a value. */
  longFlag?: readonly string[];
  /** Long options whose value is optional and only given after `=`. */
  longOptional?: readonly string[];
  /** Accept `-NUMBER` (as `nice -5`). */
  numericShort?: boolean;
}

/** One option seen, with its value when it has one. */
export interface SeenOption {
  name: string;
  value?: string;
}

/** Outcome of scanning options. */
export interface OptionScan {
  /** Index of the first word after the options (and after `--`). */
  next: number;
  options: SeenOption[];
  /** Set when an option was not understood or was dynamic; `next` is then meaningless. */
  error?: string;
}

/** Scans options of the command whose name is at `words[index]`. */
export function scanOptions(
  command: string,
  words: readonly ShellWord[],
  index: number,
  spec: OptionSpec,
): OptionScan {
  const options: SeenOption[] = [];
  let position = index + 1;
  while (position < words.length) {
    const word = words[position] as ShellWord;
    const text = word.value;
    if (word.dynamic)
      return {
        next: position,
        options,
        error: `${command}: ${DYNAMIC_WORD_STOP}`,
      };
    if (text === '--') return { next: position + 1, options };
    if (text.length < 2 || text[0] !== '-') return { next: position, options };
    if (text.startsWith('--')) {
      const equals = text.indexOf('=');
      const name = equals < 0 ? text.slice(2) : text.slice(2, equals);
      if (spec.longValue?.includes(name)) {
        if (equals >= 0) {
          options.push({ name, value: text.slice(equals + 1) });
          position++;
        } else {
          const value = words[position + 1];
          if (!value) return { next: position, options, error: `${command}: option --${name} needs a value` };
          options.push({ name, value: value.value });
          position += 2;
        }
        continue;
      }
      if (spec.longOptional?.includes(name)) {
        options.push(equals < 0 ? { name } : { name, value: text.slice(equals + 1) });
        position++;
        continue;
      }
      if (equals < 0 && spec.longFlag?.includes(name)) {
        options.push({ name });
        position++;
        continue;
      }
      return { next: position, options, error: `${command}: unknown option --${name}` };
    }
    if (spec.numericShort && /^-[0-9]+$/.test(text)) {
      options.push({ name: 'n', value: text.slice(1) });
      position++;
      continue;
    }
    let consumedNext = false;
    for (let letterIndex = 1; letterIndex < text.length; letterIndex++) {
      const letter = text[letterIndex] as string;
      if (spec.shortValue?.includes(letter)) {
        if (letterIndex + 1 < text.length) {
          options.push({ name: letter, value: text.slice(letterIndex + 1) });
        } else {
          const value = words[position + 1];
          if (!value)
            return { next: position, options, error: `${command}: option -${letter} needs a value` };
          options.push({ name: letter, value: value.value });
          consumedNext = true;
        }
        break;
      }
      if (spec.shortOptional?.includes(letter)) {
        options.push({ name: letter, value: text.slice(letterIndex + 1) });
        break;
      }
      if (spec.shortFlag?.includes(letter)) {
        options.push({ name: letter });
        continue;
      }
      return { next: position, options, error: `${command}: unknown option -${letter}` };
    }
    position += consumedNext ? 2 : 1;
  }
  return { next: position, options };
}
