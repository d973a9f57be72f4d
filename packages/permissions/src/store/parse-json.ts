/**
 * A strict JSON parser that remembers where every value starts, so a settings error can
 * name the line and column of the offending entry (`permissions.allow[2]` at 7:5), and a
 * syntax error its exact position — `JSON.parse` messages differ between Node versions
 * and give offsets, not lines. Iterative over the text; recursion only per nesting level,
 * capped.
 */

/** 1-based position in the text. */
export interface JsonPosition {
  line: number;
  column: number;
}

/** A syntax error at a position. */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
  constructor(
    message: string,
    readonly position: JsonPosition,
  ) {
    super(`${message} at line ${position.line}, column ${position.column}`);
  }
}

/** The parsed value and the position of every value by path (`permissions.allow[2]`). */
export interface JsonParseResult {
  value: unknown;
  positions: Map<string, JsonPosition>;
}

const maxDepth = 64;

/**
 * Parses `text` as JSON (a leading BOM is allowed); throws `JsonSyntaxError` with the line
 * and column of the first problem.
 */
export function parseJsonWithPositions(text: string): JsonParseResult {
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const positions = new Map<string, JsonPosition>();

  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const positionAt = (offset: number): JsonPosition => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
  const fail = (message: string, offset = index): never => {
    throw new JsonSyntaxError(message, positionAt(offset));
  };
  const skipSpace = () => {
    while (index < text.length) {
      const char = text[index];
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r') index++;
      else break;
    }
  };
  const describe = () => (index >= text.length ? 'end of input' : `${JSON.stringify(text[index])}`);

  const parseString = (): string => {
    const start = index;
    index++; // opening quote
    let out = '';
    while (true) {
      if (index >= text.length) fail('Unterminated string', start);
      const char = text[index]!;
      if (char === '"') {
        index++;
        return out;
      }
      if (char === '\\') {
        const next = text[index + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (next !== undefined && next in simple) {
          out += simple[next];
          index += 2;
        } else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) {
          out += String.fromCharCode(Number.parseInt(text.slice(index + 2, index + 6), 16));
          index += 6;
        } else {
          fail('Invalid escape in string');
        }
        continue;
      }
      if (char.charCodeAt(0) < 0x20) fail('Control character in string');
      out += char;
      index++;
    }
  };

  const parseValue = (path: string, depth: number): unknown => {
    skipSpace();
    if (depth > maxDepth) fail('Nesting too deep');
    positions.set(path, positionAt(index));
    const char = text[index];
    if (char === '{') {
      index++;
      const object: Record<string, unknown> = {};
      skipSpace();
      if (text[index] === '}') {
        index++;
        return object;
      }
      while (true) {
        skipSpace();
        if (text[index] !== '"') fail(`Expected a property name but found ${describe()}`);
        const key = parseString();
        skipSpace();
        if (text[index] !== ':') fail(`Expected ":" but found ${describe()}`);
        index++;
        const childPath = path === '' ? key : `${path}.${key}`;
        Object.defineProperty(object, key, {
          value: parseValue(childPath, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skipSpace();
        if (text[index] === ',') {
          index++;
          continue;
        }
        if (text[index] === '}') {
          index++;
          return object;
        }
        fail(`Expected "," or "}" but found ${describe()}`);
      }
    }
    if (char === '[') {
      index++;
      const array: unknown[] = [];
      skipSpace();
      if (text[index] === ']') {
        index++;
        return array;
      }
      while (true) {
        array.push(parseValue(`${path}[${array.length}]`, depth + 1));
        skipSpace();
        if (text[index] === ',') {
          index++;
          continue;
        }
        if (text[index] === ']') {
          index++;
          return array;
        }
        fail(`Expected "," or "]" but found ${describe()}`);
      }
    }
    if (char === '"') return parseString();
    const rest = text.slice(index, index + 5);
    if (rest.startsWith('true')) {
      index += 4;
      return true;
    }
    if (rest.startsWith('false')) {
      index += 5;
      return false;
    }
    if (rest.startsWith('null')) {
      index += 4;
      return null;
    }
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 400));
    if (number && number[0] !== '' && number[0] !== '-') {
      index += number[0].length;
      return Number(number[0]);
    }
    return fail(`Unexpected ${describe()}`);
  };

  const value = parseValue('', 0);
  skipSpace();
  if (index < text.length) fail(`Unexpected ${describe()} after the JSON value`);
  return { value, positions };
}
