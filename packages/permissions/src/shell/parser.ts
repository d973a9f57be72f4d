/**
 * The shell grammar: recursive descent over the lexer's tokens for bash's lists, pipelines,
 * compound commands (subshells, groups, `if`, `while`/`until`, `for`/`select`, `case`,
 * `[[ ]]`, `(( ))`, functions, `coproc`) and simple commands with their assignments and
 * redirections. Every simple command it meets, nested ones included, is appended to the
 * shared state and unwrapped; compound commands only set context and depth. Nesting deeper
 * than `maxDepth` abandons the parse (the caller then runs the linear fallback scan).
 */
import { checkConditional } from './conditional';
import { fallbackScan } from './fallback-scan';
import { type HeredocOwner, ShellLexer } from './lexer';
import { ShellParseAbort } from './parse-state';
import { isReservedWord, RESERVED_WORDS } from './reserved-words';
import {
  hasComputedSubscript,
  holdsSubscriptSubstitution,
  SUBSCRIPT_REASON,
  subscriptSubstitutions,
  substitutionBodies,
} from './subscripts';
import { type OperatorToken, REDIRECT_OPERATORS, type Token, type WordToken } from './tokens';
import type {
  ShellAssignment,
  ShellContext,
  ShellRedirect,
  ShellWord,
  SimpleCommand,
  UnwrappedCommand,
} from './types';
import { readsScriptFromStdin, type UnwrapHost, unwrapCommand } from './unwrap';
import {
  ARITHMETIC,
  addKindReasons,
  BRACE,
  COMMAND_SUBSTITUTION,
  GLOB,
  PROCESS_SUBSTITUTION,
} from './word-kinds';

/**
 * `export`, `declare`, `typeset`, `local`, `readonly`: asked of every command word, so no hash
 * lookup. Their later words in assignment form are assignments (`export X=1`).
 */
export function isDeclarationBuiltin(text: string): boolean {
  switch (text.length) {
    case 5:
      return text === 'local';
    case 6:
      return text === 'export';
    case 7:
      return text === 'declare' || text === 'typeset';
    case 8:
      return text === 'readonly';
    default:
      return false;
  }
}
/** Reserved words that cannot start a command: a list that starts with one is a syntax error. */
export const UNEXPECTED_RESERVED: ReadonlySet<string> = new Set([
  'in',
  ']]',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'esac',
  '}',
]);
const STOP_THEN = new Set(['then']);
const STOP_ELSE = new Set(['elif', 'else', 'fi']);
const STOP_FI = new Set(['fi']);
const STOP_DO = new Set(['do']);
const STOP_DONE = new Set(['done']);
const STOP_BRACE = new Set(['}']);
const STOP_ESAC = new Set(['esac']);
/**
 * Placeholder `unwrapped` while `unwrapCommand` runs (the command is listed first, so that the
 * commands unwrapping finds come after it). Shared, so never left on a command.
 */
const PENDING_UNWRAP: UnwrappedCommand = { wrappers: [], argv: [], words: [], assignments: [] };
/** Whether a `>&`/`<&` target duplicates or closes an fd: `-`, or digits with an optional `-`. */
function isFdDuplicate(value: string): boolean {
  let end = value.length;
  if (end === 0) return false;
  if (value.charCodeAt(end - 1) === 0x2d) end--;
  if (end === 0) return true; // `-` alone
  for (let index = 0; index < end; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** Scratch list for `noteSubstitutions` (emptied before it returns; nothing re-enters it). */
const REASON_SCRATCH: string[] = [];
const NO_WORDS: ReadonlySet<string> = new Set();
const NO_OPS: ReadonlySet<string> = new Set();
const STOP_PAREN: ReadonlySet<string> = new Set([')']);
const STOP_CASE_ITEM: ReadonlySet<string> = new Set([';;', ';&', ';;&']);

/**
 * The text of a word that could be a reserved word: unquoted and without expansions (line
 * continuations are already gone, as they are for bash). Undefined for anything else.
 */
function plainText(token: Token): string | undefined {
  return token.type === 'word' && !token.word.quoted && token.kinds === 0 ? token.word.value : undefined;
}

/** One parser over one source string; nested `$( )` reuse it, backticks and `sh -c` strings get a child. */
export class ShellParser extends ShellLexer implements UnwrapHost {
  // Here-doc redirects with a quoted delimiter, and those whose body was read (few commands
  // have any: created on first use).
  private quoted?: WeakSet<ShellRedirect>;
  private bodied?: WeakSet<ShellRedirect>;

  /** Parses the whole source as a list of commands. */
  parseProgram(): void {
    this.parseList(NO_WORDS, NO_OPS);
    const token = this.peek();
    if (token.type !== 'eof') this.syntaxError(token);
  }

  /** Parses a command list up to and including the closing `)`, in a nested context. */
  protected parseNestedUntilParen(context: ShellContext): void {
    const savedAssign = this.assignOk;
    const saved = this.enter(context);
    this.parseList(NO_WORDS, STOP_PAREN);
    const close = this.next();
    if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
    this.leave(saved);
    this.assignOk = savedAssign;
  }

  /**
   * Enters a nested context and returns the one to give back to `leave`. No try/finally and no
   * closure: an abort abandons this whole parser (the only catches are of a child parser's
   * aborts, or above the parse), so nothing needs restoring on the way out, and unwinding
   * through finally blocks would multiply the cost of every syntax error.
   */
  private enter(context: ShellContext): ShellContext {
    const saved = this.context;
    this.context = context;
    this.depth++;
    if (this.depth > this.state.maxDepth) throw new ShellParseAbort('nesting deeper than the depth cap');
    return saved;
  }

  private leave(saved: ShellContext): void {
    this.context = saved;
    this.depth--;
  }

  private isReserved(token: Token, word: string): boolean {
    return plainText(token) === word;
  }

  private expectWord(word: string): void {
    const token = this.next();
    if (!this.isReserved(token, word)) this.syntaxError(token);
  }

  private skipNewlines(): void {
    while (this.peek().type === 'newline') this.next();
  }

  /** A list of and-or lists separated by `;`, `&` or newlines, up to a stop word/operator. */
  private parseList(stopWords: ReadonlySet<string>, stopOps: ReadonlySet<string>): number {
    let count = 0;
    for (;;) {
      this.assignOk = true;
      this.skipNewlines();
      const token = this.peek();
      if (token.type === 'eof') return count;
      if (token.type === 'op' && stopOps.size > 0 && stopOps.has(token.op)) return count;
      const text = plainText(token);
      if (text !== undefined && isReservedWord(text)) {
        if (stopWords.has(text)) return count;
        // A list that starts with `fi`, `done`, `then`... (a script line sent alone, common in
        // agent input) is the error `parseCommand` would raise for it, raised here instead: an
        // abort costs per optimized frame it unwinds, and this is three fewer.
        if (UNEXPECTED_RESERVED.has(text)) this.syntaxError(token);
      }
      const begin = this.state.commands.length;
      this.parseAndOr();
      count++;
      const separator = this.peek();
      if (separator.type === 'op' && (separator.op === ';' || separator.op === '&')) {
        this.next();
        if (separator.op === '&') this.relabel(begin, 'background');
      } else if (separator.type !== 'newline') {
        return count;
      }
    }
  }

  /** A compound command's list: bash requires at least one command in it. */
  private parseBody(stopWords: ReadonlySet<string>, stopOps: ReadonlySet<string>): void {
    if (this.parseList(stopWords, stopOps) === 0) this.syntaxError(this.peek());
  }

  /** Top-level commands in a pipeline or backgrounded get that context. */
  private relabel(begin: number, context: ShellContext): void {
    const commands = this.state.commands;
    for (let index = begin; index < commands.length; index++) {
      const command = commands[index];
      if (command && command.context === 'top') command.context = context;
    }
  }

  private parseAndOr(): void {
    this.parsePipeline();
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op' || (token.op !== '&&' && token.op !== '||')) return;
      this.next();
      this.assignOk = true; // the next token is in command position: lex it as such
      this.skipNewlines();
      this.parsePipeline();
    }
  }

  private parsePipeline(): void {
    const begin = this.state.commands.length;
    let prefixed = false;
    for (;;) {
      this.assignOk = true;
      const token = this.peek();
      if (this.isReserved(token, '!')) {
        this.next();
        prefixed = true;
      } else if (this.isReserved(token, 'time')) {
        this.next();
        prefixed = true;
        this.assignOk = true;
        // bash reads `-p` and then `--` right after `time` as its own options (TIMEOPT,
        // TIMEIGN): `time -p -- rm x` runs `rm x`, not a program named `--`.
        if (this.isReserved(this.peek(), '-p')) this.next();
        if (this.isReserved(this.peek(), '--')) this.next();
      } else {
        break;
      }
    }
    if (prefixed && this.atCommandEnd()) return;
    this.parseCommand();
    let count = 1;
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op' || (token.op !== '|' && token.op !== '|&')) break;
      this.next();
      this.assignOk = true;
      this.skipNewlines();
      // `!` only starts a pipeline; after `|` bash rejects it (`time` is then a plain word).
      if (this.isReserved(this.peek(), '!')) this.syntaxError(this.peek());
      const member = this.state.commands.length;
      this.parseCommand();
      // Everything this member runs may read the pipe: `x | sh`, `x | (sh)`, `x | { sh; }`.
      const commands = this.state.commands;
      for (let index = member; index < commands.length; index++)
        (commands[index] as SimpleCommand).readsPipe = true;
      count++;
    }
    if (count > 1) this.relabel(begin, 'pipeline');
  }

  /** After `time` or `!`, bash accepts an empty pipeline only before `;`, a newline or the end. */
  private atCommandEnd(): boolean {
    const token = this.peek();
    if (token.type === 'eof' || token.type === 'newline') return true;
    return token.type === 'op' && token.op === ';';
  }

  private parseCommand(): void {
    const token = this.peek();
    const begin = this.state.commands.length;
    if (token.type === 'op' && token.op === '(') {
      if (this.source.charCodeAt(token.end) === 0x28) {
        const end = this.findArithmeticEnd(token.end + 1);
        if (end >= 0) {
          this.peeked = undefined;
          const saved = this.enter('command-substitution');
          this.scanExpansions(token.end + 1, end - 2);
          this.leave(saved);
          this.pos = end;
          this.state.reasons.add('arithmetic command');
          this.parseTrailingRedirects(begin);
          return;
        }
      }
      this.next();
      const saved = this.enter('subshell');
      this.parseBody(NO_WORDS, STOP_PAREN);
      const close = this.next();
      if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
      this.leave(saved);
      this.parseTrailingRedirects(begin);
      return;
    }
    const reserved = plainText(token);
    // Most command words are no reserved word: a cheap test before the string switch.
    if (reserved !== undefined && isReservedWord(reserved)) {
      let saved: ShellContext;
      switch (reserved) {
        case 'if':
          this.next();
          saved = this.enter('control-flow');
          this.parseIfBody();
          this.leave(saved);
          this.parseTrailingRedirects(begin);
          return;
        case 'while':
        case 'until':
          this.next();
          saved = this.enter('control-flow');
          this.parseBody(STOP_DO, NO_OPS);
          this.parseDoGroup();
          this.leave(saved);
          this.parseTrailingRedirects(begin);
          return;
        case 'for':
        case 'select':
          this.next();
          saved = this.enter('control-flow');
          this.parseForBody();
          this.leave(saved);
          this.parseTrailingRedirects(begin);
          return;
        case 'case':
          this.next();
          saved = this.enter('control-flow');
          this.parseCaseBody();
          this.leave(saved);
          this.parseTrailingRedirects(begin);
          return;
        case '{':
          this.next();
          saved = this.enter('group');
          this.parseBody(STOP_BRACE, NO_OPS);
          this.expectWord('}');
          this.leave(saved);
          this.parseTrailingRedirects(begin);
          return;
        case '[[':
          this.next();
          this.parseConditional();
          this.parseTrailingRedirects(begin);
          return;
        case 'function':
          this.next();
          this.parseFunctionKeyword();
          return;
        case 'coproc':
          this.next();
          this.state.reasons.add('coproc');
          saved = this.enter('background');
          this.parseCommand();
          this.leave(saved);
          return;
        default:
          if (UNEXPECTED_RESERVED.has(reserved)) this.syntaxError(token);
      }
    }
    this.parseSimpleCommand();
  }

  private parseIfBody(): void {
    this.parseBody(STOP_THEN, NO_OPS);
    this.expectWord('then');
    this.parseBody(STOP_ELSE, NO_OPS);
    for (;;) {
      const token = this.next();
      if (this.isReserved(token, 'fi')) return;
      if (this.isReserved(token, 'elif')) {
        this.parseBody(STOP_THEN, NO_OPS);
        this.expectWord('then');
        this.parseBody(STOP_ELSE, NO_OPS);
        continue;
      }
      if (this.isReserved(token, 'else')) {
        this.parseBody(STOP_FI, NO_OPS);
        this.expectWord('fi');
        return;
      }
      this.syntaxError(token);
    }
  }

  /** `do list done`, or `{ list }` (bash accepts it after `for`/`select`). */
  private parseDoGroup(): void {
    const token = this.next();
    if (this.isReserved(token, 'do')) {
      this.parseBody(STOP_DONE, NO_OPS);
      this.expectWord('done');
    } else if (this.isReserved(token, '{')) {
      this.parseBody(STOP_BRACE, NO_OPS);
      this.expectWord('}');
    } else {
      this.syntaxError(token);
    }
  }

  private parseForBody(): void {
    let separated = false;
    const first = this.peek();
    if (first.type === 'op' && first.op === '(' && this.source.charCodeAt(first.end) === 0x28) {
      const end = this.findArithmeticEnd(first.end + 1);
      if (end < 0) this.syntaxError(first);
      this.peeked = undefined;
      this.scanExpansions(first.end + 1, end - 2);
      this.pos = end;
      this.state.reasons.add('arithmetic for loop');
      separated = true; // `for ((...)) { ...; }` is fine
    } else {
      const name = this.next();
      if (name.type !== 'word') this.syntaxError(name);
      // The loop assigns its variable on every iteration: report it for the floor.
      const loopVariable = { name: name.word.value, value: '', dynamic: true, form: 'loop' as const };
      this.state.loopAssignments.push(loopVariable);
      separated = this.peek().type === 'newline';
      this.skipNewlines();
      if (this.isReserved(this.peek(), 'in')) {
        separated = false;
        this.next();
        this.assignOk = false;
        for (;;) {
          const token = this.peek();
          if (token.type !== 'word') break;
          this.next();
          this.noteSubstitutions(token);
        }
      }
    }
    const separator = this.peek();
    if (separator.type === 'op' && separator.op === ';') {
      this.next();
      separated = true;
    }
    if (this.peek().type === 'newline') separated = true;
    this.skipNewlines();
    // `for x do ...` needs no separator, but the `{ ...; }` body does (`for x; { ...; }`).
    if (!separated && this.isReserved(this.peek(), '{')) this.syntaxError(this.peek());
    this.parseDoGroup();
  }

  private parseCaseBody(): void {
    this.assignOk = false;
    const subject = this.next();
    if (subject.type !== 'word') this.syntaxError(subject);
    this.noteSubstitutions(subject);
    this.skipNewlines();
    this.expectWord('in');
    for (;;) {
      this.skipNewlines();
      this.assignOk = false;
      let token = this.next();
      if (this.isReserved(token, 'esac')) return;
      if (token.type === 'op' && token.op === '(') token = this.next();
      for (;;) {
        if (token.type !== 'word') this.syntaxError(token);
        this.noteSubstitutions(token);
        const after = this.next();
        if (after.type === 'op' && after.op === ')') break;
        if (after.type !== 'op' || after.op !== '|') this.syntaxError(after);
        token = this.next();
      }
      this.parseList(STOP_ESAC, STOP_CASE_ITEM);
      const end = this.peek();
      if (end.type === 'op' && STOP_CASE_ITEM.has(end.op)) this.next();
      else if (!this.isReserved(end, 'esac')) this.syntaxError(end);
    }
  }

  /**
   * A word that is not part of a simple command (a `for` list, a `case` subject or pattern)
   * still runs its substitutions: their output is not visible, so the input is opaque.
   */
  private noteSubstitutions(token: WordToken): void {
    addKindReasons(token.kinds & (COMMAND_SUBSTITUTION | PROCESS_SUBSTITUTION | ARITHMETIC), REASON_SCRATCH);
    for (const reason of REASON_SCRATCH) this.state.reasons.add(reason);
    REASON_SCRATCH.length = 0;
  }

  /** `[[ ... ]]`: not a command, but words inside may hold substitutions (parsed as they are read). */
  private parseConditional(): void {
    this.assignOk = false;
    const reasons: string[] = [];
    const tokens: Token[] = [];
    for (;;) {
      const token = this.next();
      if (token.type === 'eof') this.syntaxError(token);
      if (this.isReserved(token, ']]')) break;
      tokens.push(token);
      // Operands of `[[` are expanded (and arithmetic operands evaluated): substitutions run.
      if (token.type === 'word') {
        addKindReasons(token.kinds & ~(GLOB | BRACE), reasons);
        // `-v 'a[$(id)]'`, `'a[$(id)]' -eq 1`: a subscript bash evaluates runs them too.
        if (!token.word.dynamic && holdsSubscriptSubstitution(token.word.value)) {
          if (!reasons.includes(SUBSCRIPT_REASON)) reasons.push(SUBSCRIPT_REASON);
          this.listSubstitutions(token.word.value, token.start, this.depth);
        }
      }
    }
    // `[[ -v 'a[i]' ]]`: a computed subscript reads variables as expressions (see `test.ts`).
    for (let index = 1; index < tokens.length; index++) {
      const operand = tokens[index]!;
      const before = tokens[index - 1]!;
      if (
        operand.type === 'word' &&
        before.type === 'word' &&
        before.word.value === '-v' &&
        !before.word.quoted &&
        hasComputedSubscript(operand.word.value) &&
        !reasons.includes(SUBSCRIPT_REASON)
      ) {
        reasons.push(SUBSCRIPT_REASON);
      }
    }
    for (const reason of reasons) this.state.reasons.add(`${reason} in [[ ]]`);
    const problem = checkConditional(tokens);
    if (problem) this.state.reasons.add(problem);
  }

  private parseFunctionKeyword(): void {
    const name = this.next();
    if (name.type !== 'word') this.syntaxError(name);
    const token = this.peek();
    if (token.type === 'op' && token.op === '(') {
      this.next();
      const close = this.next();
      if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
    }
    this.parseFunctionBody();
  }

  private parseFunctionBody(): void {
    this.state.reasons.add('function definition');
    this.assignOk = true;
    this.skipNewlines();
    const begin = this.state.commands.length;
    const saved = this.enter('function');
    this.parseCommand();
    this.leave(saved);
    if (this.state.commands.length === begin) return;
  }

  /** Redirections after a compound command apply to every command inside it. */
  private parseTrailingRedirects(begin: number): void {
    const redirects: ShellRedirect[] = [];
    const reasons: string[] = [];
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op' || !REDIRECT_OPERATORS.has(token.op)) break;
      this.next();
      this.parseRedirect(token, redirects, reasons);
    }
    if (redirects.length === 0 && reasons.length === 0) return;
    // The compound's own reasons count even when it holds no simple command (`[[ x ]] <<EOF`).
    for (const reason of reasons) this.state.reasons.add(reason);
    const commands = this.state.commands;
    for (let index = begin; index < commands.length; index++) {
      const command = commands[index];
      if (!command) continue;
      command.redirects.push(...redirects);
      for (const reason of reasons)
        if (!command.opaqueReasons.includes(reason)) command.opaqueReasons.push(reason);
    }
  }

  private parseRedirect(
    operator: OperatorToken,
    redirects: ShellRedirect[],
    reasons: string[],
    owner?: HeredocOwner,
  ): void {
    this.assignOk = false;
    const target = this.closeTarget(operator) ?? this.next();
    if (target.type !== 'word') this.syntaxError(target);
    const op = operator.op;
    const word = target.word;
    let write = op === '>' || op === '>>' || op === '>|' || op === '&>' || op === '&>>' || op === '<>';
    const read = op === '<' || op === '<>';
    if (op === '>&' || op === '<&') {
      const duplicate = isFdDuplicate(word.value) && !word.dynamic;
      if (!duplicate) {
        if (op === '>&') write = true;
        if (operator.fd === undefined && op === '>&') {
          // `>&word` with a non-number word is `&>word`.
        }
      }
      if (word.dynamic) reasons.push('dynamic redirection target');
    } else if (word.dynamic && op !== '<<' && op !== '<<-') {
      reasons.push('dynamic redirection target');
    }
    addKindReasons(target.kinds, reasons);
    if (plainText(target) === 'time') {
      // bash's lexer still treats a following `-p` as `time -p` here: too odd to trust.
      reasons.push('reserved word as a redirection target');
    }
    if (op === '<<' || op === '<<-') {
      this.heredocs.push({ delimiter: word.value, quoted: word.quoted, stripTabs: op === '<<-', owner });
      if (!reasons.includes('here-document')) reasons.push('here-document');
    }
    if (operator.fdVariable) reasons.push('redirection to a named file descriptor');
    const redirect: ShellRedirect = { operator: op, target: word.value, dynamic: word.dynamic, write, read };
    if (operator.fd !== undefined) redirect.fd = operator.fd;
    if (op === '<<<' && !word.dynamic) redirect.text = `${word.value}\n`;
    if ((op === '<<' || op === '<<-') && word.quoted) (this.quoted ??= new WeakSet()).add(redirect);
    redirects.push(redirect);
  }

  private parseSimpleCommand(): void {
    // Only a here-doc needs an owner (to find its command once emitted): most commands have none.
    let owner: HeredocOwner | undefined;
    // The command's words, their values and their offsets, filled side by side.
    const words: ShellWord[] = [];
    const argv: string[] = [];
    const starts: number[] = [];
    const assignments: ShellAssignment[] = [];
    const redirects: ShellRedirect[] = [];
    const reasons: string[] = [];
    let declaration = false;
    const first = this.peek();
    const start = first.start;
    let end = start;
    for (;;) {
      this.assignOk = words.length === 0 || declaration;
      const token = this.peek();
      if (token.type === 'word') {
        this.next();
        end = token.end;
        const assignment = token.assignment;
        if (assignment !== undefined && (words.length === 0 || declaration)) {
          const { name, value, dynamic } = assignment;
          if (words.length === 0) {
            assignments.push({ name, value, dynamic, form: 'prefix' });
            if (dynamic) addKindReasons(token.kinds, reasons);
            continue;
          }
          assignments.push({ name, value, dynamic, form: 'declaration' });
        }
        words.push(token.word);
        argv.push(token.word.value);
        starts.push(token.start);
        addKindReasons(token.kinds, reasons);
        if (words.length === 1) {
          const text = plainText(token);
          if (
            (assignments.length > 0 || redirects.length > 0) &&
            text !== undefined &&
            RESERVED_WORDS.has(text)
          ) {
            // After a prefix, bash takes a reserved word as a plain command name, but prints
            // it back where it reads as the reserved word: too ambiguous to trust.
            reasons.push('reserved word as a command name');
          }
          declaration = text !== undefined && isDeclarationBuiltin(text);
          const after = this.peek();
          if (after.type === 'op' && after.op === '(' && assignments.length === 0 && redirects.length === 0) {
            this.next();
            const close = this.next();
            if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
            this.parseFunctionBody();
            return;
          }
        }
        continue;
      }
      if (token.type === 'op' && REDIRECT_OPERATORS.has(token.op)) {
        this.next();
        if (owner === undefined && (token.op === '<<' || token.op === '<<-')) owner = {};
        this.parseRedirect(token, redirects, reasons, owner);
        end = this.pos;
        continue;
      }
      break;
    }
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) this.syntaxError(first);
    if (words.length === 0) for (const assignment of assignments) assignment.form = 'bare';
    for (const assignment of assignments) {
      if (assignment.dynamic && !reasons.includes('dynamic assignment')) reasons.push('dynamic assignment');
    }
    const command = this.emit(
      words,
      starts,
      assignments,
      redirects,
      reasons,
      this.context,
      this.depth,
      start,
      end,
      argv,
    );
    if (owner !== undefined) {
      owner.command = command;
      for (const { body, offset } of owner.bodies ?? []) this.heredocScript(command, body, offset);
    }
    for (const redirect of redirects) {
      if (redirect.operator === '<<<' && !redirect.dynamic) {
        this.stdinScript(command, redirect.target, start);
      }
    }
  }

  /**
   * Records a here-doc body on its redirect when it is literal (the text a program reading
   * it gets), then lists it as commands if a shell reads it. Bodies arrive in the order of
   * the command's here-doc redirects.
   */
  protected heredocScript(command: SimpleCommand, body: string, offset: number): void {
    for (const redirect of command.redirects) {
      const bodied = (this.bodied ??= new WeakSet());
      if ((redirect.operator !== '<<' && redirect.operator !== '<<-') || bodied.has(redirect)) continue;
      bodied.add(redirect);
      // Unquoted, the body still expands `$…`, backquotes and backslash escapes.
      if (this.quoted?.has(redirect) === true || !/[$`\\]/.test(body)) redirect.text = body;
      break;
    }
    this.stdinScript(command, body, offset);
  }

  /**
   * A shell that reads its script from standard input (`bash <<EOF`, `sh -s <<< 'rm x'`) runs
   * the here-doc or here-string as commands: list them (opaque) so deny checks see them.
   */
  protected stdinScript(command: SimpleCommand, body: string, offset: number): void {
    if (!readsScriptFromStdin(command.unwrapped.words)) return;
    const reason = 'a shell runs a here-document or here-string as a script';
    if (!command.opaqueReasons.includes(reason)) command.opaqueReasons.push(reason);
    const first = this.state.commands.length;
    this.parseChild(body, offset, command.depth, 'shell-string');
    // Each of these commands shares the shell's standard input, the rest of the script: a
    // `python3` or `sh` line in it reads the lines after it as its program.
    const commands = this.state.commands;
    for (let index = first; index < commands.length; index++)
      (commands[index] as SimpleCommand).readsPipe = true;
  }

  /** Appends one simple command, unwrapping wrappers (which may emit nested commands). */
  emit(
    words: ShellWord[],
    wordStarts: readonly number[] | (() => readonly number[]),
    assignments: ShellAssignment[],
    redirects: ShellRedirect[],
    reasons: string[],
    context: ShellContext,
    depth: number,
    start: number,
    end: number,
    argv: string[] = words.map((word) => word.value),
  ): SimpleCommand {
    const command: SimpleCommand = {
      argv,
      words,
      assignments,
      redirects,
      unwrapped: PENDING_UNWRAP,
      context,
      depth,
      opaqueReasons: reasons,
      start: start + this.base,
      end: end + this.base,
    };
    const state = this.state;
    state.commands.push(command);
    if (state.commands.length === state.maxCommands + 1)
      state.reasons.add('more commands than the command cap');
    try {
      command.unwrapped = unwrapCommand(words, wordStarts, depth, this, command.argv);
    } catch (error) {
      // A cap hit while unwrapping: the command may stay listed (a nested script's commands
      // survive its abort), so it gets an unwrapped part of its own, never the shared one.
      command.unwrapped = { wrappers: [], argv: [], words: [], assignments: [] };
      throw error;
    }
    if (command.unwrapped.opaqueReason && !reasons.includes(command.unwrapped.opaqueReason)) {
      reasons.push(command.unwrapped.opaqueReason);
    }
    const subscripts = subscriptSubstitutions(command.unwrapped.words, assignments);
    if (subscripts.length > 0) {
      // `test -v 'a[$(id)]'`, `unset 'a[`id`]'`: the builtin expands the subscript and runs
      // its substitutions. Opaque, and their commands listed (see `subscripts.ts`).
      if (!reasons.includes(SUBSCRIPT_REASON)) reasons.push(SUBSCRIPT_REASON);
      const skipped = words.length - command.unwrapped.words.length;
      let starts: readonly number[] | undefined;
      for (const { text, word } of subscripts) {
        let offset = start;
        if (word >= 0) {
          starts ??= typeof wordStarts === 'function' ? wordStarts() : wordStarts;
          offset = starts[skipped + word] ?? start;
        }
        this.listSubstitutions(text, offset, depth);
      }
    }
    return command;
  }

  /**
   * Lists the commands of the substitutions in a literal text bash expands later (an array
   * subscript), as nested commands at `depth + 1`; `offset` is where the text's word starts.
   */
  private listSubstitutions(text: string, offset: number, depth: number): void {
    for (const { body, at } of substitutionBodies(text)) {
      this.parseChild(body, offset + 1 + at, depth, 'command-substitution');
    }
  }

  /** Parses a literal script (`sh -c '...'`, `eval ...`) as nested commands. */
  parseScript(script: string, offset: number, depth: number, context: ShellContext): void {
    this.parseChild(script, offset, depth, context);
  }

  /**
   * Parses a nested script (backticks, `sh -c`, `eval`). A syntax error or cap inside it is
   * contained: the script is marked and scanned best-effort, the outer parse goes on (bash
   * too only reads such a script when it runs it).
   */
  protected parseChild(script: string, offset: number, depth: number, context: ShellContext): void {
    try {
      new ShellParser(script, this.state, depth + 1, context, this.base + offset).parseProgram();
    } catch (error) {
      if (!(error instanceof ShellParseAbort)) throw error;
      this.state.reasons.add(`${error.reason.replace(/ near offset \d+/, '')} in a nested script`);
      fallbackScan(script, this.state.commands, depth + 1, this.state.maxDepth, this.base + offset);
    }
  }

  /** Emits a command found inside another's arguments (`xargs CMD`, `find -exec CMD ;`). */
  emitDerived(
    words: ShellWord[],
    wordStarts: number[],
    depth: number,
    context: ShellContext,
    reason: string,
  ): void {
    if (depth + 1 > this.state.maxDepth) throw new ShellParseAbort('nesting deeper than the depth cap');
    const reasons: string[] = [reason];
    for (const word of words)
      if (word.dynamic && !reasons.includes('dynamic word')) reasons.push('dynamic word');
    const start = wordStarts[0] ?? 0;
    const last = words.length - 1;
    const end = (wordStarts[last] ?? start) + (words[last]?.raw.length ?? 0);
    this.emit(words, wordStarts, [], [], reasons, context, depth + 1, start, end);
  }
}
