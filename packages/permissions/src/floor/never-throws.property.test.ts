/** Property: the floor checks any parsed command without throwing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { checkFloor } from './check-floor';

const fragment = fc.constantFrom(
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
);

describe('floor totality', () => {
  it('answers every command of any shell text', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 14 }), fc.string({ maxLength: 10 }), (parts, tail) => {
        for (const command of analyzeShell(parts.join('') + tail).commands) {
          const violation = checkFloor(command);
          if (violation)
            expect(['dangerous-assignment', 'secret-read', 'env-dump']).toContain(violation.check);
        }
      }),
      { numRuns: 3000 },
    );
  }, 120_000);
});
