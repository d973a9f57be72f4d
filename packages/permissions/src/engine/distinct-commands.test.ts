import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { LENGTH_CAP_REASON } from '../shell/analyze-shell';
import { distinctCommands } from './distinct-commands';

describe('distinctCommands', () => {
  it('keeps one of each identical command, in order, and tells apart any difference a check could see', () => {
    const { commands } = analyzeShell(
      'echo a; echo a; echo "a"; X=1 echo a; echo a > f; echo $a; echo a; (echo a)',
    );
    const kept = distinctCommands(commands).map((command) => command.start);
    expect(kept).toEqual([0, 2, 3, 4, 5, 7].map((index) => commands[index]!.start));
  });
});

describe('over the length cap', () => {
  it('analyzeShell names the reason the evaluator looks for (the fallback scan lists each command once)', () => {
    const analysis = analyzeShell(`${'echo a; '.repeat(10_000)}echo b`);
    expect(analysis.opaqueReasons).toContain(LENGTH_CAP_REASON);
    expect(analysis.commands.map((command) => command.argv.join(' '))).toEqual(['echo a', 'echo b']);
  });
});
