import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';
import { OPAQUE_REASON_CODES, opaqueReasonCode, opaqueReasonCodes } from './opaque-codes';
import { findSharedData, loadCorpora } from './oracle/corpora';

const data = findSharedData(__dirname);
if (!data) console.warn('[opaque-codes] ../shared/data not found: the corpus check is SKIPPED');

/** Commands that reach the reasons the corpora may not (caps, rejections, wrappers, …). */
const CONSTRUCTED = [
  'echo $HOME',
  'echo $(id)',
  'echo `id`',
  'echo $((1+2))',
  'diff <(ls a) <(ls b)',
  'ls *.txt',
  'echo {a,b}',
  'ls ~',
  "echo $'\\u00e9'",
  'echo $"hello"',
  'X=$(id) ls',
  'cat > $OUT',
  "test -v 'a[$(id)]'",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: bash 5.3's ${ cmd; }, not a template
  'echo ${ id; }',
  'echo $\\\nHOME',
  'cat <<EOF\nx\nEOF',
  'ls 3>&-; exec {fd}>x',
  '((x++))',
  'for ((i=0;i<3;i++)); do :; done',
  'f() { ls; }',
  'coproc ls',
  'X=1 if',
  '[[ ]]',
  '[[ a b c ]]',
  'bash <<EOF\nls\nEOF',
  'eval "ls"',
  "trap 'ls' EXIT",
  'sh -c "ls"',
  'sh -c "$X"',
  'env -S "ls -l"',
  'sudo -s',
  './script',
  'xargs ls',
  'find . -exec ls {} ;',
  'sudo -Z ls',
  'timeout $T ls',
  'ls (',
  'echo "unterminated',
  'echo \\',
  'ls \u202e',
  'a'.repeat(70 * 1024),
  '$(('.repeat(40),
  'ls;'.repeat(600),
];

describe('opaque reason codes', () => {
  it('maps every reason the parser gives on constructed inputs to a code of its own', () => {
    const seen = new Set<string>();
    for (const command of CONSTRUCTED) {
      for (const reason of analyzeShell(command).opaqueReasons) {
        seen.add(reason);
        expect(opaqueReasonCode(reason), reason).not.toBe('other');
      }
    }
    expect(seen.size).toBeGreaterThan(30);
  });

  it.skipIf(!data)(
    'maps every reason the parser gives on the corpora to a code of its own',
    () => {
      const unmapped = new Set<string>();
      let reasons = 0;
      for (const corpus of loadCorpora(data!)) {
        for (const command of corpus.commands) {
          for (const reason of analyzeShell(command).opaqueReasons) {
            reasons++;
            if (opaqueReasonCode(reason) === 'other') unmapped.add(reason);
          }
        }
      }
      console.info(`[opaque-codes] ${reasons} reasons on the corpora, ${unmapped.size} without a code`);
      expect([...unmapped]).toEqual([]);
    },
    120_000,
  );

  it('drops where a reason was found, and lists each code once', () => {
    expect(opaqueReasonCode('command substitution in [[ ]]')).toBe('command_substitution');
    expect(opaqueReasonCode('syntax error in a nested script')).toBe('syntax_error');
    expect(opaqueReasonCode('syntax error near offset 12')).toBe('syntax_error');
    expect(opaqueReasonCode('something new')).toBe('other');
    expect(
      opaqueReasonCodes(['parameter expansion', 'parameter expansion in [[ ]]', 'here-document']),
    ).toEqual(['parameter_expansion', 'here_document']);
    expect(new Set(OPAQUE_REASON_CODES).size).toBe(OPAQUE_REASON_CODES.length);
    for (const code of OPAQUE_REASON_CODES) expect(code).toMatch(/^[a-z_]+$/);
  });
});
