/**
 * Commands that never print, send or copy the content of the files their words name: they
 * create, delete or change metadata (`mkdir`, `chmod`, `touch`), list names and sizes (`ls`,
 * `stat`, `du`, `wc`), test (`[ -f .env ]`), use a key without printing it (`ssh-keygen`,
 * `ssh-add`), or print their words as data (`echo`, `printf`). The floor reads none of their
 * words as a read, and `find -exec` with one of them reads no tree. `rm` is in `files.ts`;
 * `touch`, `chmod`, `chown`, `chgrp`, `setfacl`, `rmdir` and `shred` in `writers.ts`.
 * The read-only classifier's facts (decision 0043) are here too: `readOnly` for those that only
 * read, and the options that make one write, run a program or read a list of names.
 */
import type { CommandFact } from '../types';

const NO_CONTENT = { printsNoContent: true, operands: ['meta'] } as const;

/** On the read-only classifier's allowlist: no option of theirs (GNU or BSD) writes or runs anything. */
const READS = { readOnly: 'any-option' } as const;

/**
 * An option whose value is a file the command reads and whose lines it prints back, in its
 * output or its error messages (`du --files0-from=.env` prints `du: cannot access 'KEY=…'`).
 */
const LISTS = ['reads-listed'] as const;

/** GNU `du`/`wc --files0-from=F`: reads the names of the files to count from F (`-` standard input). */
const FILES0 = {
  abbreviations: true,
  values: { '--files0-from': 'read' },
  effects: { '--files0-from': LISTS },
} as const;

export const METADATA: readonly CommandFact[] = [
  { names: ['mkdir'], summary: 'creates directories', ...NO_CONTENT },
  // `test -v 'a[i]'` evaluates a subscript as arithmetic: `classifier/table-checks.ts`.
  {
    names: ['test', '['],
    summary: 'tests file types and compares values',
    ...NO_CONTENT,
    ...READS,
    permute: false,
  },
  { names: ['ls'], summary: 'lists names and metadata', ...NO_CONTENT, ...READS },
  { names: ['stat'], summary: 'prints metadata', ...NO_CONTENT, ...READS },
  {
    names: ['du'],
    summary: 'prints disk usage',
    ...NO_CONTENT,
    ...READS,
    short: 'abcDHhkLlmPSsx0B:d:t:X:',
    long: 'files0-from= block-size= max-depth= threshold= exclude-from= exclude= time=? time-style=',
    ...FILES0,
    examples: [
      { argv: ['du', '-sh', '--files0=list', 'x'], roles: { 3: 'meta' }, effects: ['reads-listed'] },
      { argv: ['du', '-d', '1', '.'], roles: { 3: 'meta' }, notEffects: ['reads-listed'] },
    ],
  },
  // A count of lines, words and bytes: a size, not content (`wc -l .env`).
  {
    names: ['wc'],
    summary: 'counts lines, words and bytes',
    ...NO_CONTENT,
    ...READS,
    short: 'clmwL',
    long: 'files0-from= bytes chars lines words max-line-length total= help version',
    ...FILES0,
    examples: [{ argv: ['wc', '-l', '--files0-from', '-'], roles: { 3: 'read' }, effects: ['reads-listed'] }],
  },
  {
    names: ['file'],
    summary:
      'names the type of a file; `-C`/`-p` write, `-z` runs decompressors, `-f`/`-m` print lines of a file',
    ...NO_CONTENT,
    readOnly: 'listed-options',
    short: 'bcCdEhiIkLlNnprsSvzZ0e:F:f:m:P:',
    long:
      'apple brief checking-printout compile debug exclude= exclude-quiet= extension files-from= separator= help ' +
      'keep-going list magic-file= mime mime-type mime-encoding no-buffer no-dereference dereference no-pad ' +
      'no-sandbox parameter= preserve-date raw special-files uncompress uncompress-noreport version print0',
    abbreviations: true,
    // `file -f NAMES` prints each line of NAMES (`KEY=…: cannot open`); `-m MAGIC` parses the
    // file as magic and reports the lines it cannot read.
    values: { '-f': 'read', '--files-from': 'read', '-m': 'read', '--magic-file': 'read' },
    effects: {
      '-f': LISTS,
      '--files-from': LISTS,
      '-m': LISTS,
      '--magic-file': LISTS,
      // Compiles a magic file; resets access times.
      '-C': ['writes'],
      '--compile': ['writes'],
      '-p': ['writes'],
      '--preserve-date': ['writes'],
      // Runs decompression programs (found on PATH) on compressed files.
      '-z': ['runs'],
      '--uncompress': ['runs'],
      '-Z': ['runs'],
      '--uncompress-noreport': ['runs'],
    },
    examples: [
      { argv: ['file', '-bz', 'x.gz'], roles: { 2: 'meta' }, effects: ['runs'] },
      { argv: ['file', '-m', 'magic', 'x'], roles: { 2: 'read', 3: 'meta' }, effects: ['reads-listed'] },
    ],
  },
  { names: ['basename'], summary: 'prints a name without its directory', ...NO_CONTENT, ...READS },
  { names: ['dirname'], summary: 'prints the directory of a name', ...NO_CONTENT, ...READS },
  { names: ['realpath'], summary: 'prints a resolved path', ...NO_CONTENT, ...READS },
  { names: ['readlink'], summary: 'prints the target of a symbolic link', ...NO_CONTENT, ...READS },
  { names: ['getfacl'], summary: 'prints access control lists', ...NO_CONTENT },
  // Keys used to sign, log in or derive a public key, never printed.
  { names: ['ssh-keygen'], summary: 'creates and manages ssh keys', ...NO_CONTENT },
  { names: ['ssh-add'], summary: 'adds keys to the ssh agent', ...NO_CONTENT },
  // Their words are data they print, never files they open.
  // `echo a -n`: after the first operand, words are operands.
  {
    names: ['echo'],
    summary: 'prints its words',
    printsNoContent: true,
    // Only a word made of these letters alone is an option (`echo -x` prints `-x`).
    short: 'neE',
    showsOutput: 'operands',
    operands: ['value'],
    ...READS,
    permute: false,
    examples: [
      { argv: ['echo', '-ne', 'rm x'], shows: 'rm x' },
      { argv: ['echo', '-x;', 'rm', 'x'], shows: '-x; rm x' },
      { argv: ['echo', '--', 'rm'], shows: '-- rm' },
    ],
  },
  {
    names: ['printf'],
    summary: 'prints its words in a format; `-v NAME` assigns a shell variable instead',
    printsNoContent: true,
    showsOutput: 'operands',
    operands: ['value'],
    readOnly: 'listed-options',
    short: 'v:',
    long: 'help version',
    permute: false,
    values: { '-v': 'name' },
    effects: { '-v': ['writes'] },
    examples: [
      { argv: ['printf', '-v', 'x', '%s', 'a'], roles: { 2: 'name', 3: 'value' }, effects: ['writes'] },
      { argv: ['printf', '%s', '-v', 'x'], roles: { 2: 'value' }, notEffects: ['writes'] },
      { argv: ['printf', '%s\\n', 'rm x'], shows: '%s\\n rm x' },
    ],
  },
];
