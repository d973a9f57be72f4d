/**
 * Property: assigning a dangerous variable in any form bash accepts — prefix, bare,
 * `+=`, declaration builtins, `env`/`sudo` (behind other wrappers too), nested in a subshell,
 * a command substitution or a `bash -c` string, builtins that assign by name — with any
 * value quoting, is denied by the floor; the same forms with an ordinary name are not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { checkFloor } from './check-floor';

const DANGEROUS = [
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'DYLD_INSERT_LIBRARIES',
  'PATH',
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'PS4',
  'GIT_SSH_COMMAND',
  'GIT_CONFIG_GLOBAL',
  'GIT_DIR',
  'GIT_EXTERNAL_DIFF',
  'NODE_OPTIONS',
  'PYTHONPATH',
  'PERL5OPT',
  'RUBYOPT',
  'HOME',
  'ZDOTDIR',
  'SSH_ASKPASS',
  'GIT_PAGER',
  'EDITOR',
];
const ORDINARY = ['FOO', 'NODE_ENV', 'CI', 'DEBUG', 'TZ', 'MY_VAR', 'LANG'];

const FORMS: ((name: string, value: string) => string)[] = [
  (n, v) => `${n}=${v} ls`,
  (n, v) => `${n}=${v}; ls`,
  (n, v) => `${n}+=${v} ls`,
  (n, v) => `export ${n}=${v}`,
  (n, v) => `declare -x ${n}=${v}`,
  (n, v) => `typeset ${n}=${v}`,
  (n, v) => `readonly ${n}=${v}`,
  (n, v) => `f() { local ${n}=${v}; }`,
  (n, v) => `env ${n}=${v} ls`,
  (n, v) => `env -i ${n}=${v} ls`,
  (n, v) => `sudo ${n}=${v} ls`,
  (n, v) => `timeout 5 env ${n}=${v} ls`,
  (n, v) => `(${n}=${v} ls)`,
  (n, v) => `echo $(${n}=${v} ls)`,
  (n, v) => `bash -c '${n}=${v.replace(/'/g, '')} ls'`,
  (n, v) => `true && ${n}=${v} git log`,
  (n, v) => `export {${n},OTHER}=${v}`,
  (n) => `read -r ${n} <<< value`,
  (n, v) => `printf -v ${n} %s ${v}`,
];

const value = fc.constantFrom('/tmp/evil', "'sh -c id'", '"/tmp/x.so"', '/tmp/a:$PATH', 'x\\ y');

describe('dangerous assignments in every form', () => {
  it('are denied', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DANGEROUS),
        fc.nat({ max: FORMS.length - 1 }),
        value,
        (name, form, v) => {
          const source = FORMS[form]!(name, v);
          const violations = analyzeShell(source).commands.map(checkFloor).filter(Boolean);
          expect(violations[0]?.check, source).toBe('dangerous-assignment');
        },
      ),
      { numRuns: 800 },
    );
  }, 120_000);

  it('are not denied for ordinary names', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDINARY), fc.nat({ max: FORMS.length - 1 }), value, (name, form, v) => {
        const source = FORMS[form]!(name, v);
        const violations = analyzeShell(source).commands.map(checkFloor).filter(Boolean);
        expect(violations, source).toEqual([]);
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
