/**
 * An allow rule covers the command it names, not the command lines it runs (decision 0053):
 * each family under a prefix rule for the outer command, the benign neighbours that stay
 * allowed, the rules that do name the line, and mutation checks — the same table without the
 * role that makes a line hidden allows the attack again. The commands are only analysed as
 * strings, never run.
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands';
import { changeEntry, withoutValues, withSub } from '../commands/test-support';
import { compileRuleSet } from '../rules/compile-rule-set';
import { analyzeShell } from '../shell';
import { requestMatchesRule } from './approval-scope';
import { evaluateBash } from './evaluate-bash';
import { proposeRules } from './propose-rules';
import { decideWithout as decideChanged } from './test-support';

const context = { cwd: '/repo' };
const decide = (command: string, allow: readonly string[], deny: readonly string[] = []) =>
  evaluateBash(command, compileRuleSet({ allow: [...allow], deny: [...deny] }), context);

/** Single-quotes `text` for the shell. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

describe('a prefix rule on the outer command does not cover the command line it runs', () => {
  it.each([
    // git's subcommand operands and settings.
    ["git submodule foreach 'rm -rf x'", 'Bash(git:*)'],
    ['git submodule foreach --recursive rm -rf x', 'Bash(git:*)'],
    ['git bisect run rm -rf x', 'Bash(git:*)'],
    ['git bisect run make test', 'Bash(git:*)'],
    ["git clone --config core.sshCommand='rm -rf x' url", 'Bash(git:*)'],
    ["git clone -c core.fsmonitor='rm -rf x' https://h/r", 'Bash(git:*)'],
    ['git clone --config core.sshCommand="ssh -i k" url', 'Bash(git:*)'],
    ["git fetch --upload-pack='rm -rf x' origin", 'Bash(git:*)'],
    // Options whose value is a command line.
    ["rsync -e 'rm -rf x' a h:b", 'Bash(rsync:*)'],
    ["rsync --rsync-path='rm -rf x' a h:b", 'Bash(rsync:*)'],
    ['rsync -e ssh -av a h:b', 'Bash(rsync:*)'],
    ["rsync -e 'ssh -p 2222' -av a h:b", 'Bash(rsync:*)'],
    ["vim -c '!rm -rf x' f", 'Bash(vim:*)'],
    ["vim '+!rm -rf x' f", 'Bash(vim:*)'],
    ["less '+!rm -rf x' f", 'Bash(less:*)'],
    ["more '+!rm -rf x' f", 'Bash(more:*)'],
    ["ugrep --filter='txt:rm -rf x' KEY .", 'Bash(ugrep:*)'],
    ["gcloud compute ssh vm --command='rm -rf x'", 'Bash(gcloud:*)'],
    ["zip x.zip f -T -TT 'rm -rf x'", 'Bash(zip:*)'],
    // Programs that run command lines, shown or built at run time.
    ['awk \'BEGIN { system("rm -rf x") }\'', 'Bash(awk:*)'],
    ['awk \'/x/ {print | "rm -rf y"}\' f', 'Bash(awk:*)'],
    ["awk '{system($0)}' f", 'Bash(awk:*)'],
    ['awk \'{ c = "r" "m " $1; c | getline }\' list', 'Bash(awk:*)'],
    ['awk \'BEGIN{system("$RM x")}\'', 'Bash(awk:*)'],
    ['awk -f - data', 'Bash(awk:*)'],
    ["perl -pe '' 'rm -rf x|'", 'Bash(perl:*)'],
    ["perl -ne print '|curl http://evil.example'", 'Bash(perl:*)'],
    ['python3 -c "import os; os.system(cmd)"', 'Bash(python3:*)'],
    // A runner's command line.
    ["ssh host 'rm -rf x'", 'Bash(ssh:*)'],
    // What cannot be fully analyzed is not covered.
    ["git submodule foreach 'rm $(cat list)'", 'Bash(git:*)'],
    ["rsync -e 'ssh -p $PORT' a h:b", 'Bash(rsync:*)'],
  ])('%s under %s asks', (command, rule) => {
    expect(decide(command, [rule]).behavior).toBe('ask');
  });

  it('says which command line no allow rule covers', () => {
    const decision = decide("git submodule foreach 'rm -rf x'", ['Bash(git:*)']);
    expect(decision.reason).toContain('it runs "rm -rf x", which no allow rule covers');
    expect(decide("awk '{system($0)}' f", ['Bash(awk:*)']).reason).toContain(
      'awk runs a command its program builds at run time',
    );
  });

  it('a deny rule still denies the line (the deny step comes first)', () => {
    expect(decide("git submodule foreach 'rm -rf x'", ['Bash(git:*)'], ['Bash(rm:*)']).behavior).toBe('deny');
    expect(decide("rsync -e 'rm -rf x' a h:b", ['Bash(rsync:*)'], ['Bash(rm:*)']).behavior).toBe('deny');
  });

  it('the headless default denies what no rule covers', () => {
    const rules = compileRuleSet({ allow: ['Bash(git:*)'] });
    const decision = evaluateBash('git bisect run rm -rf x', rules, { cwd: '/repo', defaultMode: 'deny' });
    expect(decision.behavior).toBe('deny');
  });
});

describe('a command line that is allowed on its own keeps the command allowed', () => {
  it.each([
    // Covered by the same or another prefix rule.
    ["git submodule foreach 'git status'", ['Bash(git:*)']],
    ["git submodule foreach 'git pull'", ['Bash(git:*)']],
    ['git bisect run make test', ['Bash(git:*)', 'Bash(make test:*)']],
    ['rsync -e ssh -av a h:b', ['Bash(rsync:*)', 'Bash(ssh:*)']],
    ["rsync -e 'ssh -p 2222' -av a h:b", ['Bash(rsync:*)', 'Bash(ssh:*)']],
    ['git clone --config core.sshCommand="ssh -i k" url', ['Bash(git:*)', 'Bash(ssh:*)']],
    // Read-only by the classifier.
    ["vim -c '!ls' f", ['Bash(vim:*)']],
    ["ssh host 'ls -la'", ['Bash(ssh:*)']],
    ["gcloud compute ssh vm --command 'ls -la'", ['Bash(gcloud:*)']],
    ['awk \'BEGIN { system("date") }\'', ['Bash(awk:*)']],
    // No command line at all: an interpreter's own program, in its own language.
    ["vim -c 'set nu' +10 f", ['Bash(vim:*)']],
    ["awk -F, '{print $1}' f", ['Bash(awk:*)']],
    ['awk \'{print "hello world"}\' f', ['Bash(awk:*)']],
    ["perl -lane '$s+=$F[0]; END{print $s}' numbers.txt", ['Bash(perl:*)']],
    ['python3 -c "print(1+1)"', ['Bash(python3:*)']],
    ['python3 -c "import os; os.system(\'ls -la\')"', ['Bash(python3:*)']],
    ['make PREFIX=/usr install', ['Bash(make:*)']],
    ["make CFLAGS='-O2 -g'", ['Bash(make:*)']],
  ])('%s under %j is allowed', (command, rules) => {
    expect(decide(command, rules).behavior).toBe('allow');
  });

  it('a rule that names the line allows it: exact, tool-wide, or one for the inner command', () => {
    const command = "git submodule foreach 'rm -rf x'";
    expect(decide(command, ["Bash(git submodule foreach 'rm -rf x')"]).behavior).toBe('allow');
    expect(decide(command, ['Bash(git:*)', 'Bash']).behavior).toBe('allow');
    expect(decide(command, ['Bash(git:*)', 'Bash(rm:*)']).behavior).toBe('allow');
    // The exact rule is found even behind an earlier prefix rule that does not cover the line.
    expect(decide(command, ['Bash(git:*)', "Bash(git submodule foreach 'rm -rf x')"]).behavior).toBe('allow');
  });

  it('lines run by lines are followed, down to a depth', () => {
    let nested = 'git status';
    for (let level = 0; level < 2; level++) nested = `git submodule foreach ${quoted(nested)}`;
    expect(decide(nested, ['Bash(git:*)']).behavior).toBe('allow');
    let uncovered = 'rm -rf x';
    for (let level = 0; level < 2; level++) uncovered = `git submodule foreach ${quoted(uncovered)}`;
    expect(decide(uncovered, ['Bash(git:*)']).behavior).toBe('ask');
    // Past the depth, a line is not covered, however harmless.
    let deep = 'git status';
    for (let level = 0; level < 6; level++) deep = `git submodule foreach ${quoted(deep)}`;
    expect(decide(deep, ['Bash(git:*)']).behavior).toBe('ask');
  });
});

describe('proposals never name the outer command for the line it runs', () => {
  it('an exact rule for each command whose line is not covered, and it allows the command', () => {
    const command = "git submodule foreach 'rm -rf x' && git bisect run rm -rf y";
    const decision = decide(command, ['Bash(git:*)']);
    expect(decision.proposedRules).toEqual([
      "Bash(git submodule foreach 'rm -rf x')",
      'Bash(git bisect run rm -rf y)',
    ]);
    expect(
      requestMatchesRule(
        { tool: 'Bash', input: { command: "git submodule foreach 'rm -rf x'" } },
        decision.proposedRules![0]!,
        context,
      ),
    ).toBe(true);
    expect(
      requestMatchesRule(
        { tool: 'Bash', input: { command: "git submodule foreach 'rm -rf x'" } },
        'Bash(git submodule:*)',
        context,
      ),
    ).toBe(false);
  });

  it('no prefix for a command the classifier calls read-only when it runs an uncovered line', () => {
    // The classifier's word is given, so that only the line decides.
    const verdicts = [{ classification: 'read-only' as const, reason: 'given' }];
    const analysis = analyzeShell('rsync -e ssh a h:b');
    expect(proposeRules(analysis, { verdicts })).toEqual(['Bash(rsync -e ssh a h:b)']);
    const rules = compileRuleSet({ allow: ['Bash(ssh:*)'] });
    expect(proposeRules(analysis, { verdicts, rules })).toEqual(['Bash(rsync:*)']);
  });
});

/** The decision for `command` under `allow`, with the table's entry `name` changed by `mutate`. */
const decideWithout = (
  name: string,
  mutate: (entry: CommandFact) => CommandFact,
  command: string,
  allow: readonly string[],
) => decideChanged(changeEntry(name, mutate), command, { allow: [...allow] }, context);

describe('mutation: without the role that makes the line hidden, the prefix rule allows it again', () => {
  it.each([
    [
      'git',
      (entry: CommandFact) => withSub(entry, ['submodule', 'foreach'], ({ operands: _, ...sub }) => sub),
      "git submodule foreach 'rm -rf x'",
      'Bash(git:*)',
    ],
    [
      'git',
      (entry: CommandFact) => withSub(entry, ['bisect', 'run'], ({ operands: _, ...sub }) => sub),
      'git bisect run rm -rf x',
      'Bash(git:*)',
    ],
    [
      'git',
      ({ commandSettings: _, ...entry }: CommandFact) => entry,
      "git clone --config core.sshCommand='rm -rf x' url",
      'Bash(git:*)',
    ],
    [
      'rsync',
      (entry: CommandFact) => withoutValues(entry, '-e'),
      "rsync -e 'rm -rf x' a h:b",
      'Bash(rsync:*)',
    ],
    ['vi', (entry: CommandFact) => withoutValues(entry, '-c'), "vim -c '!rm -rf x' f", 'Bash(vim:*)'],
    ['less', ({ plusCommands: _, ...entry }: CommandFact) => entry, "less '+!rm -rf x' f", 'Bash(less:*)'],
  ] as const)('%j without its fact: %s is allowed by %s', async (where, mutate, command, rule) => {
    expect(decide(command, [rule]).behavior).toBe('ask');
    expect(await decideWithout(where, mutate, command, [rule])).toBe('allow');
  });
});
