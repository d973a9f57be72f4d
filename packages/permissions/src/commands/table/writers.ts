/**
 * Commands that write, link or move the files their operands name (GNU coreutils 9, GNU patch
 * 2.7, the common editors). Their `write` and `remove` words are what the protected-path check
 * (protected/written-paths.ts) resolves; a copier's destination may be a directory, so the
 * other operands' names under it count as written too.
 */
import type { CommandFact } from '../types';

/** `mv`, `ln` and `install`: the destination is the last operand, or `-t DIR`. */
const TARGET = {
  values: { '-t': 'write', '--target-directory': 'write', '-S': 'value', '--suffix': 'value' },
  effects: { '-t': ['target-given'], '--target-directory': ['target-given'] },
  lastOperand: 'write',
} as const;

/** An editor: every file operand may be written. */
const EDITOR = { operands: ['write'] } as const satisfies Omit<CommandFact, 'names' | 'summary'>;

export const WRITERS: readonly CommandFact[] = [
  {
    names: ['mv'],
    summary: 'moves (renames) files: the sources go away, the destination is written',
    short: 'bfinuvt:S:TZ',
    long:
      'backup=? force interactive no-clobber strip-trailing-slashes suffix= target-directory= ' +
      'no-target-directory update=? verbose context exchange no-copy debug',
    abbreviations: true,
    ...TARGET,
    operands: ['remove'],
    examples: [
      { argv: ['mv', 'a', 'b', 'dir'], roles: { 1: 'remove', 2: 'remove', 3: 'write' } },
      { argv: ['mv', '-t', 'dir', 'a'], roles: { 2: 'write', 3: 'remove' }, effects: ['target-given'] },
    ],
  },
  {
    names: ['ln'],
    summary: 'makes links: the link is written, and a hard link writes to its target',
    short: 'bdfFinLPrsvt:S:T',
    long:
      'backup=? directory force interactive logical no-dereference physical relative symbolic ' +
      'suffix= target-directory= no-target-directory verbose',
    abbreviations: true,
    ...TARGET,
    operands: ['write'],
    examples: [{ argv: ['ln', '-sf', '/tmp/x', 'link'], roles: { 2: 'write', 3: 'write' } }],
  },
  {
    names: ['link'],
    summary: 'makes a hard link (the link call): both names write the same file',
    operands: ['write'],
    examples: [{ argv: ['link', 'a', 'b'], roles: { 1: 'write', 2: 'write' } }],
  },
  {
    names: ['install'],
    summary: 'copies files and sets their attributes; with -d, creates directories',
    short: 'bcCdDg:m:o:psvt:S:TZ',
    long:
      'backup=? compare directory group= mode= owner= preserve-timestamps strip strip-program= ' +
      'suffix= target-directory= no-target-directory verbose preserve-context context=? debug',
    abbreviations: true,
    ...TARGET,
    values: { ...TARGET.values, '-m': 'value', '--mode': 'value', '-o': 'name', '--owner': 'name' },
    operands: ['read'],
    examples: [{ argv: ['install', '-m', '644', 'x', 'dest'], roles: { 2: 'value', 3: 'read', 4: 'write' } }],
  },
  {
    names: ['tee'],
    summary: 'copies standard input to each file operand',
    // It writes its input to them, never printing or sending what they held.
    printsNoContent: true,
    short: 'aip',
    long: 'append ignore-interrupts output-error=?',
    abbreviations: true,
    operands: ['write'],
    examples: [{ argv: ['tee', '-a', 'log'], roles: { 2: 'write' } }],
  },
  {
    names: ['truncate'],
    summary: 'shrinks or extends files to a size',
    short: 'cos:r:',
    long: 'no-create io-blocks size= reference=',
    abbreviations: true,
    values: { '-r': 'read', '--reference': 'read' },
    operands: ['write'],
    examples: [{ argv: ['truncate', '-s', '0', 'log'], roles: { 3: 'write' } }],
  },
  {
    names: ['chattr'],
    summary: 'changes file attributes on a Linux file system',
    short: 'RVfv:p:',
    // `+i`, `-i`, `=a`: the attributes come first, then the files.
    plusOptions: true,
    operands: ['write'],
    examples: [{ argv: ['chattr', '+i', 'x'], roles: { 2: 'write' } }],
  },
  {
    names: ['patch'],
    summary: 'applies a diff to the files it names (or to the original file operand)',
    short: 'p:F:i:D:B:r:V:Y:z:o:bcEeflNnRstuvZ',
    values: { '-i': 'read', '-o': 'write', '-r': 'write' },
    operands: ['write'],
    examples: [{ argv: ['patch', '-p1', '-i', 'fix.diff', 'x.c'], roles: { 3: 'read', 4: 'write' } }],
  },
  {
    names: ['vi', 'vim', 'nvim', 'view'],
    summary: 'a vi editor',
    short: 'c:S:t:T:u:w:U:i:',
    ...EDITOR,
    examples: [{ argv: ['vim', '-u', 'NONE', 'x'], roles: { 3: 'write' } }],
  },
  { names: ['ex'], summary: 'the ex editor', short: 'c:', ...EDITOR },
  { names: ['ed'], summary: 'the line editor', short: 'p:', ...EDITOR },
  { names: ['nano', 'pico', 'micro', 'emacs', 'code'], summary: 'a text editor', ...EDITOR },
  {
    names: ['unlink'],
    summary: 'removes one file (the unlink call)',
    operands: ['remove'],
    examples: [{ argv: ['unlink', 'x'], roles: { 1: 'remove' } }],
  },
];
