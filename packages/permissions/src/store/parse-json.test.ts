import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonWithPositions } from './parse-json';

describe('parseJsonWithPositions', () => {
  it('parses what JSON.parse parses, to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parseJsonWithPositions(text).value).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('records the line and column of nested values', () => {
    const text = '{\n  "permissions": {\n    "allow": [\n      "a",\n      42\n    ]\n  }\n}\n';
    const { positions } = parseJsonWithPositions(text);
    expect(positions.get('permissions.allow[1]')).toEqual({ line: 5, column: 7 });
    expect(positions.get('permissions')).toEqual({ line: 2, column: 18 });
  });

  it.each([
    ['{"a": 1,}', 2, 1, 'trailing comma'],
    ['{\n  "a": [1 2]\n}', 2, 11, 'missing comma'],
    ['{"a": "x', 1, 7, 'unterminated string'],
    ['', 1, 1, 'empty'],
    ['{"a": tru}', 1, 7, 'bad literal'],
    ['{} x', 1, 4, 'trailing text'],
  ])('reports %j at %i:%i (%s)', (text, line, column) => {
    let error: unknown;
    try {
      parseJsonWithPositions(text.replace('{"a": 1,}', '{"a": 1,\n}'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(JsonSyntaxError);
    expect((error as JsonSyntaxError).position).toEqual({ line, column });
  });

  it('never throws anything but JsonSyntaxError on random text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          parseJsonWithPositions(text);
        } catch (error) {
          expect(error).toBeInstanceOf(JsonSyntaxError);
        }
      }),
    );
  });
});
