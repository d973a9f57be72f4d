/** Property: the floor checks any parsed command without throwing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { checkFloor, checkFloorFully } from './check-floor';

const fragment = fc.constantFrom(
  'constructor',
  'valueOf ',
  '__proto__ ',
  'cat ',
  'env ',
  'export ',
  'read ',
  'printf -v ',
  'grep ',
  'sed ',
  'awk ',
  'python -c ',
  'node -e ',
  'jq ',
  'cp ',
  '.env',
  '~/.ssh/',
  '$HOME',
  '{a,b}',
  '*',
  '[',
  '=',
  '@',
  ':',
  ',',
  '"',
  "'",
  ' ',
  ';',
  '|',
  '<',
  'PATH=',
  'LD_',
  '-',
  '--file=',
  'id_rsa',
  '.pem',
  '/proc/',
  'environ',
  '\\',
  '$(',
  ')',
  '`',
  // Commands and words the floor's shortcut for plain commands looks at.
  'git ',
  'echo ',
  'ls ',
  '[ ',
  'X[1]=',
  'sudo ',
  'gh auth token',
  'credential fill',
  'kubectl ',
  'docker ',
  'docker-credential-x get',
  'exec ',
  'ps e',
  'printenv',
  'python3.12 -c ',
  '${PATH:=',
  '}',
  ' 2>&1',
  '>',
);

describe('floor totality', () => {
  it('inherited property names are not table entries', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      for (const source of [name, `${name} x`, `openssl ${name}`, `node -e ${name}`, `x ${name}`]) {
        for (const command of analyzeShell(source).commands) expect(() => checkFloor(command)).not.toThrow();
      }
    }
  });

  it('answers every command of any shell text', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 14 }), fc.string({ maxLength: 10 }), (parts, tail) => {
        for (const command of analyzeShell(parts.join('') + tail).commands) {
          const violation = checkFloor(command);
          if (violation)
            expect(['dangerous-assignment', 'secret-read', 'env-dump']).toContain(violation.check);
          // The shortcut for plain commands never answers differently from the full checks.
          expect(violation).toEqual(checkFloorFully(command));
        }
      }),
      { numRuns: 3000 },
    );
  }, 120_000);
});
