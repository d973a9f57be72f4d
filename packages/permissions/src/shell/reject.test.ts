import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';
import { scanForRejection } from './reject';

describe('rejecting characters bash reads differently', () => {
  it.each([
    ['NUL', 'rm\0 -rf /'],
    ['carriage return', 'ls\rrm -rf /'],
    ['control character U+001B', 'ls \x1b[2K'],
    ['control character U+007F', 'ls\x7f'],
    ['control character U+0085', 'ls\u0085'],
    ['invisible or bidi character U+202E', 'ls \u202e'],
    ['invisible or bidi character U+2066', 'ls \u2066x'],
    ['invisible or bidi character U+200B', 'r\u200bm -rf /'],
    ['invisible or bidi character U+FEFF', '\ufeffls'],
    ['non-ASCII whitespace U+00A0', 'rm\u00a0-rf /'],
    ['non-ASCII whitespace U+3000', 'ls\u3000-la'],
    ['non-ASCII whitespace U+2028', 'ls\u2028rm'],
  ])('%s', (name, command) => {
    const analysis = analyzeShell(command);
    expect(analysis.rejected).toBe(`rejected: ${name}`);
    expect(analysis.opaque).toBe(true);
    expect(analysis.commands.length).toBeGreaterThan(0);
    expect(analysis.commands.every((entry) => entry.opaqueReasons.includes(`rejected: ${name}`))).toBe(true);
  });

  it('still shows the deny floor the commands it hides', () => {
    expect(analyzeShell('r\u200bm -rf /').commands[0]?.argv).toEqual(['rm', '-rf', '/']);
    expect(analyzeShell('echo ok\u00a0; rm\u00a0-rf /').commands.map((entry) => entry.argv)).toEqual([
      ['echo', 'ok'],
      ['rm', '-rf', '/'],
    ]);
    expect(analyzeShell('ls\rrm -rf /').commands.map((entry) => entry.argv)).toEqual([
      ['ls', 'rm', '-rf', '/'],
    ]);
  });

  it('accepts tab, newline and ordinary non-ASCII text', () => {
    expect(scanForRejection('echo\t"héllo wörld ✓ 日本"\nls')).toEqual({
      text: 'echo\t"héllo wörld ✓ 日本"\nls',
    });
    expect(analyzeShell('echo "héllo"').opaque).toBe(false);
  });

  it('names the first character it objects to, past accepted non-ASCII text', () => {
    expect(scanForRejection('echo "日本 ✓" \u00a0x \u200by').reason).toBe(
      'rejected: non-ASCII whitespace U+00A0',
    );
    expect(scanForRejection('echo é\u061c\u3000').reason).toBe(
      'rejected: invisible or bidi character U+061C',
    );
    expect(scanForRejection('echo é\u2029').reason).toBe('rejected: non-ASCII whitespace U+2029');
    expect(scanForRejection('echo é\u206f').reason).toBe('rejected: invisible or bidi character U+206F');
    expect(scanForRejection('echo é\u2070\u1fff\u2030\u205e').reason).toBeUndefined();
  });
});
