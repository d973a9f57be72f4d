import { describe, expect, it } from 'vitest';
import { normalizeCommand } from './normalize-command';

describe('normalizeCommand', () => {
  it.each([
    ['git status', 'git status'],
    ['  git status \n', 'git status'],
    ['\tls\t', 'ls'],
    ['echo a\\ ', 'echo a\\ '],
    ["echo 'a  b'", "echo 'a  b'"],
  ])('%j → %j', (command, normalized) => {
    expect(normalizeCommand(command)).toBe(normalized);
  });
});
