/**
 * `parseRule`: rule text → structure. Grammar:
 *
 *   rule       = tool [ "(" specifier ")" ]
 *   tool       = 1*( ALPHA / DIGIT / "_" / "-" / "." )    (starts with a letter)
 *   specifier  = 1*( escaped / any char but "(" ")" "\" )   escaped = "\(" / "\)" / "\\"
 *
 * For the shell tool the specifier is a command: `git status` (exact) or `git status:*`
 * (prefix on a word boundary), tokenized with the shell parser so quoting and spacing do not
 * matter (`Bash(git  status)` ≡ `Bash(git status)`). It must be one plain simple command —
 * no expansions, globs, redirects, assignments or operators — since a rule stands for fixed
 * words. For other tools the specifier is `domain:HOST` (the host of the URL the call
 * fetches, subdomains included; see `matchDomain`) or else a path glob.
 */
import { PermissionsError } from '../errors';
import { analyzeShell } from '../shell';
import { normalizeRuleDomain } from './match-domain';
import type { Rule } from './rule';
import { isShellToolName } from './tool-name';

const toolPattern = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const DOMAIN_PREFIX = 'domain:';

function invalid(text: string, message: string, column?: number): PermissionsError {
  return new PermissionsError('rule_invalid', `Invalid rule ${JSON.stringify(text)}: ${message}`, {
    ...(column === undefined ? {} : { line: 1, column }),
  });
}

/**
 * Removes the rule-level escapes (`\(`, `\)`, `\\`) of a specifier; any other backslash is
 * kept as written (the shell parser reads it). Throws on an unescaped parenthesis.
 */
function unescapeSpecifier(text: string, specifier: string, offset: number): string {
  let out = '';
  for (let i = 0; i < specifier.length; i++) {
    const char = specifier[i]!;
    if (char === '\\') {
      const next = specifier[i + 1];
      if (next === '(' || next === ')' || next === '\\') {
        out += next;
        i++;
        continue;
      }
      out += char;
      continue;
    }
    if (char === '(' || char === ')') {
      throw invalid(text, `unbalanced "${char}" in the specifier (escape it as "\\${char}")`, offset + i + 1);
    }
    out += char;
  }
  return out;
}

function parseCommand(text: string, tool: string, specifier: string): Rule {
  const prefix = specifier.endsWith(':*');
  const body = prefix ? specifier.slice(0, -2) : specifier;
  if (body.trim() === '') throw invalid(text, 'the command is empty');
  const analysis = analyzeShell(body);
  if (analysis.rejected) throw invalid(text, `the command was rejected: ${analysis.rejected}`);
  const top = analysis.commands.filter((command) => command.depth === 0);
  if (top.length !== 1 || top[0]!.argv.length === 0) {
    throw invalid(text, 'the specifier must be exactly one simple command (no ; && || | & or newlines)');
  }
  const command = top[0]!;
  if (command.redirects.length > 0) throw invalid(text, 'redirections are not allowed in a rule');
  if (command.assignments.length > 0) throw invalid(text, 'assignments are not allowed in a rule');
  for (const word of command.words) {
    if (word.dynamic || word.glob) {
      throw invalid(
        text,
        `the word ${JSON.stringify(word.raw)} is expanded by the shell; rules hold fixed words (use "${tool}" alone for the whole tool)`,
      );
    }
  }
  // A specifier bash cannot parse (the stray ")" of `Bash(ls\))`) must not silently become
  // a rule over the words a best-effort scan happened to find. Other opaque shapes (`sudo`,
  // `sg`, `bash -c` words) are fine: a rule holds fixed words and matches argv.
  const unparsed = analysis.opaqueReasons.find((reason) => reason.startsWith('syntax error'));
  if (unparsed !== undefined) {
    throw invalid(text, `the command is not valid shell syntax (${unparsed})`);
  }
  return { kind: prefix ? 'prefix' : 'exact', tool, argv: Object.freeze([...command.argv]) };
}

/**
 * Parses rule text into a `Rule`; throws `PermissionsError` (`rule_invalid`) with the
 * column of the problem when the text is malformed.
 *
 * @example
 * ```ts
 * parseRule('Bash(git status:*)'); // { kind: 'prefix', tool: 'Bash', argv: ['git', 'status'] }
 * parseRule('WriteFile(src/**)');  // { kind: 'path', tool: 'WriteFile', glob: 'src/**' }
 * parseRule('Bash');               // { kind: 'tool', tool: 'Bash' }
 * parseRule('WebFetch(domain:Docs.Python.org)'); // { kind: 'domain', tool: 'WebFetch', domain: 'docs.python.org' }
 * ```
 */
export function parseRule(text: string): Rule {
  if (typeof text !== 'string') throw invalid(String(text), 'a rule must be a string');
  const trimmed = text.trim();
  if (trimmed === '') throw invalid(text, 'the rule is empty');
  const open = trimmed.indexOf('(');
  const tool = open === -1 ? trimmed : trimmed.slice(0, open);
  if (tool === '') throw invalid(text, 'the tool name is empty', 1);
  if (!toolPattern.test(tool)) {
    if (open === -1 && tool.includes(')')) throw invalid(text, 'unbalanced ")"');
    throw invalid(
      text,
      'the tool name must start with a letter and hold only letters, digits, "_", "-" and "."',
    );
  }
  if (open === -1) return { kind: 'tool', tool };
  if (!trimmed.endsWith(')')) {
    throw invalid(text, 'missing the closing ")"', trimmed.length);
  }
  const rawSpecifier = trimmed.slice(open + 1, -1);
  // A trailing backslash run of odd length escapes the final ")": no closing paren.
  let backslashes = 0;
  for (let i = rawSpecifier.length - 1; i >= 0 && rawSpecifier[i] === '\\'; i--) backslashes++;
  if (backslashes % 2 === 1) throw invalid(text, 'missing the closing ")"', trimmed.length);
  const specifier = unescapeSpecifier(text, rawSpecifier, open + 1);
  if (specifier.trim() === '') throw invalid(text, `empty specifier; write "${tool}" for the whole tool`);
  if (isShellToolName(tool)) return parseCommand(text, tool, specifier);
  if (specifier.startsWith(DOMAIN_PREFIX)) {
    const domain = normalizeRuleDomain(specifier.slice(DOMAIN_PREFIX.length));
    if ('problem' in domain) throw invalid(text, domain.problem, open + 1 + DOMAIN_PREFIX.length + 1);
    return { kind: 'domain', tool, domain: domain.domain };
  }
  return { kind: 'path', tool, glob: specifier };
}
