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
import { changeEntry, withSub } from '../commands/test-support';
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
  // A command line given as one word (or after `--`).
  ["scl enable devtoolset 'rm -rf x'", 'Bash(scl:*)', 'scl'],
  ['scl enable devtoolset -- rm -rf x', 'Bash(scl:*)', 'scl'],
  ["fly ssh console -C 'rm -rf x'", 'Bash(fly:*)', 'fly'],
  ["flyctl ssh console -a app --command 'rm -rf x'", 'Bash(flyctl:*)', 'fly'],
  ["capsh -- -c 'rm -rf x'", 'Bash(capsh:*)', 'capsh'],
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

/** A command line given as one word to a command that runs it, the rule on the command, and the entry. */
const ONE_WORD = [
  ["sops exec-env s.yaml 'rm -rf x'", 'Bash(sops:*)', 'sops'],
  ["sops exec-file s.yaml 'rm -rf x {}'", 'Bash(sops:*)', 'sops'],
  ["git daemon --access-hook='rm -rf x'", 'Bash(git:*)', 'git'],
  ["socat - EXEC:'rm -rf x'", 'Bash(socat:*)', 'socat'],
  ["socat - SYSTEM:'rm -rf x'", 'Bash(socat:*)', 'socat'],
  ["socat TCP-LISTEN:80,fork exec:'rm -rf x',pty", 'Bash(socat:*)', 'socat'],
] as const;

describe('a command line given as one word is matched by the deny rules', () => {
  it.each(ONE_WORD)('%s is denied under Bash(rm:*), with %s or none', (command, rule) => {
    expect(decide(command, [rule], ['Bash(rm:*)'])).toBe('deny');
    expect(decide(command, [], ['Bash(rm:*)'])).toBe('deny');
  });

  it.each([
    ['socat TCP-LISTEN:8080 TCP:localhost:80', 'Bash(socat:*)'],
    ['git daemon --export-all --base-path=.', 'Bash(git:*)'],
    ['sops -e s.yaml', 'Bash(sops:*)'],
  ])('%s stays as it was under %s', (command, rule) => {
    expect(decide(command, [rule], ['Bash(rm:*)'])).not.toBe('deny');
  });
});

/**
 * Programs that read commands on standard input (`stdinCommands`) or, given no command, start a
 * shell that does (`startsShell`), fed there under their own rule and `Bash(echo:*)`/`Bash(cat:*)`.
 */
const FED = [
  ["echo '\\! rm -rf x' | psql", 'Bash(psql:*)', 'psql'],
  ['psql < x.sql', 'Bash(psql:*)', 'psql'],
  ['cat x.sql | psql -h db app', 'Bash(psql:*)', 'psql'],
  ["echo 'x' | psql -f -", 'Bash(psql:*)', 'psql'],
  ["echo '\\! rm -rf x' | mysql", 'Bash(mysql:*)', 'mysql'],
  ['mysql -u root db < x.sql', 'Bash(mysql:*)', 'mysql'],
  ["echo '.shell rm -rf x' | sqlite3", 'Bash(sqlite3:*)', 'sqlite3'],
  ['sqlite3 db < x.sql', 'Bash(sqlite3:*)', 'sqlite3'],
  ["echo '!rm -rf x' | ed", 'Bash(ed:*)', 'ed'],
  ["echo 'shell rm -rf x' | gdb", 'Bash(gdb:*)', 'gdb'],
  ["echo 'spawn rm -rf x' | expect", 'Bash(expect:*)', 'expect'],
  ["echo 'rm -rf x' | screen", 'Bash(screen:*)', 'screen'],
  ["echo 'rm -rf x' | screen -S work", 'Bash(screen:*)', 'screen'],
  ["echo 'rm -rf x' | multipass shell vm", 'Bash(multipass:*)', 'multipass'],
  ["echo 'rm -rf x' | poetry shell", 'Bash(poetry:*)', 'poetry'],
  ["echo 'rm -rf x' | pipenv shell", 'Bash(pipenv:*)', 'poetry'],
  ["echo 'rm -rf x' | nix-shell -p curl", 'Bash(nix-shell:*)', 'nix-shell'],
  ["echo 'rm -rf x' | capsh --", 'Bash(capsh:*)', 'capsh'],
  ["echo 'rm -rf x' | login -f bob", 'Bash(login:*)', 'login'],
  ["echo 'rm -rf x' | setarch x86_64", 'Bash(setarch:*)', 'setarch'],
  ["echo 'rm -rf x' | fakechroot", 'Bash(fakechroot:*)', 'fakechroot'],
] as const;
const FEEDERS = ['Bash(echo:*)', 'Bash(cat:*)'];

describe('what arrives on standard input of a command reader or a started shell is unseen', () => {
  it.each(FED)('%s is denied under Bash(rm:*) with %s', (command, rule) => {
    expect(decide(command, [rule, ...FEEDERS], ['Bash(rm:*)'])).toBe('deny');
    expect(decide(command, [rule, ...FEEDERS])).toBe('ask');
  });

  it.each([
    // The commands come from an option, a file, or the command given: nothing arrives as commands.
    "echo x | psql -c 'select 1'",
    "echo x | mysql -e 'select 1'",
    'echo x | expect x.exp',
    'echo x | screen make',
    'echo x | poetry run pytest',
    "echo x | nix-shell -p curl --run 'curl x'",
  ])('%s is not read as commands on standard input', (command) => {
    const rules = ['Bash(psql:*)', 'Bash(mysql:*)', 'Bash(expect:*)', 'Bash(screen:*)', 'Bash(make:*)'];
    const more = ['Bash(poetry:*)', 'Bash(pytest:*)', 'Bash(nix-shell:*)', 'Bash(curl:*)', ...FEEDERS];
    expect(decide(command, [...rules, ...more], ['Bash(rm:*)'])).not.toBe('deny');
  });

  it('a script file given to psql is read as an interpreter reads one it is not shown', () => {
    // As `python3 x.py` and `bash x.sh` under their rules: allowed.
    expect(decide('psql -f x.sql', ['Bash(psql:*)'], ['Bash(rm:*)'])).toBe('allow');
  });
});

/** Drop a fact from an entry's top level, or from its subcommand at `path`. */
const dropping =
  (fact: keyof CommandFact, ...path: string[]) =>
  (entry: CommandFact): CommandFact => {
    if (path.length === 0) {
      const { [fact]: _dropped, ...rest } = entry;
      return rest as CommandFact;
    }
    return withSub(entry, path, (sub) => {
      const { [fact]: _dropped, ...rest } = sub as CommandFact;
      return rest as CommandFact;
    });
  };

describe('mutation: without its fact, each command reader is walked around again', () => {
  it.each([
    ['psql', dropping('stdinCommands'), "echo '\\! rm -rf x' | psql", 'Bash(psql:*)'],
    ['mysql', dropping('stdinCommands'), 'mysql -u root db < x.sql', 'Bash(mysql:*)'],
    ['sqlite3', dropping('stdinCommands'), 'sqlite3 db < x.sql', 'Bash(sqlite3:*)'],
    ['ed', dropping('stdinCommands'), "echo '!rm -rf x' | ed", 'Bash(ed:*)'],
    ['gdb', dropping('stdinCommands'), "echo 'shell rm -rf x' | gdb", 'Bash(gdb:*)'],
    ['expect', dropping('stdinCommands'), "echo 'spawn rm -rf x' | expect", 'Bash(expect:*)'],
    ['screen', dropping('startsShell'), "echo 'rm -rf x' | screen", 'Bash(screen:*)'],
    ['nix-shell', dropping('startsShell'), "echo 'rm -rf x' | nix-shell -p curl", 'Bash(nix-shell:*)'],
    ['poetry', dropping('startsShell', 'shell'), "echo 'rm -rf x' | poetry shell", 'Bash(poetry:*)'],
    [
      'multipass',
      dropping('startsShell', 'shell'),
      "echo 'rm -rf x' | multipass shell vm",
      'Bash(multipass:*)',
    ],
    ['capsh', bare, "capsh -- -c 'rm -rf x'", 'Bash(capsh:*)'],
    ['login', bare, "echo 'rm -rf x' | login -f bob", 'Bash(login:*)'],
    ['scl', bare, "scl enable devtoolset 'rm -rf x'", 'Bash(scl:*)'],
    ['fly', bare, "fly ssh console -C 'rm -rf x'", 'Bash(fly:*)'],
    ['socat', dropping('commandWords'), "socat - EXEC:'rm -rf x'", 'Bash(socat:*)'],
    [
      'sops',
      (entry: CommandFact) => withSub(entry, ['exec-env'], () => ({ summary: 'x' })),
      "sops exec-env s.yaml 'rm -rf x'",
      'Bash(sops:*)',
    ],
    ['git', dropping('values', 'daemon'), "git daemon --access-hook='rm -rf x'", 'Bash(git:*)'],
  ] as const)('%s', async (name, mutate, command, rule) => {
    const rules = { allow: [rule, ...FEEDERS], deny: ['Bash(rm:*)'] };
    expect(decide(command, rules.allow, rules.deny)).toBe('deny');
    expect(await decideWithout(changeEntry(name, mutate), command, rules, context)).toBe('allow');
  });

  it("psql's -c and -f name its commands: without program-given, what arrives counts again", async () => {
    const rules = { allow: ['Bash(psql:*)', 'Bash(echo:*)'], deny: ['Bash(rm:*)'] };
    const command = "echo x | psql -c 'select 1'";
    expect(decide(command, rules.allow, rules.deny)).toBe('allow');
    const mutate = (entry: CommandFact): CommandFact => ({ ...entry, effects: {} });
    expect(await decideWithout(changeEntry('psql', mutate), command, rules, context)).toBe('deny');
  });
});
