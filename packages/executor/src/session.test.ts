import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSession } from './session';
import { canonicalJson, jaccard, similarityKeyOf, sortedTokens, tokenize } from './similarity';
import { readTool } from './test-support';

describe('similarity', () => {
  it('tokenizes case- and punctuation-insensitively', () => {
    expect(tokenize('AAPL, revenue: 2023! aapl')).toEqual(new Set(['aapl', 'revenue', '2023']));
    expect(tokenize('Ünïcode café, CAFÉ 2024')).toEqual(new Set(['ünïcode', 'café', '2024']));
    expect(tokenize('  --  ')).toEqual(new Set());
  });

  it('property: the hand-rolled tokenizer matches a Unicode regex split, sorted and unique', () => {
    const reference = (text: string) =>
      [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((part) => part !== '').sort();
    const ascii = fc.constantFrom('a', 'b', 'Z', 'Q', '0', '9', ' ', ',', '-', '"', ':', '{', '_', '\n');
    const anyChar = fc.oneof(ascii, fc.constantFrom('é', 'Ü', 'ß', '日', '٣'));
    const texts = fc.oneof(
      fc.array(ascii, { maxLength: 120 }).map((chars) => chars.join('')),
      fc.array(anyChar, { maxLength: 60 }).map((chars) => chars.join('')),
      // Many short distinct tokens: the long-array sort path.
      fc
        .array(fc.stringMatching(/^[a-dA-D0-3]{1,2}$/), { minLength: 15, maxLength: 40 })
        .map((t) => t.join(' ')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(sortedTokens(text)).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });

  it('property: canonicalJson is valid JSON of the value and ignores key order', () => {
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .reverse()
                .map((key) => [key, reverseKeys((value as Record<string, unknown>)[key])]),
            )
          : value;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reverseKeys(value))).toBe(text);
      }),
    );
    expect(canonicalJson({ b: 1, a: [1n, () => 1] })).toBe('{"a":["1","[Function anonymous]"],"b":1}');
  });

  it('computes Jaccard over token sets', () => {
    expect(jaccard(tokenize('a b c d'), tokenize('d c b a'))).toBe(1);
    expect(jaccard(tokenize('a b c d'), tokenize('a b c e'))).toBeCloseTo(3 / 5);
    expect(jaccard(new Set(), new Set())).toBe(1);
  });

  it('uses similarityKey when the tool has one, canonical JSON otherwise', () => {
    const plain = readTool('plain');
    expect(similarityKeyOf(plain, { q: 'x', a: 1 })).toBe(similarityKeyOf(plain, { a: 1, q: 'x' }));
    const keyed = readTool('keyed', undefined, { similarityKey: (input: { q: string }) => input.q });
    expect(similarityKeyOf(keyed, { q: 'apple revenue' })).toBe('apple revenue');
    const broken = readTool('broken', undefined, {
      similarityKey: () => {
        throw new Error('bad');
      },
    });
    expect(similarityKeyOf(broken, { q: 'x' })).toBe('{"q":"x"}');
  });
});

describe('createSession', () => {
  it('keeps grants and counts per tool', () => {
    const session = createSession({ id: 's1' });
    expect(session.id).toBe('s1');
    session.grant('tool:write');
    expect(session.isGranted('tool:write')).toBe(true);
    expect(session.grants()).toEqual(['tool:write']);
    expect(session.recordCall('search', { toolCallId: 'a', key: 'x' })).toBe(1);
    expect(session.recordCall('search', { toolCallId: 'b', key: 'y' })).toBe(2);
    expect(session.callCount('search')).toBe(2);
    expect(session.callCount('other')).toBe(0);
    expect(session.revoke('tool:write')).toBe(true);
    session.reset();
    expect(session.callCount('search')).toBe(0);
  });

  it('finds exact repeats in any order and near repeats in the recent window', () => {
    const session = createSession({ similarityWindow: 2 });
    session.recordCall('search', { toolCallId: 'a', key: 'apple revenue 2023 quarterly report' });
    expect(session.findSimilar('search', 'quarterly report 2023 revenue APPLE', 0.8)).toMatchObject({
      toolCallId: 'a',
      similarity: 1,
    });
    // 4 of 6 tokens shared → 0.667 < 0.8; 5 of 6 → 0.833.
    expect(session.findSimilar('search', 'apple revenue 2024 quarterly report', 0.8)).toBeUndefined();
    expect(session.findSimilar('search', 'apple revenue 2023 quarterly report pdf', 0.8)).toMatchObject({
      toolCallId: 'a',
    });
    expect(session.findSimilar('other_tool', 'apple revenue 2023 quarterly report', 0.8)).toBeUndefined();
    // Pushed out of the fuzzy window, but exact repeats are still remembered.
    session.recordCall('search', { toolCallId: 'b', key: 'one' });
    session.recordCall('search', { toolCallId: 'c', key: 'two' });
    expect(session.findSimilar('search', 'apple revenue 2023 quarterly report pdf', 0.8)).toBeUndefined();
    expect(session.findSimilar('search', 'apple revenue 2023 quarterly report', 0.8)?.toolCallId).toBe('a');
  });

  it('rejects a bad window', () => {
    expect(() => createSession({ similarityWindow: 0 })).toThrow(TypeError);
  });

  it('property: a session agrees with a straightforward model over interleaved calls, tools and windows', () => {
    // The model: first call per exact token set, a plain array of the last `window` calls,
    // and a full Jaccard scan of that array — no pruning, no size index.
    const model = (window: number) => {
      const tools = new Map<
        string,
        { exact: Map<string, string>; recent: Array<{ id: string; key: string }> }
      >();
      const signature = (key: string) => [...tokenize(key)].sort().join('|');
      return {
        find(tool: string, key: string, threshold: number) {
          const entry = tools.get(tool);
          if (entry === undefined) return undefined;
          const first = entry.exact.get(signature(key));
          if (first !== undefined) return { toolCallId: first, similarity: 1 };
          let best: { toolCallId: string; similarity: number } | undefined;
          for (const recent of entry.recent) {
            const similarity = jaccard(tokenize(recent.key), tokenize(key));
            if (similarity >= threshold && (best === undefined || similarity > best.similarity)) {
              best = { toolCallId: recent.id, similarity };
            }
          }
          return best;
        },
        record(tool: string, id: string, key: string) {
          let entry = tools.get(tool);
          if (entry === undefined) tools.set(tool, (entry = { exact: new Map(), recent: [] }));
          if (!entry.exact.has(signature(key))) entry.exact.set(signature(key), id);
          entry.recent.push({ id, key });
          if (entry.recent.length > window) entry.recent.shift();
        },
      };
    };
    const words = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), { maxLength: 7 });
    const step = fc.record({
      tool: fc.constantFrom('t', 'u'),
      words,
      threshold: fc.constantFrom(0.5, 0.6, 0.8, 1),
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(step, { maxLength: 30 }), (window, steps) => {
        const session = createSession({ similarityWindow: window });
        const reference = model(window);
        steps.forEach(({ tool, words: tokens, threshold }, index) => {
          const key = tokens.join(' ');
          const found = session.findSimilar(tool, key, threshold);
          const expected = reference.find(tool, key, threshold);
          // Ties may pick a different call of the same similarity; the similarity must agree.
          expect(found?.similarity).toBe(expected?.similarity);
          if (expected?.similarity === 1) expect(found?.toolCallId).toBe(expected.toolCallId);
          session.recordCall(tool, { toolCallId: `c${index}`, key });
          reference.record(tool, `c${index}`, key);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('property: findSimilar (with its pruning) agrees with a brute-force Jaccard oracle', () => {
    const words = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(words, { minLength: 1, maxLength: 10 }),
        words,
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        (recorded, query, threshold) => {
          const session = createSession({ similarityWindow: 16 });
          recorded.forEach((tokens, index) => {
            session.recordCall('t', { toolCallId: `c${index}`, key: tokens.join(' ') });
          });
          const best = Math.max(
            ...recorded.map((tokens) => jaccard(tokenize(tokens.join(' ')), tokenize(query.join(' ')))),
          );
          const found = session.findSimilar('t', query.join(' '), threshold);
          if (best >= threshold) expect(found?.similarity).toBeCloseTo(best, 9);
          else expect(found).toBeUndefined();
        },
      ),
    );
  });
});
