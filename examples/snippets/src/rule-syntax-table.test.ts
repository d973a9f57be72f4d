/**
 * Keeps the example table of docs/reference/rule-syntax.md true: every command in it is
 * decided by the real engine, under the rules the page states, with the decision and the
 * deciding step the table shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRuleSet, evaluateBashDetailed } from '@dexter/permissions';
import { describe, expect, it } from 'vitest';

const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'reference', 'rule-syntax.md'), 'utf8');
const section = page.slice(page.indexOf('### Examples'), page.indexOf('\n## ', page.indexOf('### Examples')));

const rules = {
  allow: [
    'Bash(git status:*)',
    'Bash(git log:*)',
    'Bash(ls:*)',
    'Bash(cat:*)',
    'Bash(sort:*)',
    'Bash(sed -i:*)',
    'Bash(grep:*)',
    'Bash(npm test)',
  ],
  ask: ['Bash(git push:*)'],
  deny: ['Bash(rm:*)', 'Bash(git push --force:*)'],
};

const stepNames: Record<string, string> = {
  '2': 'floor',
  '3': 'deny-rules',
  '4': 'opaque',
  '5': 'ask-rules',
  '6': 'allow-rules',
  '7': 'read-only-mode',
  '8': 'default',
};

interface Row {
  commands: string[];
  decision: string;
  step: string;
}

function rows(): Row[] {
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\\\|/g, '|'));
      const [first = '', decision = '', step = ''] = cells;
      const commands = first.includes('non-breaking space')
        ? ['ls\u00a0-la']
        : [...first.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
      return { commands, decision, step };
    });
}

describe('docs/reference/rule-syntax.md examples', () => {
  it('states the rules this test uses', () => {
    for (const list of Object.values(rules)) for (const rule of list) expect(section).toContain(rule);
  });

  const table = rows();
  it('has the table', () => {
    expect(table.length).toBeGreaterThanOrEqual(25);
  });

  const compiled = compileRuleSet(rules);
  it.each(table.flatMap((row) => row.commands.map((command) => [command, row] as const)))(
    '%s',
    (command, row) => {
      const { decision, steps } = evaluateBashDetailed(command, compiled, { cwd: '/repo' });
      expect([decision.behavior, steps.at(-1)?.step]).toEqual([row.decision, stepNames[row.step]]);
    },
  );
});
