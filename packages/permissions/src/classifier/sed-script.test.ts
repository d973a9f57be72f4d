import { describe, expect, it } from 'vitest';
import { classifySedScript } from './sed-script';

describe('classifySedScript', () => {
  it.each([
    's/a/b/g',
    '1,20p',
    '/x/d',
    '$!N;P;D',
    's|/usr|/opt|g',
    's/a\\/b/c/2',
    'y/abc/xyz/',
    '/start/,/end/{s/x/y/;p}',
    ':a;N;$!ba;s/\\n/ /g',
    '1~2d',
    '0,/re/s//x/',
    '\\,x,d',
    'a\\\nappended',
    '1i hello',
    'r other.txt',
    '# comment\np',
    '/x/I p',
    'q5',
    '=',
    'l 5',
    'l;p',
    's/[/]/x/g',
    '/[/]/p',
    '/[[:space:]/]/d',
    's/[]/]/x/',
    '1a foo\\\np',
    ':a;N;$!ba',
    'b end;p;:end',
  ])('%j only reads', (script) => {
    expect(classifySedScript(script)).toEqual({ kind: 'read-only' });
  });

  it.each([
    ['w out', 'write'],
    ['W out', 'write'],
    ['1w out', 'write'],
    ['/x/w out', 'write'],
    ['$w out', 'write'],
    ['s/a/b/w out', 'write'],
    ['s/a/b/gpw out', 'write'],
    ['s/a/b/e', 'exec'],
    ['s,a,b,e', 'exec'],
    ['e', 'exec'],
    ['e id', 'exec'],
    ['1e id', 'exec'],
    ['p;e id', 'exec'],
    ['/x/{\np\nw out\n}', 'write'],
    ['/x/!w out', 'write'],
    ['s/a\\/b/c/w out', 'write'],
    // What follows a label, once a blank ends it, is the next command (GNU read_label).
    [':a w out', 'write'],
    ['b x w out', 'write'],
    ['v 4.2 w out', 'write'],
    // An even run of backslashes ends the text: the next line is a command.
    ['1a foo\\\\\nw out', 'write'],
    ['1a\\\\\nw out', 'write'],
    // A delimiter inside a bracket expression does not end the regex.
    ['/[/r]/w out', 'write'],
    ['/[/a]/w out', 'write'],
    ['s/[/]/g a/w out', 'write'],
    ['\\%[%r]%w out', 'write'],
    ['l 5;w out', 'write'],
  ])('%j is %s', (script, kind) => {
    expect(classifySedScript(script).kind).toBe(kind);
  });

  it.each(['s/a/b', 's/a/b/Z', '{p', 'p}', 'k', 's\\a\\b\\', 'y/a/', 'y/[/]/', '/[/p', 's/[[:alpha:]/x/'])(
    '%j is not understood',
    (script) => {
      expect(classifySedScript(script).kind).toBe('unparsed');
    },
  );
});
