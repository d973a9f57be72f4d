/**
 * Array subscripts bash evaluates as arithmetic, where it first expands `$(…)`, backquotes and
 * `${…}`: a literal word can run a command without any substitution the lexer sees, because
 * the builtin that receives it expands it again. `test -v 'a[$(id)]'`, `unset 'a[$(id)]'`,
 * `read 'a[`id`]'`, `printf -v 'a[$(id)]' x`, `declare -i n='a[$(id)]'`, an assignment to an
 * integer variable (`n='a[$(id)]'` after `declare -i n`) all run `id`.
 *
 * `subscriptSubstitutions` finds such words in one simple command, and `substitutionBodies`
 * the commands inside them, which the parser lists (opaque) so the floor and deny rules see
 * them. The fast path declines such a command (the parser reads it).
 */
import { funsubEnd, opensFunsub } from './funsub';
import type { ShellAssignment, ShellWord } from './types';

/** Builtins whose every operand may be a variable name or an arithmetic expression. */
const EVERY_OPERAND: ReadonlySet<string> = new Set([
  'unset',
  'read',
  'let',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'mapfile',
  'readarray',
  'getopts',
]);

/** Builtins whose variable name is the value of one option: `printf -v NAME`, `wait -p NAME`. */
const NAME_OPTION: ReadonlyMap<string, string> = new Map([
  ['printf', 'v'],
  ['wait', 'p'],
]);

/**
 * Whether `name` may evaluate a subscript in its operands (`test`, `[`, the builtins above):
 * the one lookup most commands need.
 */
export function mayEvaluateSubscripts(name: string | undefined): boolean {
  return (
    name !== undefined &&
    (name === 'test' || name === '[' || EVERY_OPERAND.has(name) || NAME_OPTION.has(name))
  );
}

/**
 * True when `text` holds a `[` followed (anywhere after it) by a substitution bash expands
 * in a subscript: `$(`, `${`, `$[` or a backquote. (`$NAME` alone expands to text that the
 * arithmetic reads as a name or number.)
 */
export function holdsSubscriptSubstitution(text: string): boolean {
  const open = text.indexOf('[');
  if (open < 0) return false;
  for (let index = open + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x60) return true;
    if (code === 0x24) {
      const next = text.charCodeAt(index + 1);
      if (next === 0x28 || next === 0x7b || next === 0x5b) return true;
    }
  }
  return false;
}

const ARRAY_ELEMENT = /^[A-Za-z_][A-Za-z0-9_]*\[/;
const CONSTANT_SUBSCRIPT = /^[A-Za-z_][A-Za-z0-9_]*\[(?:[0-9]+|@|\*)\]$/;

/**
 * True for a variable name with a subscript other than a number, `@` or `*` (`a[i]`,
 * `a[i+1]`): bash evaluates it as arithmetic, which reads variables' values as expressions
 * (and so their substitutions: `i='b[$(id)]'`).
 */
export function hasComputedSubscript(name: string): boolean {
  return ARRAY_ELEMENT.test(name) && !CONSTANT_SUBSCRIPT.test(name);
}

/** One word (or assignment value) whose subscript runs commands: where its text is. */
export interface SubscriptSubstitution {
  /** The word's value (or the assignment's value). */
  text: string;
  /** Index of the word in the command's words, or -1 for an assignment value. */
  word: number;
}

/**
 * The words of a simple command (after wrappers: `words`, command word first) and its
 * prefix or bare assignments that hold a subscript bash evaluates with a substitution in it.
 * Computed words are left out: the lexer has already listed their substitutions.
 */
export function subscriptSubstitutions(
  words: readonly ShellWord[],
  assignments: readonly ShellAssignment[],
  evenComputed = false,
): SubscriptSubstitution[] {
  const found: SubscriptSubstitution[] = [];
  scan(words, assignments, found, evenComputed);
  return found;
}

/**
 * Whether `subscriptSubstitutions` finds anything (without building the list). `evenComputed`
 * looks at computed words too (the fallback scan marks any word with a `$` computed, and lists
 * no substitution inside quotes).
 */
export function hasSubscriptSubstitutions(
  words: readonly ShellWord[],
  assignments: readonly ShellAssignment[] | undefined,
  evenComputed = false,
): boolean {
  return scan(words, assignments, undefined, evenComputed);
}

/** `subscriptSubstitutions` into `found`; stops at the first when there is no list to fill. */
function scan(
  words: readonly ShellWord[],
  assignments: readonly ShellAssignment[] | undefined,
  found: SubscriptSubstitution[] | undefined,
  evenComputed: boolean,
): boolean {
  let any = false;
  // An integer variable evaluates what is assigned to it (`declare -i n; n='a[$(id)]'`).
  if (assignments !== undefined) {
    for (let index = 0; index < assignments.length; index++) {
      const assignment = assignments[index]!;
      if (assignment.form === 'declaration' || (assignment.dynamic && !evenComputed)) continue;
      if (holdsSubscriptSubstitution(assignment.value)) {
        if (found === undefined) return true;
        found.push({ text: assignment.value, word: -1 });
        any = true;
      }
    }
  }
  const head = words[0];
  if (head === undefined || head.dynamic || words.length < 2) return any;
  const name = head.value;
  if (!mayEvaluateSubscripts(name)) return any;
  const option = NAME_OPTION.get(name);
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    if (word.dynamic && !evenComputed) continue;
    let text: string | undefined;
    if (name === 'test' || name === '[') {
      // `test -v NAME`: the operand after `-v` (bash evaluates its subscript).
      if (words[index - 1]!.value === '-v') text = word.value;
    } else if (option !== undefined) {
      // `printf -v NAME`, `-vNAME`, `wait -np NAME`: the option's value.
      const before = words[index - 1]!.value;
      const value = word.value;
      if (index > 1 && before.length > 1 && before[0] === '-' && before.endsWith(option)) text = value;
      else if (value.length > 2 && value[0] === '-' && value[1] !== '-' && value.includes(option))
        text = value.slice(value.indexOf(option) + 1);
    } else {
      text = word.value;
    }
    if (text !== undefined && holdsSubscriptSubstitution(text)) {
      if (found === undefined) return true;
      found.push({ text, word: index });
      any = true;
    }
  }
  return any;
}

/** The reason a command with such a subscript is opaque. */
export const SUBSCRIPT_REASON = 'array subscript evaluated as arithmetic (its substitutions run)';

/** Index of the `)` closing a `(` opened just before `from`, or the text's length. */
function closingParen(text: string, from: number): number {
  let depth = 0;
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index++;
    else if (code === 0x27 || code === 0x22) {
      const close = text.indexOf(text[index]!, index + 1);
      if (close < 0) return text.length;
      index = close;
    } else if (code === 0x28) depth++;
    else if (code === 0x29) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return text.length;
}

/** One command substitution's script inside a text, and where it starts in the text. */
export interface SubstitutionBody {
  body: string;
  at: number;
}

/**
 * The scripts of the command substitutions in `text` read as bash reads a subscript (as in
 * double quotes): `$(…)`, backquotes, and bash 5.3's `${ …; }` and `${| …; }`; substitutions
 * inside `$((…))` and `${…}` included. Best effort (the command is opaque anyway): an
 * unclosed one runs to the end of the text.
 */
export function substitutionBodies(text: string): SubstitutionBody[] {
  const bodies: SubstitutionBody[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) {
      index += 2;
      continue;
    }
    if (code === 0x60) {
      let end = index + 1;
      while (end < text.length && text.charCodeAt(end) !== 0x60) end += text.charCodeAt(end) === 0x5c ? 2 : 1;
      bodies.push({ body: text.slice(index + 1, end).replace(/\\([$`\\])/g, '$1'), at: index + 1 });
      index = end + 1;
      continue;
    }
    if (code === 0x24) {
      const next = text.charCodeAt(index + 1);
      if (next === 0x28 && text.charCodeAt(index + 2) !== 0x28) {
        const end = closingParen(text, index + 2);
        bodies.push({ body: text.slice(index + 2, end), at: index + 2 });
        index = end + 1;
        continue;
      }
      if (next === 0x7b && opensFunsub(text, index)) {
        // `${ cmd; }` / `${| cmd; }`: a command substitution (bash 5.3; see `funsub.ts`).
        const from = index + (text.charCodeAt(index + 2) === 0x7c ? 3 : 2);
        const end = funsubEnd(text, from);
        bodies.push({ body: text.slice(from, end < 0 ? text.length : end), at: from });
        index = end < 0 ? text.length : end + 1;
        continue;
      }
    }
    index++;
  }
  return bodies;
}
