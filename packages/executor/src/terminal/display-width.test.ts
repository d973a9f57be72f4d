import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, truncateToWidth } from './display-width';

describe('displayWidth / truncateToWidth', () => {
  it('counts wide characters as two columns and combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('📈 up')).toBe(5);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('cuts to the column budget with an ellipsis, never splitting a surrogate pair', () => {
    expect(truncateToWidth('short', 10)).toBe('short');
    expect(truncateToWidth('日本語テキスト', 7)).toBe('日本語…');
    expect(truncateToWidth('📈📈📈', 4)).toBe('📈…');
  });

  it('property: the result always fits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 2, max: 40 }), (text, columns) => {
        const cut = truncateToWidth(text, columns);
        expect(displayWidth(cut)).toBeLessThanOrEqual(columns);
        // No lone surrogate left behind by the cut (String#isWellFormed is not in our ES2023 lib).
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(cut)).toBe(
          false,
        );
      }),
    );
  });
});
