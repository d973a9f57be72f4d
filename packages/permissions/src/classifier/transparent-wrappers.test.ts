/**
 * The wrappers whose command keeps its verdict are a table fact (`unwrap.transparent`, decision
 * 0052): the list `classify-command.ts` kept is gone, and dropping the fact from one entry makes
 * its command unknown again.
 */
import { describe, expect, it } from 'vitest';
import { namesWhere } from '../commands';
import { changeEntry, withoutValues, withTableChanged } from '../commands/test-support';
import type { CommandFact } from '../commands/types';
import { analyzeShell } from '../shell/analyze-shell';
import { classifyCommand } from './classify-command';

const classify = (source: string) => classifyCommand(analyzeShell(source).commands[0]!).classification;

/** The list `classify-command.ts` kept before the fact. */
const BEFORE = [
  'env',
  'timeout',
  'nice',
  'ionice',
  'setsid',
  'time',
  'command',
  'builtin',
  'exec',
  'stdbuf',
  'watch',
  'chrt',
  'taskset',
];

describe('transparent wrappers, from the table', () => {
  it('are the wrappers the classifier listed, no more', () => {
    expect([...namesWhere((fact) => fact.unwrap?.transparent === true)].sort()).toEqual([...BEFORE].sort());
  });

  it.each([
    ['timeout 5 ls -la', 'read-only'],
    ['nice -n 5 cat README.md', 'read-only'],
    ['env LC_ALL=C sort x', 'read-only'],
    ['taskset -c 0 wc -l x', 'read-only'],
    ['sudo ls', 'unknown'],
    ['xargs ls', 'unknown'],
    ['flock /tmp/l ls', 'unknown'],
    ['nohup ls', 'mutating'],
  ])('%s is %s', (source, classification) => {
    expect(classify(source)).toBe(classification);
  });

  it('mutation: timeout without `transparent` leaves `timeout 5 ls` unknown', async () => {
    const withoutTransparent = (entry: CommandFact) => {
      const { transparent: _dropped, ...unwrap } = entry.unwrap!;
      return { ...entry, unwrap };
    };
    await withTableChanged(changeEntry('timeout', withoutTransparent), async () => {
      const shell = await import('../shell/analyze-shell');
      const classifier = await import('./classify-command');
      const verdict = (source: string) =>
        classifier.classifyCommand(shell.analyzeShell(source).commands[0]!).classification;
      expect(verdict('timeout 5 ls')).toBe('unknown');
      expect(verdict('nice ls')).toBe('read-only');
    });
  });

  it("a wrapper's option that writes a file makes the command mutating, from its `write` role", () => {
    expect(classify('/usr/bin/time -o t.txt ls')).toBe('mutating');
    expect(classify('nice -n 5 env time --output=t.txt ls')).toBe('mutating');
    expect(classify('strace -o log ls')).toBe('mutating');
    expect(classify('/usr/bin/time -p ls')).toBe('read-only');
  });

  it("mutation: without time's `write` role for -o, `time -o FILE ls` keeps ls's verdict", async () => {
    const drop = (entry: CommandFact) => withoutValues(entry, '-o', '--output');
    await withTableChanged(changeEntry('time', drop), async () => {
      const shell = await import('../shell/analyze-shell');
      const classifier = await import('./classify-command');
      const verdict = (source: string) =>
        classifier.classifyCommand(shell.analyzeShell(source).commands[0]!).classification;
      expect(verdict('/usr/bin/time -o t.txt ls')).toBe('read-only');
    });
  });
});
