import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';

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
