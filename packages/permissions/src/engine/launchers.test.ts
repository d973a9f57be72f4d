/**
 * Launchers the table did not know (decision 0067): `gosu USER CMD`, `setarch ARCH CMD`, `perf
 * stat CMD`, `ip netns exec NS CMD`, `pyenv exec CMD`, `docker-compose exec SVC CMD`… Each ran
 * `rm -rf x` while a deny rule `Bash(rm:*)` was walked around by the launcher's own allow rule
 * (and asked, one click, under none). Each is now denied; the launcher's rule still allows a
 * read-only command it is given, and not one that is not covered (decision 0057). Mutation
 * checks: without its entry (or subcommand) each launcher's command is allowed again. The
 * commands are only analysed as strings, never run.
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands';
import { changeEntry } from '../commands/test-support';
import { compileRuleSet } from '../rules/compile-rule-set';
import { evaluateBash } from './evaluate-bash';
import { decideWithout } from './test-support';

const context = { cwd: '/repo' };
const decide = (command: string, allow: readonly string[], deny: readonly string[] = []) =>
  evaluateBash(command, compileRuleSet({ allow: [...allow], deny: [...deny] }), context).behavior;

/** Each launcher running `rm -rf x`, the rule on the launcher, and the entry holding the fact. */
const LAUNCHED = [
  ['gosu x rm -rf x', 'Bash(gosu:*)', 'gosu'],
  ['su-exec x rm -rf x', 'Bash(su-exec:*)', 'gosu'],
  ['chpst -u x rm -rf x', 'Bash(chpst:*)', 'chpst'],
  ['s6-setuidgid x rm -rf x', 'Bash(s6-setuidgid:*)', 'setuidgid'],
  ['setuidgid x rm -rf x', 'Bash(setuidgid:*)', 'setuidgid'],
  ['envdir ./env rm -rf x', 'Bash(envdir:*)', 'setuidgid'],
  ['s6-envdir -I env rm -rf x', 'Bash(s6-envdir:*)', 's6-envdir'],
  ['s6-applyuidgid -u 0 rm -rf x', 'Bash(s6-applyuidgid:*)', 's6-applyuidgid'],
  ['with-contenv rm -rf x', 'Bash(with-contenv:*)', 'with-contenv'],
  ['setlock -n lock rm -rf x', 'Bash(setlock:*)', 'setlock'],
  ['softlimit -m 1000 rm -rf x', 'Bash(softlimit:*)', 'softlimit'],
  ['authbind rm -rf x', 'Bash(authbind:*)', 'authbind'],
  ['fakechroot rm -rf x', 'Bash(fakechroot:*)', 'fakechroot'],
  ['linux32 rm -rf x', 'Bash(linux32:*)', 'linux32'],
  ['setarch x86_64 rm -rf x', 'Bash(setarch:*)', 'setarch'],
  ['qemu-x86_64 /bin/rm -rf x', 'Bash(qemu-x86_64:*)', 'qemu-x86_64'],
  ['start-stop-daemon -S -x /bin/rm -- -rf x', 'Bash(start-stop-daemon:*)', 'start-stop-daemon'],
  ['daemonize /bin/rm -rf x', 'Bash(daemonize:*)', 'daemonize'],
  ['systemd-inhibit rm -rf x', 'Bash(systemd-inhibit:*)', 'systemd-inhibit'],
  ['ssh-agent rm -rf x', 'Bash(ssh-agent:*)', 'ssh-agent'],
  ['perf stat rm -rf x', 'Bash(perf:*)', 'perf'],
  ['perf record -g rm -rf x', 'Bash(perf:*)', 'perf'],
  ['perf trace rm -rf x', 'Bash(perf:*)', 'perf'],
  ['srun rm -rf x', 'Bash(srun:*)', 'srun'],
  ['mpirun -np 2 rm -rf x', 'Bash(mpirun:*)', 'mpirun'],
  ['mpiexec -n 2 rm -rf x', 'Bash(mpiexec:*)', 'mpirun'],
  ['xterm -e rm -rf x', 'Bash(xterm:*)', 'qemu-x86_64'],
  ['gnome-terminal -- rm -rf x', 'Bash(gnome-terminal:*)', 'qemu-x86_64'],
  ['konsole -e rm -rf x', 'Bash(konsole:*)', 'qemu-x86_64'],
  ['wsl rm -rf x', 'Bash(wsl:*)', 'qemu-x86_64'],
  ['wsl -e rm -rf x', 'Bash(wsl:*)', 'qemu-x86_64'],
  ['systemd-nspawn -D / rm -rf x', 'Bash(systemd-nspawn:*)', 'qemu-x86_64'],
  ['ip netns exec ns rm -rf x', 'Bash(ip:*)', 'ip'],
  ['ip vrf exec v rm -rf x', 'Bash(ip:*)', 'ip'],
  ['ddev exec rm -rf x', 'Bash(ddev:*)', 'ddev'],
  ['multipass exec vm -- rm -rf x', 'Bash(multipass:*)', 'multipass'],
  ['pyenv exec rm -rf x', 'Bash(pyenv:*)', 'pyenv'],
  ['rbenv exec rm -rf x', 'Bash(rbenv:*)', 'pyenv'],
  ['nvm exec 20 rm -rf x', 'Bash(nvm:*)', 'nvm'],
  ['volta run rm -rf x', 'Bash(volta:*)', 'volta'],
  ['fnm exec -- rm -rf x', 'Bash(fnm:*)', 'fnm'],
  ['docker-compose exec app rm -rf x', 'Bash(docker-compose:*)', 'docker-compose'],
  ['docker-compose run app rm -rf x', 'Bash(docker-compose:*)', 'docker-compose'],
] as const;

describe('a launcher the table knows: its command is matched by the deny rules', () => {
  it.each(LAUNCHED)('%s is denied under Bash(rm:*), with %s or none', (command, rule) => {
    expect(decide(command, [rule], ['Bash(rm:*)'])).toBe('deny');
    expect(decide(command, [], ['Bash(rm:*)'])).toBe('deny');
  });

  it.each(LAUNCHED)('%s is not covered by %s alone', (command, rule) => {
    expect(decide(command, [rule])).toBe('ask');
  });
});

describe("a launcher's rule still allows a read-only command it is given (decision 0057)", () => {
  it.each([
    ['gosu x ls', 'Bash(gosu:*)'],
    ['su-exec nobody ls -la', 'Bash(su-exec:*)'],
    ['chpst -u x ls', 'Bash(chpst:*)'],
    ['envdir ./env ls', 'Bash(envdir:*)'],
    ['setarch x86_64 ls', 'Bash(setarch:*)'],
    ['linux32 ls', 'Bash(linux32:*)'],
    ['qemu-x86_64 /bin/ls', 'Bash(qemu-x86_64:*)'],
    ['start-stop-daemon -S -x /bin/ls', 'Bash(start-stop-daemon:*)'],
    ['perf stat -e cycles ls', 'Bash(perf:*)'],
    ['perf report', 'Bash(perf:*)'],
    ['srun -N 2 hostname', 'Bash(srun:*)'],
    ['mpirun -np 2 ls', 'Bash(mpirun:*)'],
    ['ip netns exec ns ls', 'Bash(ip:*)'],
    ['multipass exec vm -- ls', 'Bash(multipass:*)'],
    ['volta run --node 20 ls', 'Bash(volta:*)'],
    ['docker-compose exec app ls', 'Bash(docker-compose:*)'],
    ['docker-compose ps', 'Bash(docker-compose:*)'],
  ])('%s under %s', (command, rule) => {
    expect(decide(command, [rule])).toBe('allow');
  });

  it('the inner command with a rule of its own is covered', () => {
    expect(decide('perf record -g make', ['Bash(perf:*)', 'Bash(make:*)'])).toBe('allow');
    expect(decide('gosu app make test', ['Bash(gosu:*)', 'Bash(make:*)'])).toBe('allow');
  });
});

/** `entry` with every fact dropped but its names and summary. */
const bare = (entry: CommandFact): CommandFact => ({ names: entry.names, summary: entry.summary });

describe('mutation: without its entry, a launcher walks around the deny rule again', () => {
  // The first command of each entry.
  const firsts = new Map<string, readonly [string, string]>();
  for (const [command, rule, name] of LAUNCHED) if (!firsts.has(name)) firsts.set(name, [command, rule]);
  it.each([...firsts].map(([name, [command, rule]]) => [name, command, rule] as const))(
    '%s: %s is allowed by %s again',
    async (name, command, rule) => {
      const rules = { allow: [rule], deny: ['Bash(rm:*)'] };
      expect(decide(command, [rule], ['Bash(rm:*)'])).toBe('deny');
      expect(await decideWithout(changeEntry(name, bare), command, rules, context)).toBe('allow');
    },
  );
});
