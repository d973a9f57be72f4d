/**
 * Matching a command rule against the argv of one simple command.
 *
 * Allow and deny match differently, on purpose:
 * - deny compares the command word by basename, ignoring case (`/bin/rm`, `\rm`, `"rm"`,
 *   `RM` on a case-insensitive file system are all `rm`): a spelling cannot dodge a deny rule;
 * - allow compares it exactly: `./ls` or `/tmp/ls` is a different program from the `ls`
 *   the rule's author meant, so it never matches `Bash(ls:*)`.
 * Later words compare exactly in both; a prefix rule matches on a word boundary
 * (`git status:*` covers `git status -s`, not `git statusx`).
 */
import { commandWordBasename } from '../shell/command-word';
import type { CommandRule } from './rule';

/** The last path segment of a command word (`/usr/bin/rm` → `rm`). */
export function commandBasename(word: string): string {
  return commandWordBasename(word);
}

/**
 * `commandBasename(a) === commandBasename(b)` ignoring ASCII case, without allocating:
 * case-insensitive file systems (macOS, Windows) run `/bin/rm` for `RM`, so deny matches
 * the command name regardless of case.
 */
function sameBasename(a: string, b: string): boolean {
  const aStart = a.lastIndexOf('/') + 1;
  const bStart = b.lastIndexOf('/') + 1;
  const length = a.length - aStart;
  if (length === 0 || length !== b.length - bStart) return false;
  for (let index = 0; index < length; index++) {
    let x = a.charCodeAt(aStart + index);
    let y = b.charCodeAt(bStart + index);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return false;
  }
  return true;
}

/** How the command word is compared. */
export type CommandMatchMode = 'allow' | 'deny';

/**
 * True when `argv`, starting at `offset`, is matched by `rule`.
 *
 * @example
 * ```ts
 * const rule = parseRule('Bash(rm:*)') as CommandRule;
 * matchCommandRule(rule, ['/bin/rm', '-rf', 'x'], 'deny');  // true
 * matchCommandRule(rule, ['/bin/rm', '-rf', 'x'], 'allow'); // false
 * ```
 */
export function matchCommandRule(
  rule: CommandRule,
  argv: readonly string[],
  mode: CommandMatchMode,
  offset = 0,
): boolean {
  const length = argv.length - offset;
  if (rule.argv.length === 0 || length < rule.argv.length) return false;
  if (rule.kind === 'exact' && length !== rule.argv.length) return false;
  const word = argv[offset]!;
  const ruleWord = rule.argv[0]!;
  if (word !== ruleWord && (mode === 'allow' || !sameBasename(word, ruleWord))) return false;
  for (let i = 1; i < rule.argv.length; i++) {
    if (argv[offset + i] !== rule.argv[i]) return false;
  }
  return true;
}
