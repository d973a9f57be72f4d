import { describe, expect, it } from 'vitest';
import { analyzeShell, analyzeShellRecordingBlanks, type BlankRunRecord } from './analyze-shell';
import { fallbackScan } from './fallback-scan';
import { ReasonSet, ShellParseAbort } from './parse-state';
import { ShellParser } from './parser';

describe('reserved words that cannot start a command', () => {
  // parseList raises this error itself instead of leaving it to parseCommand (a cheaper
  // abort): the reason and its offset are the ones parseCommand gave, wherever the list is.
  it.each([
    ['    fi', 4],
    ['\n\n  }', 4],
    ['in x', 0],
    ['ls; done', 4],
    ['a && else', 5],
    ['a | esac', 4],
    ['echo $(then)', 7],
    ['case x in a) ls;; esac; fi', 24],
  ])('%j aborts at offset %i', (command, offset) => {
    expect(analyzeShell(command).opaqueReasons[0]).toBe(`syntax error near offset ${offset}`);
  });

  // analyzeShell finds this error at the very start of the input without running the parser:
  // it must leave what the parser's abort leaves.
  it.each(['fi', '    done', '  }; ls', 'else x', ')', '  ) a', ']] &', 'esac|x'])(
    '%j at the start: the parser’s abort, blank runs and fallback scan',
    (command) => {
      const state = {
        commands: [],
        reasons: new ReasonSet(),
        loopAssignments: [],
        maxDepth: 16,
        maxCommands: 512,
      };
      const runs: number[] = [];
      let reason: string | undefined;
      try {
        new ShellParser(command, state, 0, 'top', 0).recordBlankRuns(runs).parseProgram();
      } catch (error) {
        if (error instanceof ShellParseAbort) reason = error.reason;
      }
      const blanks: BlankRunRecord = { runs: [], complete: false };
      const analysis = analyzeShellRecordingBlanks(command, {}, blanks);
      expect(reason).toMatch(/^syntax error near offset/);
      expect(analysis.opaqueReasons[0]).toBe(reason);
      expect(blanks).toEqual({ runs, complete: false });
      expect(analysis.commands.map((entry) => entry.argv)).toEqual(
        fallbackScan(command, [], 0, 16).map((entry) => entry.argv),
      );
    },
  );

  it('a stop word still ends its list first', () => {
    // `fi` ends the empty `then` body, which is the error, at the `fi`.
    expect(analyzeShell('if x; then fi').opaqueReasons[0]).toBe('syntax error near offset 11');
    expect(analyzeShell('if x; then ls; fi').opaqueReasons).toEqual([]);
  });

  it('in a nested script the abort is contained', () => {
    expect(analyzeShell('echo `fi`').opaqueReasons).toEqual([
      'syntax error in a nested script',
      'command substitution',
    ]);
  });
});
