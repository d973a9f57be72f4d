/**
 * An allow rule on a runner covers the runner, not the command it is given as words (decision
 * 0057): `ssh host rm -rf x` under `Bash(ssh:*)`, `docker exec c rm -rf x` under
 * `Bash(docker:*)`, `timeout 5 rm -rf x` under `Bash(timeout:*)`. Each family under a prefix
 * rule on the runner (allow rules only), the neighbours that stay allowed, the rules that do
 * cover the inner command, the deny side's own reading of it, and mutation checks: without the
 * table's runner fact the prefix rule allows the command again. The commands are only analysed
 * as strings, never run.
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands';
import { changeEntry, withoutValues, withSub } from '../commands/test-support';
import { compileRuleSet } from '../rules/compile-rule-set';
import { requestMatchesRule } from './approval-scope';
import { evaluateBash } from './evaluate-bash';
import { decideWithout as decideChanged } from './test-support';

const context = { cwd: '/repo' };
const decide = (command: string, allow: readonly string[], deny: readonly string[] = []) =>
  evaluateBash(command, compileRuleSet({ allow: [...allow], deny: [...deny] }), context);

/** Family, command, the prefix rule on its runner, and a deny rule on the inner command. */
const FAMILIES = [
  ['ssh', 'ssh host rm -rf x', 'Bash(ssh:*)', 'Bash(rm:*)'],
  ['ssh', 'ssh -p 2222 -A host rm -rf x', 'Bash(ssh:*)', 'Bash(rm:*)'],
  // An option after the host: the command may start at any later word.
  ['ssh', 'ssh host -l ls rm -rf x', 'Bash(ssh:*)', 'Bash(rm:*)'],
  ['docker exec', 'docker exec c rm -rf x', 'Bash(docker:*)', 'Bash(rm:*)'],
  ['docker exec', 'docker exec -it c rm -rf x', 'Bash(docker:*)', 'Bash(rm:*)'],
  ['docker exec', 'docker exec c rm -rf x', 'Bash(docker exec:*)', 'Bash(rm:*)'],
  ['docker run', 'docker run --rm img rm -rf x', 'Bash(docker:*)', 'Bash(rm:*)'],
  ['podman exec', 'podman exec c rm -rf x', 'Bash(podman:*)', 'Bash(rm:*)'],
  ['kubectl exec', 'kubectl exec pod -- rm -rf x', 'Bash(kubectl:*)', 'Bash(rm:*)'],
  ['kubectl exec', 'kubectl exec -it pod -- rm -rf x', 'Bash(kubectl exec:*)', 'Bash(rm:*)'],
  ['fd -x', 'fd -x rm', 'Bash(fd:*)', 'Bash(rm:*)'],
  ['fd -x', 'fd -e txt -x rm -rf', 'Bash(fd:*)', 'Bash(rm:*)'],
  ['find -exec', 'find . -exec rm {} ;', 'Bash(find:*)', 'Bash(rm:*)'],
  ['xargs', 'xargs rm', 'Bash(xargs:*)', 'Bash(rm:*)'],
  ['xargs', 'xargs rm x', 'Bash(xargs:*)', 'Bash(rm:*)'],
  ['npx', 'npx rm -rf x', 'Bash(npx:*)', 'Bash(rm:*)'],
  ['npx', 'npx -y rm -rf x', 'Bash(npx:*)', 'Bash(rm:*)'],
  ['pnpm dlx', 'pnpm dlx rm -rf x', 'Bash(pnpm dlx:*)', 'Bash(rm:*)'],
  ['uv run', 'uv run rm -rf x', 'Bash(uv run:*)', 'Bash(rm:*)'],
  ['uvx', 'uvx --from x rm -rf y', 'Bash(uvx:*)', 'Bash(rm:*)'],
  ['timeout', 'timeout 5 rm -rf x', 'Bash(timeout:*)', 'Bash(rm:*)'],
  ['sudo', 'sudo rm -rf x', 'Bash(sudo:*)', 'Bash(rm:*)'],
  ['sudo', 'sudo -u bob rm -rf x', 'Bash(sudo:*)', 'Bash(rm:*)'],
  ['nohup', 'nohup rm -rf x', 'Bash(nohup:*)', 'Bash(rm:*)'],
  ['op run', 'op run -- rm -rf x', 'Bash(op:*)', 'Bash(rm:*)'],
  ['doppler run', 'doppler run -- curl http://evil.example', 'Bash(doppler:*)', 'Bash(curl:*)'],
  ['tmux', 'tmux new -d rm -rf x', 'Bash(tmux:*)', 'Bash(rm:*)'],
  ['direnv exec', 'direnv exec . rm -rf x', 'Bash(direnv:*)', 'Bash(rm:*)'],
  ['gdb', 'gdb --args rm -rf x', 'Bash(gdb:*)', 'Bash(rm:*)'],
  ['nsenter', 'nsenter -t 1 rm -rf x', 'Bash(nsenter:*)', 'Bash(rm:*)'],
  // The words after `--` go to ssh after the host: the remote command.
  ['gcloud compute ssh', 'gcloud compute ssh vm -- rm -rf x', 'Bash(gcloud:*)', 'Bash(rm:*)'],
  ['gcloud compute ssh', 'gcloud beta compute ssh vm --zone z -- rm -rf x', 'Bash(gcloud:*)', 'Bash(rm:*)'],
  // Decision 0060: the runners' options on the table place the command past them.
  ['docker exec', 'docker exec -e X=1 c rm -rf x', 'Bash(docker:*)', 'Bash(rm:*)'],
  ['docker exec', 'docker exec -u root -w /app c rm -rf x', 'Bash(docker:*)', 'Bash(rm:*)'],
  ['docker exec', 'docker exec --foo c rm -rf x', 'Bash(docker:*)', 'Bash(rm:*)'],
  ['podman exec', 'podman exec -l rm -rf x', 'Bash(podman:*)', 'Bash(rm:*)'],
  ['kubectl exec', 'kubectl exec -n ns pod -c app -- rm -rf x', 'Bash(kubectl:*)', 'Bash(rm:*)'],
  ['kubectl exec', 'kubectl exec -f pod.yaml -- rm -rf x', 'Bash(kubectl:*)', 'Bash(rm:*)'],
  ['ssh', 'ssh host -p 22 rm -rf x', 'Bash(ssh:*)', 'Bash(rm:*)'],
  ['ssh', 'ssh host -l u -- rm -rf x', 'Bash(ssh:*)', 'Bash(rm:*)'],
  ['ssh', "ssh host -o 'ProxyCommand=rm -rf x' ls", 'Bash(ssh:*)', 'Bash(rm:*)'],
  ['nsenter', 'nsenter -t 1 -m rm -rf x', 'Bash(nsenter:*)', 'Bash(rm:*)'],
  ['nsenter', 'nsenter --target=1 --mount=/proc/1/ns/mnt rm -rf x', 'Bash(nsenter:*)', 'Bash(rm:*)'],
  ['tmux', "tmux new-session 'rm -rf x'", 'Bash(tmux:*)', 'Bash(rm:*)'],
  ['tmux', 'tmux new -d ls \\; new -d rm -rf x', 'Bash(tmux:*)', 'Bash(rm:*)'],
  ['gdb', "gdb -batch -ex 'shell rm -rf x' ./prog", 'Bash(gdb:*)', 'Bash(rm:*)'],
  ['gdb', 'gdb --args ./prog a b', 'Bash(gdb:*)', 'Bash(prog:*)'],
] as const;

describe('a prefix rule on a runner does not cover the command it is given as words', () => {
  it.each(FAMILIES)('%s: %s under %s asks', (_family, command, rule) => {
    expect(decide(command, [rule]).behavior).toBe('ask');
  });

  it.each([
    // Nested runners: each command must be covered in its turn.
    ['ssh host docker exec c rm -rf x', ['Bash(ssh:*)', 'Bash(docker:*)']],
    ['sudo timeout 5 rm -rf x', ['Bash(sudo:*)', 'Bash(timeout:*)']],
    // A computed word read again by the remote shell cannot be read.
    ['ssh host ls $DIR', ['Bash(ssh:*)']],
    // A command the table places nowhere for sure: every possible start must be covered.
    ['systemd-run -p X=1 make install', ['Bash(systemd-run:*)']],
    // An option that names the container or pod: the first operand is the command.
    ['podman exec -l reboot', ['Bash(podman:*)']],
    ['kubectl exec -f pod.yaml -- reboot', ['Bash(kubectl:*)']],
    // An option the table does not list may have taken the container's place.
    ['docker exec --foo c ls x', ['Bash(docker:*)']],
    ['nsenter --foo 1 ls', ['Bash(nsenter:*)']],
    // kubectl reads its options after the pod too, out of the command's words: not placed.
    ['kubectl exec pod ls -c app', ['Bash(kubectl:*)']],
    ['kubectl exec pod sed -n p f', ['Bash(kubectl:*)']],
    // Another tmux command follows: any of its words may start a program.
    ['tmux new -d ls \\; new -d rm -rf x', ['Bash(tmux:*)']],
    ['tmux new -d ls\\; kill-server', ['Bash(tmux:*)']],
    ['tmux new -d ls echo\\; new -d rm -rf x', ['Bash(tmux:*)']],
    ['tmux new-window -c dir make test', ['Bash(tmux:*)']],
  ])('%s under %j asks', (command, rules) => {
    expect(decide(command, rules).behavior).toBe('ask');
  });

  it('says which command no allow rule covers', () => {
    expect(decide('docker exec c rm -rf x', ['Bash(docker:*)']).reason).toContain(
      'it runs "rm -rf x", which no allow rule covers',
    );
    expect(decide('timeout 5 rm -rf x', ['Bash(timeout:*)']).reason).toContain('rm -rf x');
  });

  it.each(FAMILIES)(
    '%s: a deny rule still denies %s (the deny side reads the inner command)',
    (_f, command, rule, deny) => {
      expect(decide(command, [rule], [deny]).behavior).toBe('deny');
    },
  );
});

describe('a command that is allowed on its own keeps the runner allowed', () => {
  it.each([
    // Read-only by the classifier.
    ['ssh host ls -la', ['Bash(ssh:*)']],
    ['ssh -p 2222 host git status', ['Bash(ssh:*)']],
    ['docker exec c ls /app', ['Bash(docker:*)']],
    ['kubectl exec pod -- ls', ['Bash(kubectl:*)']],
    ['fd -e txt -x wc -l', ['Bash(fd:*)']],
    ['timeout 5 ls', ['Bash(timeout:*)']],
    ['sudo ls /root', ['Bash(sudo:*)']],
    ['gcloud compute ssh vm --zone z -- ls -la', ['Bash(gcloud:*)']],
    // Decision 0060: the runners' options on the table (docker's and kubectl's exec, ssh after
    // the host, nsenter) place the command past them.
    ['docker exec -e X=1 c ls', ['Bash(docker:*)']],
    ['docker exec -u root -w /app c ls -la', ['Bash(docker:*)']],
    ['docker exec -it --env-file vars c ls', ['Bash(docker:*)']],
    ['podman exec -it c ls', ['Bash(podman:*)']],
    ['kubectl exec -n ns pod -c app -- ls', ['Bash(kubectl:*)']],
    ['ssh host -p 22 ls', ['Bash(ssh:*)']],
    ['ssh host -l u -p 22 git status', ['Bash(ssh:*)']],
    ['nsenter -t 1 -m ls', ['Bash(nsenter:*)']],
    ['nsenter -t 1 -m -u -n ls -la', ['Bash(nsenter:*)']],
    ['tmux new -d -s work git status', ['Bash(tmux:*)']],
    ['tmux new-window -c dir make test', ['Bash(tmux:*)', 'Bash(make test:*)']],
    // No command at all: a login shell, a subcommand that runs none.
    ['ssh host', ['Bash(ssh:*)']],
    ['gcloud compute ssh vm --zone z', ['Bash(gcloud:*)']],
    ['docker ps -a', ['Bash(docker:*)']],
    ['kubectl get pods', ['Bash(kubectl:*)']],
    // Covered by a rule of its own.
    ['ssh host rm -rf x', ['Bash(ssh:*)', 'Bash(rm:*)']],
    ['timeout 60 npm test', ['Bash(timeout:*)', 'Bash(npm test:*)']],
    ['ssh host docker exec c ls', ['Bash(ssh:*)', 'Bash(docker:*)']],
    // The prefix rule spells the inner command out.
    ['docker exec c rm -rf x', ['Bash(docker exec c rm:*)']],
    ['sudo apt-get install jq', ['Bash(sudo apt-get install:*)']],
    ['npx rm -rf x', ['Bash(npx rm:*)']],
    // An exact or tool-wide rule names all of it.
    ['op run -- rm -rf x', ['Bash(op:*)', 'Bash(op run -- rm -rf x)']],
    ['docker exec c rm -rf x', ['Bash']],
    // A package runner's program the table has no entry for is the package's (decision 0057).
    ['npx prettier --check .', ['Bash(npx:*)']],
    ['npx -y create-vite app', ['Bash(npx:*)']],
    ['pnpm dlx cowsay hi', ['Bash(pnpm dlx:*)']],
    ['uv run pytest -q', ['Bash(uv run:*)']],
    ['uvx ruff check', ['Bash(uvx:*)']],
  ])('%s under %j is allowed', (command, rules) => {
    expect(decide(command, rules).behavior).toBe('allow');
  });
});

describe('proposals cover what was shown', () => {
  it('an exact rule for the runner and its command, which allows it', () => {
    for (const command of ['ssh host rm -rf x', 'docker exec c rm -rf x', 'timeout 5 rm -rf x']) {
      const decision = decide(command, ['Bash(ssh:*)', 'Bash(docker:*)', 'Bash(timeout:*)']);
      expect(decision.behavior).toBe('ask');
      expect(decision.proposedRules).toEqual([`Bash(${command})`]);
      expect(
        requestMatchesRule({ tool: 'Bash', input: { command } }, decision.proposedRules![0]!, context),
      ).toBe(true);
    }
    expect(
      requestMatchesRule(
        { tool: 'Bash', input: { command: 'docker exec c rm -rf x' } },
        'Bash(docker exec:*)',
        context,
      ),
    ).toBe(false);
  });
});

/** The decision for `command` under `allow`, with the table's entry `name` changed by `mutate`. */
const decideWithout = (
  name: string,
  mutate: (entry: CommandFact) => CommandFact,
  command: string,
  allow: readonly string[],
) => decideChanged(changeEntry(name, mutate), command, { allow: [...allow] }, context);

describe('mutation: without the runner fact, the prefix rule allows the command again', () => {
  it.each([
    [
      'kubectl',
      (entry: CommandFact) => withSub(entry, ['exec'], ({ wrapper: _, ...sub }) => sub),
      'kubectl exec pod -- rm -rf x',
      'Bash(kubectl:*)',
    ],
    ['fd', (entry: CommandFact) => withoutValues(entry, '-x'), 'fd -x rm', 'Bash(fd:*)'],
    ['ssh', ({ wrapper: _, ...entry }: CommandFact) => entry, 'ssh host rm -rf x', 'Bash(ssh:*)'],
    [
      'gcloud',
      (entry: CommandFact) => withSub(entry, ['compute', 'ssh'], ({ wrapper: _, ...sub }) => sub),
      'gcloud compute ssh vm -- rm -rf x',
      'Bash(gcloud:*)',
    ],
  ] as const)('%j without its fact: %s is allowed by %s', async (where, mutate, command, rule) => {
    expect(decide(command, [rule]).behavior).toBe('ask');
    expect(await decideWithout(where, mutate, command, [rule])).toBe('allow');
  });

  it.each([
    [
      'podman',
      (entry: CommandFact) => withSub(entry, ['exec'], ({ effects: _, ...sub }) => sub),
      'podman exec -l reboot',
      'Bash(podman:*)',
    ],
    [
      'kubectl',
      (entry: CommandFact) => withSub(entry, ['exec'], ({ effects: _, ...sub }) => sub),
      'kubectl exec -f pod.yaml -- reboot',
      'Bash(kubectl:*)',
    ],
  ] as const)('%j without target-given: %s is allowed by %s', async (where, mutate, command, rule) => {
    expect(decide(command, [rule]).behavior).toBe('ask');
    expect(await decideWithout(where, mutate, command, [rule])).toBe('allow');
  });

  it.each([
    [
      'docker',
      (entry: CommandFact) => withSub(entry, ['exec'], ({ short: _, long: __, values: ___, ...sub }) => sub),
      'docker exec -e X=1 c ls',
      'Bash(docker:*)',
    ],
    [
      'kubectl',
      (entry: CommandFact) =>
        withSub(entry, ['exec'], ({ short: _, long: __, values: ___, effects: ____, ...sub }) => sub),
      'kubectl exec pod -c app -- ls',
      'Bash(kubectl:*)',
    ],
    ['ssh', ({ loginShell: _, ...entry }: CommandFact) => entry, 'ssh host -p 22 ls', 'Bash(ssh:*)'],
    [
      'nsenter',
      ({ short: _, long: __, ...entry }: CommandFact) => entry,
      'nsenter -t 1 -m ls',
      'Bash(nsenter:*)',
    ],
    [
      'tmux',
      (entry: CommandFact) => withSub(entry, ['new-session'], ({ commandAfter: _, ...sub }) => sub),
      'tmux new-session -d git status',
      'Bash(tmux:*)',
    ],
  ] as const)(
    '%j without its options: %s is not placed and asks under %s',
    async (where, mutate, command, rule) => {
      expect(decide(command, [rule]).behavior).toBe('allow');
      expect(await decideWithout(where, mutate, command, [rule])).toBe('ask');
    },
  );

  // (A `;` word alone is also read as a line that does not parse: the word before it is the test.)
  it("without tmux's `commandSeparator`, `ls echo\\; new -d rm -rf x` reads as one `ls` and is allowed", async () => {
    const command = 'tmux new -d ls echo\\; new -d rm -rf x';
    const mutate = (entry: CommandFact) =>
      withSub(entry, ['new-session'], ({ commandSeparator: _, ...sub }) => sub);
    expect(decide(command, ['Bash(tmux:*)']).behavior).toBe('ask');
    expect(await decideWithout('tmux', mutate, command, ['Bash(tmux:*)'])).toBe('allow');
  });

  it("without kubectl exec's `permute`, `-c app` after the pod is read as the command's", async () => {
    const mutate = (entry: CommandFact) => withSub(entry, ['exec'], ({ permute: _, ...sub }) => sub);
    const command = 'kubectl exec pod ls -c app';
    expect(decide(command, ['Bash(kubectl:*)']).behavior).toBe('ask');
    expect(await decideWithout('kubectl', mutate, command, ['Bash(kubectl:*)'])).toBe('allow');
  });

  it('without `commandAfter`, the command of `docker exec c ls` is not placed and it asks', async () => {
    const mutate = (entry: CommandFact) => withSub(entry, ['exec'], ({ commandAfter: _, ...sub }) => sub);
    expect(decide('docker exec c ls', ['Bash(docker:*)']).behavior).toBe('allow');
    expect(await decideWithout('docker', mutate, 'docker exec c ls', ['Bash(docker:*)'])).toBe('ask');
  });
});

describe('a substitution that prints ids is a name where a runner takes one (printsIds)', () => {
  const deny = { deny: ['Bash(rm:*)'] };
  it.each([
    ['docker', ['ps'], 'docker exec -it $(docker ps -qf name=db) psql'],
    ['kubectl', ['get'], 'kubectl exec -it $(kubectl get pods -l app=db -o name) -- psql'],
  ] as const)(
    '%s %j: %s asks under a deny rule, and is denied without the fact',
    async (name, path, command) => {
      expect(evaluateBash(command, compileRuleSet(deny), context).behavior).toBe('ask');
      const mutate = (entry: CommandFact) => withSub(entry, path, ({ printsIds: _, ...sub }) => sub);
      expect(await decideChanged(changeEntry(name, mutate), command, deny, context)).toBe('deny');
    },
  );

  it.each([
    // Not ids only: a table, a format the table does not list, an unknown option, any other command.
    'docker exec $(docker ps) psql',
    'docker exec $(docker ps -q --format x) psql',
    'kubectl exec $(kubectl get pods -o wide) -- psql',
    'docker exec $(cat name) psql',
    // An option the table does not list may take the container's place.
    'docker exec --foo $(docker ps -q) psql',
  ])('%s is denied under a deny rule: the word may be a command', (command) => {
    expect(evaluateBash(command, compileRuleSet(deny), context).behavior).toBe('deny');
  });
});

describe('ssh reads its options after the host too (loginShell)', () => {
  it('a command line in an option after the host is denied, and is not without the fact', async () => {
    const command = "ssh host -o 'ProxyCommand=rm -rf x' ls";
    const deny = { deny: ['Bash(rm:*)'] };
    expect(evaluateBash(command, compileRuleSet(deny), context).behavior).toBe('deny');
    const mutate = ({ loginShell: _, ...entry }: CommandFact) => entry;
    expect(await decideChanged(changeEntry('ssh', mutate), command, deny, context)).toBe('ask');
  });
});

describe('docker run and podman run: their options before the image (decision 0066)', () => {
  it.each([
    ['docker run --rm -v /repo:/w -w /w img ls', 'Bash(docker:*)'],
    ['docker run --rm -e X=1 img ls -la', 'Bash(docker:*)'],
    ['docker container run -d --restart always img ls', 'Bash(docker:*)'],
    ['podman run --rm --pod p -v .:/w:Z img ls', 'Bash(podman:*)'],
  ])('%s is allowed under %s: the command follows the image', (command, rule) => {
    expect(decide(command, [rule]).behavior).toBe('allow');
  });

  it.each([
    'docker run --rm -e X=1 img rm -rf x',
    'docker run --entrypoint rm img -rf x',
    "docker run --health-cmd 'rm -rf x' img ls",
  ])('%s asks under Bash(docker:*) and is denied under Bash(rm:*)', (command) => {
    expect(decide(command, ['Bash(docker:*)']).behavior).toBe('ask');
    expect(decide(command, [], ['Bash(rm:*)']).behavior).toBe('deny');
  });

  it("still lets the floor see a bind mount's host path", () => {
    expect(decide('docker run --rm -v ~/.ssh:/k img ls', ['Bash(docker:*)']).behavior).toBe('deny');
    expect(
      decide('docker run --rm --mount type=bind,source=/root/.ssh,target=/k img ls', ['Bash(docker:*)'])
        .behavior,
    ).toBe('deny');
  });

  it("given no command, the image's own, fed on standard input, is not seen", () => {
    const fed = "echo 'rm -rf x' | docker run -i img";
    expect(decide(fed, [], ['Bash(rm:*)']).behavior).toBe('deny');
    expect(decide(fed, ['Bash(docker:*)', 'Bash(echo:*)']).behavior).toBe('ask');
    expect(decide('echo x | docker run -i img cat', [], ['Bash(rm:*)']).behavior).not.toBe('deny');
  });

  it("mutation: without docker run's options, `docker run --rm -e X=1 img ls` asks", async () => {
    const drop = (entry: CommandFact) =>
      withSub(entry, ['run'], ({ short: _s, long: _l, values: _v, ...sub }) => sub);
    expect(
      await decideChanged(
        changeEntry('docker', drop),
        'docker run --rm -e X=1 img ls',
        { allow: ['Bash(docker:*)'] },
        context,
      ),
    ).toBe('ask');
  });

  it("mutation: without docker run's `loginShell`, the image's command fed on standard input is not denied", async () => {
    const drop = (entry: CommandFact) => withSub(entry, ['run'], ({ loginShell: _d, ...sub }) => sub);
    expect(
      await decideChanged(
        changeEntry('docker', drop),
        "echo 'rm -rf x' | docker run -i img",
        { deny: ['Bash(rm:*)'] },
        context,
      ),
    ).not.toBe('deny');
  });
});
