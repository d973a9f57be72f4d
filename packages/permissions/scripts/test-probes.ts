/**
 * The probes and rule sets of one test file, for `compare-engines`: read with the TypeScript
 * compiler API (no type checker, nothing run), by following the file's own values to the calls
 * that decide a command.
 *
 * A small evaluator walks the file with an environment of the values it can know statically:
 * string, number and boolean literals, template literals, arrays and objects of them, `const`
 * bindings, the rows an iteration binds (`it.each(ROWS)(title, (cwd, command) => …)`,
 * `for (const [cwd, command] of ROWS)`, `ROWS.forEach/map(…)`, with array and object
 * destructuring) and the parameters of the file's own helpers, whose bodies it walks again with
 * the arguments of each call (`function floor(source) { analyzeShell(source) … }`). Where a
 * value reaches a deciding call it is a probe:
 *
 * - the command argument of the engine's entry points and the shell reader's
 *   (`evaluateBash`, `analyzeShell`, `expectDecision`, …), with the working directory of the
 *   call's options (`{ cwd }`) when it names one;
 * - an argv given to the classifier or the argv reader (`classifyArgv(['git', 'log'])`),
 *   quoted into one command line;
 * - an object with a `command` string (a tool input: `{ tool: 'bash', input: { command }, cwd }`,
 *   a hook's `tool_input`), with the `cwd` of it or of the object around it;
 * - as before this reader, every string of an array literal given to a call (`it.each([...])`),
 *   and the first argument of the helpers named `decide` and `behavior`.
 *
 * Rule sets: every `compileRuleSet({ allow, ask, deny })` whose lists it can evaluate — literal,
 * held in a `const`, spread from other lists or built in a template from an iteration's rows
 * (`` compileRuleSet({ deny: [`Bash(${name}:*)`] }) ``, one rule set per row) — and every
 * settings object `{ permissions: { allow, ask, deny } }` (its other keys are not rules and are
 * left out).
 *
 * What it cannot see: values computed by code it does not evaluate (property-based inputs,
 * values read from files, functions imported from other modules), rows past its limits.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface RuleSpec {
  allow?: string[];
  ask?: string[];
  deny?: string[];
}

export interface Probe {
  command: string;
  /** The working directory the test decides it in, when it names one. */
  cwd?: string;
}

export interface ScannedTestFile {
  probes: Probe[];
  ruleSets: { name: string; spec: RuleSpec }[];
  /** Set when the walk stopped at its budget: the file has more than was read. */
  truncated: boolean;
}

// --- values ------------------------------------------------------------------------------

/** A value the evaluator cannot know. */
const UNKNOWN: unique symbol = Symbol('unknown');
/** `undefined` (a missing argument, an absent property). */
const UNDEFINED: unique symbol = Symbol('undefined');

/** A function of the file, with the scope it was made in. */
class Fn {
  constructor(
    readonly node: ts.FunctionLikeDeclaration,
    readonly scope: Scope,
  ) {}
}

/** A fast-check arbitrary with a finite domain the evaluator can list (`fc.constantFrom(...)`). */
class Arb {
  constructor(readonly values: readonly Value[]) {}
}

type Value =
  | string
  | number
  | boolean
  | typeof UNKNOWN
  | typeof UNDEFINED
  | Fn
  | Arb
  | RegExp
  | readonly Value[]
  | { readonly [key: string]: Value };

type Fields = { readonly [key: string]: Value };

const isFields = (value: Value): value is Fields =>
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof Fn) &&
  !(value instanceof Arb) &&
  !(value instanceof RegExp);
const isArray = (value: Value): value is readonly Value[] => Array.isArray(value);
const isPrimitive = (value: Value): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

class Scope {
  private readonly values = new Map<string, Value>();
  constructor(readonly parent: Scope | undefined) {}
  set(name: string, value: Value): void {
    this.values.set(name, value);
  }
  get(name: string): Value {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent)
      if (scope.values.has(name)) return scope.values.get(name)!;
    return UNKNOWN;
  }
}

// --- what decides a command ------------------------------------------------------------------

/** Calls whose argument `command` is a shell command; `cwd` a working directory or `options` one with `cwd`. */
const COMMAND_CALLS: Readonly<Record<string, { command: number; cwd?: number; options?: number }>> = {
  evaluateBash: { command: 0, options: 2 },
  evaluateBashDetailed: { command: 0, options: 2 },
  evaluateBashListing: { command: 0, options: 2 },
  analyzeShell: { command: 0 },
  expectDecision: { command: 0, options: 2 },
  decideCommand: { command: 0, options: 2 },
  bashSessionKey: { command: 0, cwd: 1 },
  normalizeCommand: { command: 0 },
  scanForRejection: { command: 0 },
  rejectionReason: { command: 0 },
  fallbackScan: { command: 0 },
  fallbackScanEach: { command: 0 },
  // The unit tests' helpers the harness read by name before it followed values.
  decide: { command: 0 },
  behavior: { command: 0 },
};

/** Calls whose first argument is an argv. */
const ARGV_CALLS = new Set(['classifyArgv', 'readCommand', 'readArgv']);

/** Array methods whose callback gets each element as its first parameter. */
const ELEMENT_CALLBACKS = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find']);

/** Rows one iteration is walked for, helper calls deep, and nodes visited per file. */
const MAX_ROWS = 2000;
/** Cases of one property listed at most (an even sample of a larger domain, the same every run). */
const MAX_CASES = 400;
const MAX_DEPTH = 4;
const MAX_VISITS = 4_000_000;

/** A word as bash reads it back (single quotes where needed). */
function quoteWord(word: string): string {
  return /^[A-Za-z0-9_@%+,./:=-]+$/.test(word) && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)
    ? word
    : `'${word.replace(/'/g, `'\\''`)}'`;
}

// --- the scan --------------------------------------------------------------------------------

/**
 * Scans one test file. `label` names its rule sets (`held-out-probe:permissive`,
 * `engine/evaluate-bash:rules`).
 */
export function scanTestFile(file: string, label: string): ScannedTestFile {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const probes = new Map<string, Probe>();
  const ruleSets = new Map<string, { name: string; spec: RuleSpec }>();
  const names = new Set<string>();
  let visits = 0;
  let truncated = false;
  /** Per helper: the arguments its body was already walked with. */
  const walked = new Map<Fn, Set<string>>();
  let depth = 0;

  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const addProbe = (command: Value, cwd: Value = UNDEFINED) => {
    if (typeof command !== 'string' || command.trim() === '') return;
    const probe: Probe = typeof cwd === 'string' && cwd.startsWith('/') ? { command, cwd } : { command };
    probes.set(`${probe.cwd ?? ''}\u0000${command}`, probe);
  };

  const addRuleSet = (spec: RuleSpec, at: ts.Node) => {
    const key = JSON.stringify([spec.allow ?? [], spec.ask ?? [], spec.deny ?? []]);
    if (ruleSets.has(key)) return;
    const own = ruleSetName(at, source);
    let name = `${label}:${own}`;
    // Two rule sets under one name (`rules` in several tests) get their line, and those made at
    // one line (one per row of an iteration) a number.
    if (names.has(name) && !own.startsWith('line ')) name += ` (line ${lineOf(at)})`;
    const first = name;
    for (let n = 2; names.has(name); n++) name = `${first} #${n}`;
    names.add(name);
    ruleSets.set(key, { name, spec });
  };

  /** A rule spec from `{ allow, ask, deny }` (only those keys, each a list of strings). */
  const ruleSpec = (value: Value, onlyRules: boolean): RuleSpec | undefined => {
    if (!isFields(value)) return undefined;
    const spec: RuleSpec = {};
    for (const [key, list] of Object.entries(value)) {
      if (key !== 'allow' && key !== 'ask' && key !== 'deny') {
        if (onlyRules) return undefined;
        continue;
      }
      if (list === UNDEFINED) continue;
      if (!isArray(list) || !list.every((rule) => typeof rule === 'string')) return undefined;
      spec[key] = list as string[];
    }
    return spec;
  };

  // --- evaluation ---

  const evaluate = (node: ts.Expression, scope: Scope): Value => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ''));
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      try {
        return new RegExp(node.text.slice(1, end), node.text.slice(end + 1));
      } catch {
        return UNKNOWN;
      }
    }
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
      const operand = evaluate(node.operand, scope);
      return typeof operand === 'number' ? -operand : UNKNOWN;
    }
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      const operand = evaluate(node.operand, scope);
      return typeof operand === 'boolean' ? !operand : UNKNOWN;
    }
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isTypeAssertionExpression(node)
    )
      return evaluate(node.expression, scope);
    if (ts.isIdentifier(node)) return node.text === 'undefined' ? UNDEFINED : scope.get(node.text);
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return new Fn(node, scope);
    if (ts.isTemplateExpression(node)) {
      let text = node.head.text;
      for (const span of node.templateSpans) {
        const value = evaluate(span.expression, scope);
        if (!isPrimitive(value)) return UNKNOWN;
        text += String(value) + span.literal.text;
      }
      return text;
    }
    if (ts.isArrayLiteralExpression(node)) {
      const values: Value[] = [];
      for (const element of node.elements) {
        if (ts.isSpreadElement(element)) {
          const spread = evaluate(element.expression, scope);
          if (typeof spread === 'string') values.push(...spread);
          else if (isArray(spread)) values.push(...spread);
          else return UNKNOWN;
        } else if (ts.isOmittedExpression(element)) values.push(UNDEFINED);
        else values.push(evaluate(element, scope));
      }
      return values;
    }
    if (ts.isObjectLiteralExpression(node)) {
      const fields: Record<string, Value> = {};
      for (const property of node.properties) {
        if (ts.isPropertyAssignment(property)) {
          const key = propertyKey(property.name);
          if (key !== undefined) fields[key] = evaluate(property.initializer, scope);
        } else if (ts.isShorthandPropertyAssignment(property))
          fields[property.name.text] = scope.get(property.name.text);
        else if (ts.isSpreadAssignment(property)) {
          const spread = evaluate(property.expression, scope);
          if (isFields(spread)) Object.assign(fields, spread);
        }
      }
      return fields;
    }
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      const left = evaluate(node.left, scope);
      if (operator === ts.SyntaxKind.QuestionQuestionToken)
        return left === UNDEFINED ? evaluate(node.right, scope) : left;
      if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.AmpersandAmpersandToken) {
        if (typeof left !== 'boolean') return UNKNOWN;
        return left === (operator === ts.SyntaxKind.BarBarToken) ? left : evaluate(node.right, scope);
      }
      const right = evaluate(node.right, scope);
      if (operator === ts.SyntaxKind.PlusToken) {
        if (typeof left === 'number' && typeof right === 'number') return left + right;
        return isPrimitive(left) && isPrimitive(right) ? String(left) + String(right) : UNKNOWN;
      }
      if (typeof left === 'number' && typeof right === 'number') {
        if (operator === ts.SyntaxKind.MinusToken) return left - right;
        if (operator === ts.SyntaxKind.AsteriskToken) return left * right;
      }
      const comparable = (value: Value) => isPrimitive(value) || value === UNDEFINED;
      if (!comparable(left) || !comparable(right)) return UNKNOWN;
      if (operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken)
        return left === right;
      if (
        operator === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        operator === ts.SyntaxKind.ExclamationEqualsToken
      )
        return left !== right;
      return UNKNOWN;
    }
    if (ts.isConditionalExpression(node)) {
      const condition = evaluate(node.condition, scope);
      return typeof condition === 'boolean'
        ? evaluate(condition ? node.whenTrue : node.whenFalse, scope)
        : UNKNOWN;
    }
    if (ts.isPropertyAccessExpression(node)) {
      const object = evaluate(node.expression, scope);
      if (isFields(object)) return object[node.name.text] ?? UNDEFINED;
      if ((isArray(object) || typeof object === 'string') && node.name.text === 'length')
        return object.length;
      return UNKNOWN;
    }
    if (ts.isElementAccessExpression(node)) {
      const object = evaluate(node.expression, scope);
      const index = evaluate(node.argumentExpression, scope);
      if (isArray(object) && typeof index === 'number') return object[index] ?? UNDEFINED;
      if (isFields(object) && typeof index === 'string') return object[index] ?? UNDEFINED;
      return UNKNOWN;
    }
    if (ts.isCallExpression(node)) return evaluateCall(node, scope);
    return UNKNOWN;
  };

  /** The calls whose result the evaluator computes: string and array methods, the file's pure helpers. */
  const evaluateCall = (node: ts.CallExpression, scope: Scope): Value => {
    const args = node.arguments;
    const arbitrary = evaluateArbitrary(node, scope);
    if (arbitrary !== undefined) return arbitrary;
    if (
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Object' &&
      args[0]
    ) {
      const object = evaluate(args[0], scope);
      if (!isFields(object)) return UNKNOWN;
      const method = node.expression.name.text;
      if (method === 'entries') return Object.entries(object);
      if (method === 'keys') return Object.keys(object);
      if (method === 'values') return Object.values(object);
      return UNKNOWN;
    }
    if (ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const object = evaluate(node.expression.expression, scope);
      if (isArray(object)) {
        if (method === 'join') {
          const separator = args[0] ? evaluate(args[0], scope) : ',';
          return typeof separator === 'string' && object.every(isPrimitive)
            ? object.map(String).join(separator)
            : UNKNOWN;
        }
        if (method === 'flat') return object.flatMap((value) => (isArray(value) ? value : [value]));
        if (method === 'slice') {
          const bounds = args.map((arg) => evaluate(arg, scope));
          return bounds.every((bound) => typeof bound === 'number')
            ? object.slice(...(bounds as number[]))
            : UNKNOWN;
        }
        if (method === 'concat') {
          const more = args.map((arg) => evaluate(arg, scope));
          return more.every(isArray) ? object.concat(...more) : UNKNOWN;
        }
        if ((method === 'map' || method === 'flatMap') && args[0]) {
          const callback = evaluate(args[0], scope);
          if (!(callback instanceof Fn) || object.length > MAX_ROWS) return UNKNOWN;
          const mapped = object.map((element, index) => apply(callback, [element, index]));
          return method === 'map' ? mapped : mapped.flatMap((value) => (isArray(value) ? value : [value]));
        }
        return UNKNOWN;
      }
      if (object instanceof RegExp && method === 'test' && args[0]) {
        const text = evaluate(args[0], scope);
        return typeof text === 'string' ? new RegExp(object.source, object.flags).test(text) : UNKNOWN;
      }
      if (typeof object === 'string') {
        const values = args.map((arg) => evaluate(arg, scope));
        const strings = values.every((value) => typeof value === 'string');
        const numbers = values.every((value) => typeof value === 'number');
        if (method === 'trim') return object.trim();
        if (method === 'toLowerCase') return object.toLowerCase();
        if (method === 'toUpperCase') return object.toUpperCase();
        if (strings && values.length === 1) {
          const text = values[0] as string;
          if (method === 'startsWith') return object.startsWith(text);
          if (method === 'endsWith') return object.endsWith(text);
          if (method === 'includes') return object.includes(text);
        }
        if (numbers && (method === 'slice' || method === 'at'))
          return method === 'slice'
            ? object.slice(...(values as number[]))
            : (object.at(values[0] as number) ?? UNDEFINED);
        if (method === 'repeat' && args[0]) {
          const times = evaluate(args[0], scope);
          return typeof times === 'number' && times >= 0 && times * object.length <= 1 << 16
            ? object.repeat(times)
            : UNKNOWN;
        }
        if ((method === 'replace' || method === 'replaceAll') && args[0] && args[1]) {
          const pattern = evaluate(args[0], scope);
          const replacement = evaluate(args[1], scope);
          if (typeof replacement !== 'string' || !(typeof pattern === 'string' || pattern instanceof RegExp))
            return UNKNOWN;
          return method === 'replace'
            ? object.replace(pattern, replacement)
            : object.replaceAll(pattern, replacement);
        }
        if (method === 'split' && args[0]) {
          const separator = evaluate(args[0], scope);
          return typeof separator === 'string' ? object.split(separator) : UNKNOWN;
        }
        return UNKNOWN;
      }
      return UNKNOWN;
    }
    if (ts.isIdentifier(node.expression) && node.expression.text === 'String' && args[0]) {
      const value = evaluate(args[0], scope);
      return isPrimitive(value) ? String(value) : UNKNOWN;
    }
    const callee = evaluate(node.expression, scope);
    return callee instanceof Fn
      ? apply(
          callee,
          args.map((arg) => evaluate(arg, scope)),
        )
      : UNKNOWN;
  };

  /**
   * The finite arbitraries of fast-check: `fc.constantFrom(...)`, `fc.constant`, `fc.boolean()`,
   * `fc.nat({ max })`, `fc.integer({ min, max })`, `fc.tuple(...)`, `fc.oneof(...)` and
   * `ARB.map(fn)`; undefined for any other call.
   */
  const evaluateArbitrary = (node: ts.CallExpression, scope: Scope): Value | undefined => {
    if (!ts.isPropertyAccessExpression(node.expression)) return undefined;
    const method = node.expression.name.text;
    const args = node.arguments.flatMap((arg): Value[] => {
      if (!ts.isSpreadElement(arg)) return [evaluate(arg, scope)];
      const spread = evaluate(arg.expression, scope);
      return isArray(spread) ? [...spread] : [UNKNOWN];
    });
    const target = node.expression.expression;
    if (!(ts.isIdentifier(target) && target.text === 'fc')) {
      if (method !== 'map' || args.length !== 1) return undefined;
      const arb = evaluate(target, scope);
      if (!(arb instanceof Arb)) return undefined;
      const fn = args[0];
      return fn instanceof Fn ? new Arb(arb.values.map((value) => apply(fn, [value]))) : UNKNOWN;
    }
    const range = (min: Value, max: Value) =>
      typeof min === 'number' && typeof max === 'number' && max - min < MAX_ROWS
        ? new Arb(Array.from({ length: max - min + 1 }, (_, index) => min + index))
        : UNKNOWN;
    const bounds = (value: Value | undefined, name: 'min' | 'max', fallback: number): Value =>
      value === undefined || !isFields(value) ? fallback : (value[name] ?? fallback);
    switch (method) {
      case 'constantFrom':
        return new Arb(args);
      case 'constant':
        return new Arb(args.slice(0, 1));
      case 'boolean':
        return new Arb([false, true]);
      case 'nat':
        return range(0, typeof args[0] === 'number' ? args[0] : bounds(args[0], 'max', Number.NaN));
      case 'integer':
        return range(bounds(args[0], 'min', Number.NaN), bounds(args[0], 'max', Number.NaN));
      case 'oneof':
        return args.every((arg) => arg instanceof Arb)
          ? new Arb(args.flatMap((arg) => (arg as Arb).values))
          : UNKNOWN;
      case 'array': {
        // Every array of at most `maxLength` (≤ 3) elements of a finite arbitrary.
        const [element, options] = args;
        const max = options !== undefined && isFields(options) ? options.maxLength : undefined;
        if (!(element instanceof Arb) || typeof max !== 'number' || !(max >= 0 && max <= 3)) return UNKNOWN;
        let level: Value[][] = [[]];
        const all: Value[][] = [[]];
        for (let length = 1; length <= max; length++) {
          level = level.flatMap((prefix) => element.values.map((value) => [...prefix, value]));
          if (all.length + level.length > MAX_ROWS) return UNKNOWN;
          all.push(...level);
        }
        return new Arb(all);
      }
      case 'tuple': {
        const rows = product(args);
        return rows === undefined ? UNKNOWN : new Arb(rows);
      }
      default:
        return UNKNOWN;
    }
  };

  /** A helper's result when its body is one expression (`(c) => \`${c}\n\``), else unknown. */
  const apply = (fn: Fn, args: readonly Value[]): Value => {
    const body = fn.node.body;
    if (body === undefined || depth >= MAX_DEPTH) return UNKNOWN;
    depth += 1;
    try {
      const scope = bindParameters(fn, args);
      if (!ts.isBlock(body)) return evaluate(body, scope);
      const result = run(body.statements, new Scope(scope));
      return result === undefined ? UNDEFINED : result;
    } finally {
      depth -= 1;
    }
  };

  /**
   * Runs the statements of a helper that computes a value: `const`, `if`, `switch` and `return`
   * whose conditions it can evaluate. The value returned, undefined when the statements end
   * without one, unknown at any other statement.
   */
  const run = (statements: readonly ts.Statement[], scope: Scope): Value | undefined => {
    for (const statement of statements) {
      if (++visits > MAX_VISITS) return UNKNOWN;
      if (ts.isReturnStatement(statement))
        return statement.expression ? evaluate(statement.expression, scope) : UNDEFINED;
      if (ts.isVariableStatement(statement)) {
        if ((statement.declarationList.flags & ts.NodeFlags.Const) === 0) return UNKNOWN;
        for (const declaration of statement.declarationList.declarations)
          bind(
            declaration.name,
            declaration.initializer ? evaluate(declaration.initializer, scope) : UNDEFINED,
            scope,
          );
        continue;
      }
      if (ts.isBlock(statement)) {
        const result = run(statement.statements, new Scope(scope));
        if (result !== undefined) return result;
        continue;
      }
      if (ts.isIfStatement(statement)) {
        const condition = evaluate(statement.expression, scope);
        if (typeof condition !== 'boolean') return UNKNOWN;
        const branch = condition ? statement.thenStatement : statement.elseStatement;
        const result = branch === undefined ? undefined : run([branch], new Scope(scope));
        if (result !== undefined) return result;
        continue;
      }
      if (ts.isSwitchStatement(statement)) {
        const subject = evaluate(statement.expression, scope);
        if (!isPrimitive(subject)) return UNKNOWN;
        const clauses = statement.caseBlock.clauses;
        let start = clauses.findIndex(
          (clause) => ts.isCaseClause(clause) && evaluate(clause.expression, scope) === subject,
        );
        if (start < 0) start = clauses.findIndex((clause) => ts.isDefaultClause(clause));
        if (start < 0) continue;
        // Falls through from the matching clause; a `break` ends the switch.
        const body = clauses.slice(start).flatMap((clause) => [...clause.statements]);
        const end = body.findIndex((inner) => ts.isBreakStatement(inner));
        const result = run(end < 0 ? body : body.slice(0, end), new Scope(scope));
        if (result !== undefined) return result;
        continue;
      }
      if (ts.isEmptyStatement(statement) || ts.isFunctionDeclaration(statement)) continue;
      return UNKNOWN;
    }
    return undefined;
  };

  const bindParameters = (fn: Fn, args: readonly Value[]): Scope => {
    const scope = new Scope(fn.scope);
    fn.node.parameters.forEach((parameter, index) => {
      const value = parameter.dotDotDotToken ? args.slice(index) : (args[index] ?? UNDEFINED);
      bind(parameter.name, value, scope, parameter.initializer);
    });
    return scope;
  };

  const bind = (name: ts.BindingName, value: Value, scope: Scope, initializer?: ts.Expression): void => {
    if (value === UNDEFINED && initializer !== undefined) value = evaluate(initializer, scope);
    if (ts.isIdentifier(name)) {
      scope.set(name.text, value);
      return;
    }
    if (ts.isArrayBindingPattern(name)) {
      name.elements.forEach((element, index) => {
        if (ts.isOmittedExpression(element)) return;
        const item = !isArray(value)
          ? UNKNOWN
          : element.dotDotDotToken
            ? value.slice(index)
            : (value[index] ?? UNDEFINED);
        bind(element.name, item, scope, element.initializer);
      });
      return;
    }
    for (const element of name.elements) {
      const key = element.propertyName
        ? propertyKey(element.propertyName)
        : ts.isIdentifier(element.name)
          ? element.name.text
          : undefined;
      const item =
        element.dotDotDotToken || key === undefined || !isFields(value) ? UNKNOWN : (value[key] ?? UNDEFINED);
      bind(element.name, item, scope, element.initializer);
    }
  };

  // --- the walk ---

  /** Binds the functions a block declares (hoisted) and walks its statements in order. */
  const walkStatements = (statements: readonly ts.Statement[], scope: Scope) => {
    for (const statement of statements)
      if (ts.isFunctionDeclaration(statement) && statement.name)
        scope.set(statement.name.text, new Fn(statement, scope));
    for (const statement of statements) walk(statement, scope);
  };

  /** Walks a function's body with its parameters bound to `args`. */
  const walkBody = (fn: Fn, args: readonly Value[]) => {
    const body = fn.node.body;
    if (body === undefined) return;
    const scope = bindParameters(fn, args);
    if (ts.isBlock(body)) walkStatements(body.statements, new Scope(scope));
    else walk(body, scope);
  };

  /** Walks `fn` once for each of `rows`, its parameters bound by `spread` (it.each) or to the row. */
  const walkRows = (fn: Fn, rows: Value, spread: boolean) => {
    if (!isArray(rows)) {
      walkBody(
        fn,
        fn.node.parameters.map(() => UNKNOWN),
      );
      return;
    }
    for (const row of rows.slice(0, MAX_ROWS)) walkBody(fn, spread && isArray(row) ? row : [row]);
  };

  const walk = (node: ts.Node, scope: Scope): void => {
    if (++visits > MAX_VISITS) {
      truncated = true;
      return;
    }
    if (ts.isBlock(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      walkStatements(node.statements, new Scope(scope));
      return;
    }
    if (ts.isVariableDeclaration(node)) {
      if (node.initializer) walk(node.initializer, scope);
      const isConst =
        ts.isVariableDeclarationList(node.parent) && (node.parent.flags & ts.NodeFlags.Const) !== 0;
      bind(node.name, isConst && node.initializer ? evaluate(node.initializer, scope) : UNKNOWN, scope);
      return;
    }
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      // Walked once as written, its parameters unknown; calls walk it again with their arguments.
      walkBody(
        new Fn(node, scope),
        node.parameters.map(() => UNKNOWN),
      );
      return;
    }
    if (ts.isForOfStatement(node)) {
      walk(node.expression, scope);
      const rows = evaluate(node.expression, scope);
      const pattern = ts.isVariableDeclarationList(node.initializer)
        ? node.initializer.declarations[0]?.name
        : undefined;
      const list: readonly Value[] = isArray(rows) ? rows.slice(0, MAX_ROWS) : [UNKNOWN];
      for (const row of list) {
        const inner = new Scope(scope);
        if (pattern) bind(pattern, row, inner);
        walk(node.statement, inner);
      }
      return;
    }
    if (ts.isObjectLiteralExpression(node)) {
      const value = evaluate(node, scope);
      if (isFields(value)) {
        if (typeof value.command === 'string') addProbe(value.command, value.cwd ?? cwdAround(node, scope));
        const permissions = value.permissions;
        const spec = permissions === undefined ? undefined : ruleSpec(permissions, false);
        if (spec && Object.keys(spec).length > 0) addRuleSet(spec, node);
      }
      ts.forEachChild(node, (child) => walk(child, scope));
      return;
    }
    if (ts.isCallExpression(node)) {
      walkCall(node, scope);
      return;
    }
    ts.forEachChild(node, (child) => walk(child, scope));
  };

  /** The `cwd` of the object literal around a tool input (`{ input: { command }, cwd }`). */
  const cwdAround = (node: ts.Node, scope: Scope): Value => {
    for (let parent = node.parent, hops = 0; parent && hops < 4; parent = parent.parent, hops++)
      if (ts.isObjectLiteralExpression(parent)) {
        const value = evaluate(parent, scope);
        if (isFields(value) && value.cwd !== undefined) return value.cwd;
      }
    return UNDEFINED;
  };

  const walkCall = (node: ts.CallExpression, scope: Scope) => {
    const args = node.arguments;
    const name = ts.isIdentifier(node.expression)
      ? node.expression.text
      : ts.isPropertyAccessExpression(node.expression)
        ? node.expression.name.text
        : undefined;
    // As before: the strings of an array literal given to a call.
    for (const argument of args)
      if (ts.isArrayLiteralExpression(argument))
        for (const element of argument.elements)
          if (ts.isStringLiteral(element) || ts.isNoSubstitutionTemplateLiteral(element))
            addProbe(element.text);

    const deciding = name === undefined ? undefined : COMMAND_CALLS[name];
    if (deciding) {
      const at = (index: number | undefined) =>
        index === undefined || args[index] === undefined ? UNDEFINED : evaluate(args[index]!, scope);
      const options = at(deciding.options);
      addProbe(
        at(deciding.command),
        deciding.cwd !== undefined ? at(deciding.cwd) : isFields(options) ? options.cwd : UNDEFINED,
      );
    }
    if (name !== undefined && ARGV_CALLS.has(name) && args[0]) {
      const argv = evaluate(args[0], scope);
      if (isArray(argv) && argv.length > 0 && argv.every((word) => typeof word === 'string'))
        addProbe((argv as string[]).map(quoteWord).join(' '));
    }
    if (name === 'compileRuleSet') {
      const spec = args[0] ? ruleSpec(evaluate(args[0], scope), true) : {};
      if (spec) addRuleSet(spec, node);
    }

    // `it.each(ROWS)(title, fn)`: fn once per row, a row of several values spread over its parameters.
    const inner = node.expression;
    if (
      ts.isCallExpression(inner) &&
      ts.isPropertyAccessExpression(inner.expression) &&
      inner.expression.name.text === 'each' &&
      inner.arguments[0]
    ) {
      walk(inner, scope);
      const fn = args.map((arg) => evaluate(arg, scope)).find((value) => value instanceof Fn);
      for (const arg of args)
        if (!(ts.isArrowFunction(arg) || ts.isFunctionExpression(arg))) walk(arg, scope);
      if (fn instanceof Fn) walkRows(fn, evaluate(inner.arguments[0], scope), true);
      return;
    }
    // `fc.property(ARB, ARB, fn)` with finite arbitraries: fn for their cases (a sample of a large product).
    if (
      ts.isPropertyAccessExpression(inner) &&
      inner.name.text === 'property' &&
      ts.isIdentifier(inner.expression) &&
      inner.expression.text === 'fc' &&
      args.length > 1
    ) {
      for (const arg of args.slice(0, -1)) walk(arg, scope);
      const fn = evaluate(args.at(-1)!, scope);
      const rows = product(args.slice(0, -1).map((arg) => evaluate(arg, scope)));
      if (fn instanceof Fn) walkRows(fn, rows ?? UNKNOWN, true);
      return;
    }
    // `ROWS.forEach((row) => …)` and the like: the callback once per element.
    if (
      ts.isPropertyAccessExpression(inner) &&
      ELEMENT_CALLBACKS.has(inner.name.text) &&
      args[0] &&
      (ts.isArrowFunction(args[0]) || ts.isFunctionExpression(args[0]))
    ) {
      const rows = evaluate(inner.expression, scope);
      if (isArray(rows)) {
        walk(inner.expression, scope);
        for (const arg of args.slice(1)) walk(arg, scope);
        walkRows(new Fn(args[0], scope), rows, false);
        return;
      }
    }
    // A helper of the file: its body again with these arguments.
    const callee = ts.isIdentifier(inner) ? scope.get(inner.text) : UNKNOWN;
    ts.forEachChild(node, (child) => walk(child, scope));
    if (callee instanceof Fn && depth < MAX_DEPTH) {
      const values = args.map((arg) => evaluate(arg, scope));
      if (values.every((value) => value === UNKNOWN)) return;
      const key = stableKey(values);
      let seen = walked.get(callee);
      if (seen === undefined) walked.set(callee, (seen = new Set()));
      if (seen.has(key)) return;
      seen.add(key);
      depth += 1;
      try {
        walkBody(callee, values);
      } finally {
        depth -= 1;
      }
    }
  };

  walkStatements(source.statements, new Scope(undefined));
  return { probes: [...probes.values()], ruleSets: [...ruleSets.values()], truncated };
}

/**
 * The cases of finite arbitraries, one row per combination: all of them, or a sample of
 * `MAX_CASES` drawn with a fixed seed (the same each run) when there are more; undefined when
 * one is not finite.
 */
function product(arbitraries: readonly Value[]): Value[][] | undefined {
  if (!arbitraries.every((arb) => arb instanceof Arb)) return undefined;
  const domains = (arbitraries as Arb[]).map((arb) => arb.values);
  const size = domains.reduce((total, values) => total * values.length, 1);
  const indexes: number[] = [];
  if (size <= MAX_CASES) for (let index = 0; index < size; index++) indexes.push(index);
  else {
    // mulberry32, seeded: a spread no domain's size can alias with.
    let seed = 0x2705;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const chosen = new Set<number>();
    while (chosen.size < MAX_CASES) chosen.add(Math.floor(next() * size));
    indexes.push(...[...chosen].sort((a, b) => a - b));
  }
  return indexes.map((case_) => {
    const row: Value[] = [];
    let index = case_;
    for (let d = domains.length - 1; d >= 0; d--) {
      const values = domains[d]!;
      row.unshift(values[index % values.length]!);
      index = Math.floor(index / values.length);
    }
    return row;
  });
}

function propertyKey(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
    ? name.text
    : undefined;
}

/** A key for a list of values (functions and unknowns by kind only). */
function stableKey(values: readonly Value[]): string {
  return JSON.stringify(values, (_key, value: unknown) =>
    value === UNKNOWN
      ? '\u0000?'
      : value === UNDEFINED
        ? '\u0000u'
        : value instanceof Fn
          ? `\u0000f${value.node.pos}`
          : value,
  );
}

/** The name a rule set goes by in its test: its property or variable, else its line. */
function ruleSetName(node: ts.Node, source: ts.SourceFile): string {
  const at = node.parent;
  if ((ts.isPropertyAssignment(at) || ts.isVariableDeclaration(at)) && at.name)
    return at.name.getText(source);
  return `line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}
