/** Commands that change the files their operands name. Facts from GNU coreutils 9. */
import type { CommandFact } from '../types';

export const FILES: readonly CommandFact[] = [
  {
    names: ['rm'],
    summary: 'removes files and (with -r) trees',
    mutates: true,
    short: 'fiIrRdv',
    long: 'force interactive=? one-file-system no-preserve-root preserve-root=? recursive dir verbose help version',
    abbreviations: true,
    operands: ['write'],
    effects: { '-r': ['recursive'], '-R': ['recursive'], '--recursive': ['recursive'] },
    examples: [{ argv: ['rm', '-rf', 'x'], roles: { 2: 'write' }, effects: ['recursive'] }],
  },
];
