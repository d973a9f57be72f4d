import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, visibleText } from './visible-text';

describe('visibleText', () => {
  it('escapes carriage returns, ANSI sequences, bidi overrides and zero-width characters', () => {
    expect(visibleText('rm -rf ~\rls -la')).toBe('rm -rf ~\\rls -la');
    expect(visibleText('echo hi\u001b[2K\u001b[1Gls')).toBe('echo hi\\x1b[2K\\x1b[1Gls');
    expect(visibleText('cat \u202egnp.tab')).toBe('cat \\u{202e}gnp.tab');
    expect(visibleText('rm\u200b -rf')).toBe('rm\\u{200b} -rf');
    expect(visibleText('a\u0000b\u007fc\u009bd')).toBe('a\\x00b\\x7fc\\x9bd');
    expect(visibleText('tag\u{e0041}')).toBe('tag\\u{e0041}');
    expect(visibleText('multi\nline\ttab')).toBe('multi\\nline\\ttab');
  });

  it('keeps printable text, other scripts and emoji untouched', () => {
    const text = 'git commit -m "Ünïcødé 日本語 📈 — ok"';
    expect(visibleText(text)).toBe(text);
    expect(hasHiddenCharacters(text)).toBe(false);
    expect(hasHiddenCharacters('a\rb')).toBe(true);
  });

  it('property: the result never contains a control, bidi or zero-width character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = visibleText(text);
        expect(shown).not.toMatch(
          /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u,
        );
        // Printable input survives unchanged.
        if (!hasHiddenCharacters(text)) expect(shown).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
