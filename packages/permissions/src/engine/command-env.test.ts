/**
 * Command lines hidden in options and in the environment a command obeys (decision 0069): a
 * deny rule on `rm` is matched at `mysql --pager='rm -rf x'`, `wget --use-askpass=rm`, and
 * `RSYNC_RSH='rm -rf x' rsync …` (the table's `commandEnv`), under the tool's own allow rule;
 * the neighbours that run nothing of the kind stay allowed; and mutation checks: without the
 * table's fact the deny rule is walked around again. The commands are only analysed as
 * strings, never run.
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands';
import { changeEntry, withoutValues, withSub } from '../commands/test-support';
import { compileRuleSet } from '../rules/compile-rule-set';
import { evaluateBash } from './evaluate-bash';
import { decideWithout } from './test-support';

const context = { cwd: '/repo' };
const DENY = ['Bash(rm:*)'];

/** The tools' own prefix rules. */
const TOOLS = [
  'Bash(mysql:*)',
  'Bash(wget:*)',
  'Bash(rsync:*)',
  'Bash(fzf:*)',
  'Bash(bat:*)',
  'Bash(delta:*)',
  'Bash(git:*)',
  'Bash(sftp:*)',
  'Bash(gpg:*)',
  'Bash(svn:*)',
  'Bash(cvs:*)',
];

const decide = (command: string, allow: readonly string[] = TOOLS, deny = DENY) =>
  evaluateBash(command, compileRuleSet({ allow: [...allow], deny: [...deny] }), context).behavior;

/** Commands that run `rm` through an option or a variable: denied under the tool's own rule. */
const DENIED = [
  "mysql --pager='rm -rf x' -e 'select 1'",
  "mysql db --pager='rm -rf x'",
  "mysql --pag='rm -rf x' db",
  "wget --use-askpass='rm' x",
  'wget --use-askpass rm x',
  'wget -e use_askpass=rm x',
  "wget -e 'use_askpass = rm' x",
  "wget --execute='useaskpass=rm' x",
  "RSYNC_RSH='rm -rf x' rsync a host:b",
  "env RSYNC_RSH='rm -rf x' rsync a host:b",
  "RSYNC_CONNECT_PROG='rm -rf x' rsync a rsync://h/m",
  // The audit (decision 0069).
  "fzf --preview 'rm -rf x {}'",
  "fzf --bind 'enter:execute(rm -rf x)'",
  "fzf --bind='ctrl-a:select-all,ctrl-r:reload[rm -rf x]'",
  "fzf --bind 'alt-p:preview:rm -rf x'",
  "fzf --with-shell='rm -rf x'",
  "FZF_DEFAULT_COMMAND='rm -rf x' fzf",
  "bat --pager='rm -rf x' f",
  "delta --pager='rm -rf x'",
  "git send-email --to-cmd='rm -rf x' p",
  "git send-email --cc-cmd 'rm -rf x' p",
  "sftp -D 'rm -rf x'",
  "gpg --photo-viewer 'rm -rf x' --list-keys",
  "svn commit --editor-cmd 'rm -rf x'",
  "svn --diff-cmd='rm -rf x' diff",
  "cvs -e 'rm -rf x' commit",
];

/** Neighbours that run no command line of the kind: allowed by the tool's rule. */
const ALLOWED = [
  "mysql -e 'select 1'",
  "mysql --pager -e 'select 1'",
  "mysql -u root db -e 'select 1'",
  'wget -e robots=off https://x',
  'wget -q -O out https://x',
  'RSYNC_PASSWORD=p rsync a rsync://h/m',
  'rsync -av a host:b',
  "fzf --bind 'ctrl-a:select-all,ctrl-p:toggle-preview'",
  'fzf -m --height 40%',
  'bat -n --paging=never f',
  'delta --paging=never',
  'gpg --list-keys',
  'svn status',
  'svn log -l 5',
  'cvs -q update',
];

describe('command lines in options and variables', () => {
  it.each(DENIED)('denies %s under the tool’s rule and a deny rule on rm', (command) => {
    expect(decide(command)).toBe('deny');
  });

  it.each(ALLOWED)('allows %s under the tool’s rule', (command) => {
    expect(decide(command)).toBe('allow');
  });

  it('reads a variable’s command line on the allow side too: the tool’s rule does not cover it', () => {
    expect(decide('RSYNC_RSH=ssh rsync a host:b', ['Bash(rsync:*)'], [])).toBe('ask');
    expect(decide('RSYNC_RSH=ssh rsync a host:b', ['Bash(rsync:*)', 'Bash(ssh:*)'], [])).toBe('allow');
  });

  it('reads an fzf binding’s other actions as no command line, and FZF_DEFAULT_OPTS as options it does not show', () => {
    expect(decide("fzf --bind 'ctrl-p:toggle-preview,ctrl-w:change-preview-window(down)'")).toBe('allow');
    expect(decide("FZF_DEFAULT_OPTS='--preview=x' fzf")).toBe('ask');
  });

  it('reads only the variables the entry names (a variable of another command is not its)', () => {
    expect(decide("RSYNC_RSH='rm -rf x' wget https://x")).toBe('allow');
  });
});

describe('mutation checks: without the fact the deny rule is walked around', () => {
  const rules = { allow: TOOLS, deny: DENY };
  const cases: [string, string, (entry: CommandFact) => CommandFact][] = [
    ['mysql', "mysql --pager='rm -rf x' -e 'select 1'", (entry) => withoutValues(entry, '--pager')],
    ['wget', "wget --use-askpass='rm' x", (entry) => withoutValues(entry, '--use-askpass')],
    ['wget', 'wget -e use_askpass=rm x', ({ commandSettings: _dropped, ...entry }) => entry],
    ['rsync', "RSYNC_RSH='rm -rf x' rsync a host:b", ({ commandEnv: _dropped, ...entry }) => entry],
    ['fzf', "fzf --preview 'rm -rf x'", (entry) => withoutValues(entry, '--preview')],
    ['fzf', "fzf --bind 'enter:execute(rm -rf x)'", (entry) => withoutValues(entry, '--bind')],
    ['fzf', "FZF_DEFAULT_COMMAND='rm -rf x' fzf", ({ commandEnv: _dropped, ...entry }) => entry],
    ['bat', "bat --pager='rm -rf x' f", (entry) => withoutValues(entry, '--pager')],
    ['delta', "delta --pager='rm -rf x'", (entry) => withoutValues(entry, '--pager')],
    [
      'git',
      "git send-email --to-cmd='rm -rf x' p",
      (entry) => withSub(entry, ['send-email'], (sub) => withoutValues(sub as CommandFact, '--to-cmd')),
    ],
    ['sftp', "sftp -D 'rm -rf x'", (entry) => withoutValues(entry, '-D')],
    ['svn', "svn commit --editor-cmd 'rm -rf x'", (entry) => withoutValues(entry, '--editor-cmd')],
    ['cvs', "cvs -e 'rm -rf x' commit", (entry) => withoutValues(entry, '-e')],
    ['gpg', "gpg --photo-viewer 'rm -rf x' --list-keys", (entry) => withoutValues(entry, '--photo-viewer')],
  ];
  it.each(cases)('%s: %s', async (name, command, mutate) => {
    expect(decide(command, rules.allow)).toBe('deny');
    expect(await decideWithout(changeEntry(name, mutate), command, rules, context)).toBe('allow');
  });
});
