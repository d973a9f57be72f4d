import { describe, expect, it } from 'vitest';
import { commandFact, forgetReadings, readArgv, readCommand } from './index';

/** What a reading says of each word, to compare readings made apart. */
const kinds = (readings: readonly { kinds: readonly unknown[] }[] | undefined) =>
  readings?.map((reading) => [...reading.kinds]);

describe('readCommand: one reading of an argv array, shared by its consumers', () => {
  it('hands the same readings to every consumer of the same argv array', () => {
    const argv = ['git', '-C', '/tmp', 'status'];
    const first = readCommand(argv);
    expect(first).toBeDefined();
    expect(readCommand(argv)).toBe(first);
    expect(readCommand(argv, 0, 'git')).toBe(first);
  });

  it('reads an equal argv in another array the same way', () => {
    const a = readCommand(['grep', '-r', '--color', 'KEY', '/root']);
    const b = readCommand(['grep', '-r', '--color', 'KEY', '/root']);
    expect(b).not.toBe(a);
    expect(kinds(b)).toEqual(kinds(a));
  });

  it('keeps the readings from another start apart (a wrapper’s command)', () => {
    const argv = ['time', 'git', 'status'];
    const whole = readCommand(argv);
    const inner = readCommand(argv, 1, 'git');
    expect(inner).not.toBe(whole);
    expect(inner?.[0]?.facts[0]?.path).toBe('git');
    expect(whole?.[0]?.facts[0]?.path).toBe('time');
    expect(readCommand(argv, 1, 'git')).toBe(inner);
    expect(readCommand(argv)).toBe(whole);
    expect(kinds(inner)).toEqual(kinds(readArgv(argv, commandFact('git')!, 1)));
  });

  it('reads again, the same way, once the readings are forgotten or many arrays were read', () => {
    const argv = ['sed', '-n', 's/a/b/p', 'file'];
    const first = readCommand(argv);
    forgetReadings();
    const again = readCommand(argv);
    expect(again).not.toBe(first);
    expect(kinds(again)).toEqual(kinds(first));
    for (let index = 0; index < 2000; index++) readCommand(['ls', `-${index}`]);
    expect(kinds(readCommand(argv))).toEqual(kinds(first));
  });

  it('reads nothing of a command the table has no entry for', () => {
    expect(readCommand(['no-such-command-xyz', 'a'])).toBeUndefined();
    expect(readCommand([])).toBeUndefined();
  });
});
