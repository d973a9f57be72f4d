/**
 * Secret reads: any word of any command (not only `cat`: `cp .env /tmp`, `base64 .env`,
 * `curl -F f=@.env`, `git show HEAD:.env`, `--env-file=.env`, `-f.env`) and every read
 * redirect (`< .env`) that names a secret. Each word yields candidates — itself, what
 * follows each `=`, `:`, `@` or `,`, and the value attached to a short option — and each
 * candidate is matched by `isSecretPath`. Globs and braces are matched by what they could
 * expand to. Search patterns and program text (`grep '.env' .gitignore`) are skipped;
 * file names inside sed/awk programs are checked; operands of commands that do not read
 * file contents (`mkdir`, `chmod`, `test`, `ls`, …) and output files (`openssl -out`) are
 * not reads.
 */

import { hasPatternChar, mentionsSecretFragment } from '../secrets/secret-fragments';
import { expandBraces, globCouldMatchSecret } from '../secrets/secret-globs';
import { isSecretPath, matchesSecretPolicy } from '../secrets/secret-paths';
import { commandWordBasename } from '../shell/command-word';
import type { ShellAssignment, ShellWord, SimpleCommand } from '../shell/types';
import { printsCredential } from './credential-commands';
import { codeTokens, type InlineProgram, inlinePrograms } from './interpreter-code';
import { programFileNames } from './pattern-positions';
import type { FloorViolation } from './types';
import { isTailOf, readableWordCount, wordRoles } from './word-roles';

/**
 * The strings within one word that might be paths: the word, what follows each `=`, `:`,
 * `@` or `,`, each `,`/`:`-separated piece, and an attached short-option value. The name
 * left of `=` or `@` (`section.key=value`, `user@host`) is not a path; a piece left of `:`
 * counts only when it looks like one (`~/.ssh:/root/.ssh`, not `labels.key:value`). Every
 * candidate is a non-empty substring of `value`.
 */
export function pathCandidates(value: string): string[] {
  if (REMOTE_URL.test(value)) return [];
  // Loops over char codes, no per-call closures or filtered copies: this runs for every
  // word that mentions a secret fragment or is a glob.
  const out: string[] = [];
  if (value !== '') out.push(value);
  for (let i = 0; i < value.length; i++) {
    if (isSeparator(value.charCodeAt(i)) && i + 1 < value.length) out.push(value.slice(i + 1));
  }
  // Most words have neither `,` nor `:` (one piece, one part): `split` costs more than the rest.
  if (value.indexOf(',') === -1 && value.indexOf(':') === -1) pushValuePart(out, value);
  else {
    for (const piece of value.split(',')) {
      const parts = piece.split(':');
      for (let index = 0; index < parts.length; index++) {
        const part = parts[index]!;
        if (index === parts.length - 1 || looksLikePath(part)) pushValuePart(out, part);
      }
    }
  }
  if (value.length > 2 && value[0] === '-' && value[1] !== '-') out.push(value.slice(2));
  return out;
}

/** Pushes what follows the last `=` or `@` of `part` (all of it when it has neither), unless empty. */
function pushValuePart(out: string[], part: string): void {
  let start = part.length;
  while (start > 0 && part.charCodeAt(start - 1) !== 61 && part.charCodeAt(start - 1) !== 64) start--;
  if (start < part.length) out.push(start === 0 ? part : part.slice(start));
}

/** `=`, `:`, `@` or `,`. */
function isSeparator(code: number): boolean {
  return code === 61 || code === 58 || code === 64 || code === 44;
}

/** A `:`-separated piece that is a path, not a key: starts with `~`, `.`, `/` or `$`, or has a `/`. */
function looksLikePath(part: string): boolean {
  const first = part.charCodeAt(0);
  return first === 126 || first === 46 || first === 47 || first === 36 || part.includes('/');
}

/** A remote resource, not a local file (`file://` URLs stay checked). */
const REMOTE_URL = /^(?:https?|ftp|wss?):\/\//i;

/**
 * The first of the first `count` words of argv that may name a secret, or -1. A word before
 * it cannot, in any role: not as a path (`wordNamesSecret` needs a fragment, or pattern
 * characters in a glob/dynamic word) and not as a file named in a program (such names are
 * substrings of the word, and every secret path spells a fragment). -1 is the common case;
 * it skips working out the words' roles. Words from `count` on are ones `wordRoles` never
 * checks (see `readableWordCount`).
 */
export function firstWordMayNameSecret(command: SimpleCommand, count: number): number {
  const { argv, words } = command;
  for (let i = 0; i < count; i++) {
    const value = argv[i]!;
    if (mentionsSecretFragment(value)) return i;
    const word = words[i];
    if (word !== undefined && (word.glob || word.dynamic) && hasPatternChar(value)) return i;
  }
  return -1;
}

/** True when a word (with its run-time flags) may name a secret. */
export function wordNamesSecret(value: string, word?: ShellWord): boolean {
  const hinted = mentionsSecretFragment(value);
  // Only pattern characters make a word expand to names it does not spell: an unquoted glob
  // or brace word, or a quoted pattern that mentions a secret (find -name, --include,
  // --glob and git pathspecs expand `'.env*'`, `'*.pem'`; a regex such as `'.*'` does not).
  const patterned = (hinted || (word !== undefined && (word.glob || word.dynamic))) && hasPatternChar(value);
  if (!patterned && !hinted) return false;
  const candidates = pathCandidates(value);
  // Candidates are substrings of `value` that end where it does or at a `,` or `:` (which
  // bound `hub` as an end does): without a fragment in `value`, none is a secret path
  // (secret-reads.property.test.ts checks this). `isSecretPath` on each;
  // on `value` itself (usually first and last) that is the policy alone, once, as its
  // fragment was just found.
  if (hinted) {
    let valueChecked = false;
    for (let i = 0; i < candidates.length; i++) {
      const candidate = candidates[i]!;
      if (candidate !== value) {
        if (isSecretPath(candidate)) return true;
      } else if (!valueChecked) {
        valueChecked = true;
        if (matchesSecretPolicy(value)) return true;
      }
    }
  }
  if (!patterned) return false;
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i]!;
    // The word itself usually comes twice (as the word and as its last piece): test it once.
    if (candidates.indexOf(candidate) !== i) continue;
    // `dynamicWordCouldBeSecret(candidate)`, less `isSecretPath` on the candidate itself
    // where its answer is known to be false: every candidate was just found no secret path
    // (hinted), or it is `value`, which spells no fragment.
    const known = hinted || candidate === value;
    const expansions = expandBraces(candidate);
    for (let k = 0; k < expansions.length; k++) {
      const expanded = expansions[k]!;
      if (!(known && expanded === candidate) && isSecretPath(expanded)) return true;
      if (globCouldMatchSecret(expanded)) return true;
    }
  }
  return false;
}

const violation = (detail: string): FloorViolation => ({
  check: 'secret-read',
  reason: `${detail} names a file that holds secrets (keys, tokens, credentials); reading it is never allowed. Use a template such as .env.example, or ask the user for the specific non-secret value.`,
  detail,
});

/** The argv part of `checkSecretReads`: each word by its role, from `first` (see `firstWordMayNameSecret`). */
export function checkArgv(command: SimpleCommand, name: string, first: number): FloorViolation | undefined {
  const { skip, programs, offset, reads } = wordRoles(command, name);
  for (const read of reads) if (wordNamesSecret(read)) return violation(read);
  for (let i = first; i < command.argv.length; i++) {
    const value = command.argv[i]!;
    const inner = i - offset;
    if (inner >= 0 && programs.has(inner)) {
      // File names in a program are substrings of it, and every secret path spells a fragment.
      if (!mentionsSecretFragment(value)) continue;
      const names = programFileNames(command.unwrapped.argv, inner);
      const named = names.find((name) => isSecretPath(name));
      if (named) return violation(named);
      continue;
    }
    if (inner >= 0 && skip.has(inner)) continue;
    if (wordNamesSecret(value, command.words[i])) return violation(value);
  }
  return undefined;
}

// Where the named program is the real one: a bare word (found on PATH) or a system binary
// directory. `./ls`, `/tmp/echo` or `../bin/cat` may be any program, whatever its name.
const SYSTEM_BINARY = /^(?:\/usr(?:\/local)?|\/opt\/homebrew)?\/s?bin\/[^/]+$/;

/**
 * The name under which a command's words get roles (patterns, programs, operands that are
 * never read): `name` for a bare or system command word, none (every word a possible read)
 * for any other path — `./echo .env` may be `cat` under another name.
 */
export function roleName(word: string, name: string): string {
  return word.indexOf('/') === -1 || SYSTEM_BINARY.test(word) ? name : '';
}

/** Checks one simple command for reads of secret files. */
export function checkSecretReads(command: SimpleCommand): FloorViolation | undefined {
  return checkSecretReadsNamed(command, commandWordBasename(command.unwrapped.argv[0] ?? ''));
}

/**
 * `checkSecretReads` with the command name of the unwrapped argv, and its inline programs,
 * already worked out.
 */
export function checkSecretReadsNamed(
  command: SimpleCommand,
  name: string,
  programs: readonly InlineProgram[] = inlinePrograms(command.unwrapped.argv, name),
): FloorViolation | undefined {
  if (printsCredential(command, name)) {
    return {
      check: 'secret-read',
      reason:
        'This command prints a live credential (token, password or key); showing it to the model is never allowed. Use it inside the command that needs it instead, e.g. `curl -H "Authorization: Bearer $(gh auth token)" …`.',
      detail: command.argv.join(' '),
    };
  }
  const roles = roleName(command.unwrapped.argv[0] ?? '', name);
  const first = firstWordMayNameSecret(command, readableWordCount(command, roles));
  const argvViolation = first === -1 ? undefined : checkArgv(command, roles, first);
  if (argvViolation) return argvViolation;
  // The unwrapped argv is normally the tail of argv (already checked); check it only when not.
  const inner = command.unwrapped.argv;
  if (!isTailOf(inner, command.argv)) {
    for (let i = 0; i < inner.length; i++) {
      if (wordNamesSecret(inner[i]!, command.unwrapped.words[i])) return violation(inner[i]!);
    }
  }
  for (const { code } of programs) {
    // String literals are substrings of the program: no fragment in it, no secret in them.
    if (!mentionsSecretFragment(code)) continue;
    const named = codeTokens(code).find((token) => isSecretPath(token));
    if (named) return violation(named);
  }
  for (const redirect of command.redirects) {
    if (!redirect.read || redirect.operator.startsWith('<<')) continue;
    const pseudoWord: ShellWord = {
      value: redirect.target,
      raw: redirect.target,
      dynamic: redirect.dynamic,
      glob: redirect.dynamic,
      quoted: false,
    };
    if (wordNamesSecret(redirect.target, pseudoWord)) return violation(`< ${redirect.target}`);
  }
  return assignedSecretRead(command.assignments) ?? assignedSecretRead(command.unwrapped.assignments);
}

/** `X=$(< .env)` and `` X=`< .env` ``: bash reads the file into the variable. */
export function assignedSecretRead(assignments: readonly ShellAssignment[]): FloorViolation | undefined {
  for (const assignment of assignments) {
    // Both forms need a `<`; most values have none, and skip both regular expressions.
    if (!assignment.value.includes('<') || !/^\$\(\s*<|`\s*</.test(assignment.value)) continue;
    const target = assignment.value.replace(/^\$\(\s*<\s*|`\s*<\s*/, '').replace(/\)\s*$|`\s*$/, '');
    if (isSecretPath(target.trim())) return violation(assignment.value);
  }
  return undefined;
}
