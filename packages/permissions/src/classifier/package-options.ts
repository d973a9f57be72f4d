/**
 * `npm` and `pnpm` are not on the read-only allowlist (their scripts run anything), but a rule
 * such as `Bash(npm test:*)` means "run this project's tests". The settings that make that
 * command run code the project never named are effects (`runs`, `writes`) of the tools' entries
 * in the command table (`commands/table/tools.ts`); given as options, they make the command
 * mutating with the option as the flag, so a prefix rule does not cover them, and anything else
 * stays unknown.
 *
 * npm reads options its own way (nopt), which the table's getopt notation does not model, so
 * this reader matches the entry's long options as npm does: anywhere before `--` (after the
 * script name too), in any case, `_` for `-`, pnpm's `--config.NAME=VALUE`, and by a prefix in
 * either direction (`--node-opt`, and `--prefix-x` to be safe); a short option acts in any
 * cluster (`-sC dir`).
 */
import { type CompiledFact, commandFact, type OptionDef } from '../commands';
import type { ShellWord } from '../shell/types';
import { couldExpandToFlag } from './flag-expansion';
import type { ClassificationResult } from './types';
import { mutating, unknown } from './verdict';

/** True when giving the option makes the command run or write what it does not name. */
function acts(def: OptionDef): boolean {
  return def.effects.includes('runs') || def.effects.includes('writes');
}

/** The acting long options (names without dashes) and short letters of an entry, once. */
const ACTING = new WeakMap<CompiledFact, { long: string[]; short: string }>();

function acting(fact: CompiledFact): { long: string[]; short: string } {
  let found = ACTING.get(fact);
  if (found === undefined) {
    found = {
      long: [...fact.long].filter(([, def]) => acts(def)).map(([name]) => name),
      short: [...fact.short]
        .filter(([, def]) => acts(def))
        .map(([letter]) => letter)
        .join(''),
    };
    ACTING.set(fact, found);
  }
  return found;
}

/** Classifies `npm ARGS…` / `pnpm ARGS…` (`command` is the name) from its table entry. */
export function classifyPackageRunner(
  command: string,
  args: readonly string[],
  words?: readonly ShellWord[],
): ClassificationResult {
  const fact = commandFact(command);
  const options = fact === undefined ? { long: [], short: '' } : acting(fact);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break; // the rest goes to the script
    if (couldExpandToFlag(words?.[i]))
      return unknown(`${command}: a run-time word could expand to an option`, arg);
    if (!arg.startsWith('-') || arg === '-') continue;
    if (arg.startsWith('--')) {
      const name = arg
        .slice(2)
        .split('=')[0]!
        .toLowerCase()
        .replace(/_/g, '-')
        .replace(/^config\./, '');
      if (
        name.length >= 2 &&
        options.long.some((option) => option.startsWith(name) || name.startsWith(option))
      )
        return mutating(
          `${command} ${arg.split('=')[0]} makes the command run code the project did not name`,
          arg,
        );
    } else {
      for (const letter of arg.slice(1)) {
        if (options.short.includes(letter))
          return mutating(`${command} -${letter} runs the scripts of another directory`, arg);
      }
    }
  }
  return unknown(`${command} is not on the read-only allowlist`, command);
}
