import { describe, expect, it } from 'vitest';
import {
  ANSI_C_NON_ASCII,
  ARITHMETIC,
  addKindReasons,
  BRACE,
  COMMAND_SUBSTITUTION,
  GLOB,
  LOCALE_STRING,
  PARAMETER,
  PROCESS_SUBSTITUTION,
  TILDE,
} from './word-kinds';

describe('addKindReasons', () => {
  const kinds: [number, string][] = [
    [PARAMETER, 'parameter expansion'],
    [COMMAND_SUBSTITUTION, 'command substitution'],
    [ARITHMETIC, 'arithmetic expansion'],
    [PROCESS_SUBSTITUTION, 'process substitution'],
    [GLOB, 'unquoted glob'],
    [BRACE, 'brace expansion'],
    [TILDE, 'tilde expansion'],
    [ANSI_C_NON_ASCII, 'ANSI-C string with locale-dependent escapes'],
    [LOCALE_STRING, 'locale-translated string'],
  ];

  it('appends the reason of each kind set, in the kinds’ order, once', () => {
    for (let set = 0; set < 1 << kinds.length; set++) {
      let bits = 0;
      const expected: string[] = ['other'];
      for (let index = 0; index < kinds.length; index++) {
        if ((set & (1 << index)) === 0) continue;
        bits |= kinds[index]![0];
        expected.push(kinds[index]![1]);
      }
      const out = ['other'];
      addKindReasons(bits, out);
      expect(out).toEqual(expected);
      // Reasons already listed are not repeated.
      addKindReasons(bits, out);
      expect(out).toEqual(expected);
    }
  });
});
