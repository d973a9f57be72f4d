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
import type { ShellWord, SimpleCommand } from '../shell/types';
import { codeTokens, inlinePrograms } from './interpreter-code';
import { PATTERN_COMMANDS, patternWordIndexes, programFileNames } from './pattern-positions';
import { dynamicWordCouldBeSecret } from './secret-globs';
import { isSecretPath } from './secret-paths';
import type { FloorViolation } from './types';

const SEPARATORS = new Set(['=', ':', '@', ',']);

/**
 * Commands that touch a path's metadata, create it, or use a key without printing it: their
 * operands are not reads (`mkdir -p ~/.ssh`, `chmod 600 ~/.ssh/id_rsa`, `[ -f .env ]`,
 * `ls ~/.ssh`, `ssh-keygen -f ~/.ssh/id_ed25519`). `cp`, `mv`, `ln`, `tar`, `scp`… are not
 * here: they move a secret somewhere it can be read from.
 */
const NON_READING = new Set([
  'mkdir',
  'rmdir',
  'chmod',
  'chown',
  'chgrp',
  'touch',
  'test',
  '[',
  'ls',
  'stat',
  'du',
  'rm',
  'file',
  'ssh-keygen',
  'ssh-add',
]);
const COPIERS = new Set(['cp', 'mv', 'install', 'rsync']);
const OPENSSL_CERTIFICATE_COMMANDS = new Set(['x509', 'req', 'crl', 'verify']);

/** Options whose value is a file the command writes or only uses (the word after them is not a read). */
const OUTPUT_OPTIONS: Record<string, ReadonlySet<string>> = {
  // Outputs, and keys/certificates openssl signs or verifies with but never prints.
  openssl: new Set([
    '-out',
    '-keyout',
    '-key',
    '-signkey',
    '-inkey',
    '-CAkey',
    '-cert',
    '-CAfile',
    '-CA',
    '-certfile',
  ]),
  // An identity file used to authenticate, never printed.
  ssh: new Set(['-i']),
  scp: new Set(['-i']),
  sftp: new Set(['-i']),
};

/**
 * The strings within one word that might be paths: the word, what follows each `=`, `:`,
 * `@` or `,`, each `,`/`:`-separated piece, and an attached short-option value. The name
 * left of `=` or `@` (`section.key=value`, `user@host`) is not a path; a piece left of `:`
 * counts only when it looks like one (`~/.ssh:/root/.ssh`, not `labels.key:value`).
 */
export function pathCandidates(value: string): string[] {
  if (REMOTE_URL.test(value)) return [];
  const out = [value];
  for (let i = 0; i < value.length; i++) {
    if (SEPARATORS.has(value[i]!)) out.push(value.slice(i + 1));
  }
  for (const piece of value.split(',')) {
    const parts = piece.split(':');
    parts.forEach((part, index) => {
      const last = part.split(/[=@]/).pop()!;
      if (index === parts.length - 1 || /^[~./$]|\//.test(part)) out.push(last);
    });
  }
  if (value.length > 2 && value[0] === '-' && value[1] !== '-') out.push(value.slice(2));
  return out.filter((candidate) => candidate !== '');
}

/**
 * Every secret path contains one of these fragments (`~` and `..` only ever remove text),
 * so a literal word without any of them is not checked further: the common case costs one
 * regular-expression scan.
 */
const SECRET_FRAGMENT =
  /env|ssh|aws|gnupg|azure|netrc|pypirc|pgpass|npmrc|credentials|kube|docker|gcloud|config\/gh|shadow|id_|vault-token|my\.cnf|boto|s3cfg|password-store|\.(?:pem|key|p12|pfx|jks)/i;

const PATTERN_CHARS = /[*?[{]/;
/** A remote resource, not a local file (`file://` URLs stay checked). */
const REMOTE_URL = /^(?:https?|ftp|wss?):\/\//i;

/** True when a word (with its run-time flags) may name a secret. */
export function wordNamesSecret(value: string, word?: ShellWord): boolean {
  const hinted = SECRET_FRAGMENT.test(value);
  // Only pattern characters make a word expand to names it does not spell: an unquoted glob
  // or brace word, or a quoted pattern that mentions a secret (find -name, --include,
  // --glob and git pathspecs expand `'.env*'`, `'*.pem'`; a regex such as `'.*'` does not).
  const patterned =
    PATTERN_CHARS.test(value) && (hinted || (word !== undefined && (word.glob || word.dynamic)));
  if (!patterned && !hinted) return false;
  const candidates = pathCandidates(value);
  if (candidates.some(isSecretPath)) return true;
  return patterned && candidates.some(dynamicWordCouldBeSecret);
}

const violation = (detail: string): FloorViolation => ({
  check: 'secret-read',
  reason: `${detail} names a file that holds secrets (keys, tokens, credentials); reading it is never allowed. Use a template such as .env.example, or ask the user for the specific non-secret value.`,
  detail,
});

/** Indexes of `inner` (the unwrapped argv) that are not reads of a path. */
function notReadIndexes(inner: readonly string[]): Set<number> {
  const command = inner[0] ?? '';
  const base = command.slice(command.lastIndexOf('/') + 1);
  if (NON_READING.has(base)) return new Set(inner.map((_, index) => index).slice(1));
  const outputs = OUTPUT_OPTIONS[base];
  if (outputs) {
    // openssl x509/req/crl/verify read certificates and requests: a private key given to
    // `-in` is refused, not printed (rsa, pkey, pkcs12, enc, asn1parse … would print it).
    const safeIn = base === 'openssl' && OPENSSL_CERTIFICATE_COMMANDS.has(inner[1] ?? '');
    const skip = new Set<number>();
    inner.forEach((word, index) => {
      if (outputs.has(word) || (safeIn && word === '-in')) skip.add(index + 1);
    });
    return skip;
  }
  if (COPIERS.has(base)) return destinationIndex(inner);
  if (base === 'tee') return new Set(inner.map((_, index) => index).slice(1));
  if (base === 'dd') {
    return new Set(inner.flatMap((word, index) => (word.startsWith('of=') ? [index] : [])));
  }
  return new Set();
}

/**
 * The destination of `cp/mv/install/rsync SRC… DEST` (the last operand, unless `-t DIR`
 * names it): written, not read — `cp .env.example .env` creates a dotenv file, while
 * `cp .env /tmp/x` still reads one.
 */
function destinationIndex(inner: readonly string[]): Set<number> {
  const operands: number[] = [];
  let endOfOptions = false;
  for (let i = 1; i < inner.length; i++) {
    const word = inner[i]!;
    if (!endOfOptions && word === '--') endOfOptions = true;
    else if (!endOfOptions && (word === '-t' || word.startsWith('--target-directory'))) return new Set();
    else if (endOfOptions || !word.startsWith('-')) operands.push(i);
  }
  return operands.length >= 2 ? new Set([operands[operands.length - 1]!]) : new Set();
}

/** Which words of the unwrapped argv are not read paths. */
interface IndexSet {
  has(index: number): boolean;
}
const NONE: IndexSet = { has: () => false };
const ALL_BUT_COMMAND: IndexSet = { has: (index) => index > 0 };
/** Pattern/program words, non-read words, and where the unwrapped argv starts in argv. */
interface WordRoles {
  programs: IndexSet;
  skip: IndexSet;
  offset: number;
}
const NOTHING_SKIPPED: WordRoles = { programs: NONE, skip: NONE, offset: 0 };

/** Commands some of whose words are not read paths (all others take the fast path). */
const SPECIAL_COMMANDS: ReadonlySet<string> = new Set([
  ...NON_READING,
  ...Object.keys(OUTPUT_OPTIONS),
  ...PATTERN_COMMANDS,
  ...COPIERS,
  'tee',
  'dd',
]);

function wordRoles(command: SimpleCommand): WordRoles {
  const inner = command.unwrapped.argv;
  const head = inner[0] ?? '';
  const base = head.slice(head.lastIndexOf('/') + 1);
  if (!SPECIAL_COMMANDS.has(base)) return NOTHING_SKIPPED;
  const offset = command.argv.length - inner.length;
  const aligned = offset >= 0 && inner.every((word, index) => command.argv[offset + index] === word);
  if (!aligned) return NOTHING_SKIPPED; // cannot tell which word is which: check them all
  if (NON_READING.has(base)) return { programs: NONE, skip: ALL_BUT_COMMAND, offset };
  return { programs: patternWordIndexes(inner), skip: notReadIndexes(inner), offset };
}

/** Checks one simple command for reads of secret files. */
export function checkSecretReads(command: SimpleCommand): FloorViolation | undefined {
  const { skip, programs, offset } = wordRoles(command);
  for (let i = 0; i < command.argv.length; i++) {
    const value = command.argv[i]!;
    const inner = i - offset;
    if (inner >= 0 && programs.has(inner)) {
      const names = programFileNames(command.unwrapped.argv, inner);
      const named = names.find((name) => isSecretPath(name));
      if (named) return violation(named);
      continue;
    }
    if (inner >= 0 && skip.has(inner)) continue;
    if (wordNamesSecret(value, command.words[i])) return violation(value);
  }
  // The unwrapped argv is normally the tail of argv (already checked); check it only when not.
  const inner = command.unwrapped.argv;
  const tail = command.argv.length - inner.length;
  if (tail < 0 || !inner.every((word, index) => command.argv[tail + index] === word)) {
    for (let i = 0; i < inner.length; i++) {
      if (wordNamesSecret(inner[i]!, command.unwrapped.words[i])) return violation(inner[i]!);
    }
  }
  for (const { code } of inlinePrograms(command.unwrapped.argv)) {
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
  for (const assignment of command.assignments.length + command.unwrapped.assignments.length === 0
    ? []
    : [...command.assignments, ...command.unwrapped.assignments]) {
    if (/^\$\(\s*<|`\s*</.test(assignment.value)) {
      const target = assignment.value.replace(/^\$\(\s*<\s*|`\s*<\s*/, '').replace(/\)\s*$|`\s*$/, '');
      if (isSecretPath(target.trim())) return violation(assignment.value);
    }
  }
  return undefined;
}
