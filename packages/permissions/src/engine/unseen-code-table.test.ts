/**
 * Unseen code and written scripts from the command table (decision 0051): each family is
 * checked through the engine under a deny rule, and each fact has a mutation check — the same
 * table without it decides otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands';
import { changeEntry, withSub } from '../commands/test-support';
import { compileRuleSet } from '../rules/compile-rule-set';
import { evaluateBash } from './evaluate-bash';
import { decideWithout as decideChanged } from './test-support';

const context = { cwd: '/repo', homeDir: '/root' };
const rules = { deny: ['Bash(rm:*)'] };
const rmDenied = compileRuleSet(rules);
const decide = (command: string) => evaluateBash(command, rmDenied, context).behavior;

/** The decision for `command` under `Bash(rm:*)` with the table's entry `name` changed by `mutate`. */
const decideWithout = (name: string, mutate: (entry: CommandFact) => CommandFact, command: string) =>
  decideChanged(changeEntry(name, mutate), command, rules, context);

/** `entry` without the effects of `spellings`. */
function withoutEffects(entry: CommandFact, ...spellings: string[]): CommandFact {
  const effects = { ...entry.effects };
  for (const spelling of spellings) delete effects[spelling];
  return { ...entry, effects };
}

const CRONTAB_HEREDOC = "crontab - <<'EOF'\n* * * * * rm -rf x\nEOF";

describe('command lines read on standard input (`stdinCommands`, a `runs-file` value)', () => {
  it.each([
    "echo 'rm -rf x' | at now",
    "echo 'rm -rf x' | batch",
    "at -f - now <<< 'rm -rf x'",
    CRONTAB_HEREDOC,
    "echo '* * * * * rm -rf x' | crontab",
    "echo '* * * * * rm -rf x' | crontab -u me",
    "printf 'x:\\n\\trm -rf y\\n' | make -f -",
    'cat rules.mk | make --file=/dev/stdin',
  ])('%s is denied under Bash(rm:*)', (command) => {
    expect(decide(command)).toBe('deny');
  });

  it.each([
    'at -l',
    'echo 3 | at -d 3',
    'at -f jobs.sh now',
    'crontab -l',
    'echo x | crontab -l',
    'crontab jobs.txt',
    'make -f x.mk all',
  ])('%s is not denied', (command) => {
    expect(decide(command)).not.toBe('deny');
  });

  it('mutation: without at’s and crontab’s `stdinCommands`, their input is not checked', async () => {
    const drop = ({ stdinCommands: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('at', drop, "echo 'rm -rf x' | at now")).not.toBe('deny');
    expect(await decideWithout('crontab', drop, CRONTAB_HEREDOC)).not.toBe('deny');
  });

  it('mutation: at’s `-l` as a plain flag queues what arrives', async () => {
    expect(await decideWithout('at', (entry) => withoutEffects(entry, '-l'), 'echo x | at -l')).toBe('deny');
  });

  it('mutation: without make’s `runs-file` effect, `make -f -` reads a makefile that is not checked', async () => {
    const command = 'cat rules.mk | make -f -';
    expect(decide(command)).toBe('deny');
    expect(
      await decideWithout('make', (entry) => withoutEffects(entry, '-f', '--file', '--makefile'), command),
    ).not.toBe('deny');
  });
});

describe("xargs's placeholder (`placeholders`)", () => {
  it.each([
    'ls | xargs -I% sh -c %',
    'ls | xargs -I@ @',
    'ls | xargs --replace=% bash -c %',
    'ls | xargs -I{} rm {}',
  ])('%s is denied under Bash(rm:*)', (command) => {
    expect(decide(command)).toBe('deny');
  });

  it('leaves a script that only takes the line as an argument', () => {
    expect(decide(`ls | xargs -I% sh -c 'echo "$1"' _ %`)).not.toBe('deny');
  });

  it('mutation: without `placeholders`, a line run as the script under another name is not seen', async () => {
    const drop = ({ placeholders: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('xargs', drop, 'ls | xargs -I% sh -c %')).not.toBe('deny');
  });
});

describe("ssh's options that open no shell (`no-program`)", () => {
  const forwarding = 'echo x | ssh -N -L 8080:localhost:80 host';

  it('feeds no login shell with -N, -W, -O or -s, and does without them', () => {
    expect(decide(forwarding)).not.toBe('deny');
    expect(decide('echo x | ssh -W localhost:22 jump')).not.toBe('deny');
    expect(decide("echo 'rm -rf x' | ssh host")).toBe('deny');
  });

  it('mutation: without the effects, a forwarding counts as a login shell fed its input', async () => {
    const drop = (entry: CommandFact) => withoutEffects(entry, '-N', '-W', '-O', '-s');
    expect(await decideWithout('ssh', drop, forwarding)).toBe('deny');
  });
});

describe('run calls: interpolation and process APIs (`interpolates`, `processApi`)', () => {
  const perl = `perl -e 'system("$ARGV[0]")' x`;
  const regex = `node -e 'console.log(/a/.exec(process.argv[1]))' x`;

  it('reads an interpolated string as built at run time, and a regular expression’s exec as none', () => {
    expect(decide(perl)).toBe('deny');
    expect(decide(`perl -e 'system("ls")'`)).not.toBe('deny');
    expect(decide(regex)).not.toBe('deny');
    expect(decide(`node -e 'require("child_process").exec(process.argv[1])' x`)).toBe('deny');
  });

  it('mutation: without `interpolates`, perl’s "$ARGV[0]" counts as a literal', async () => {
    const drop = ({ interpolates: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('perl', drop, perl)).not.toBe('deny');
  });

  it('mutation: without `processApi`, any `exec(` in a node program counts as a run call', async () => {
    const drop = ({ processApi: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('node', drop, regex)).toBe('deny');
  });
});

describe('builtins that run shell code (`runsShellCode`)', () => {
  const sourced = "printf 'rm -rf x\\n' > s.sh && source s.sh";

  it.each([
    sourced,
    "echo 'rm -rf x' > s.sh; . ./s.sh",
    "echo 'rm -rf x' > s.sh; . -- s.sh",
    `. /dev/stdin <<< 'rm -rf x'`,
    'source "$SCRIPT"',
    'eval "$CMD"',
  ])('%s is denied under Bash(rm:*)', (command) => {
    expect(decide(command)).toBe('deny');
  });

  it('leaves a script it cannot see, or one that runs nothing denied, to be asked about', () => {
    expect(decide('source venv/bin/activate')).toBe('ask');
    expect(decide("echo 'ls' > s.sh && source s.sh")).not.toBe('deny');
  });

  it('mutation: without `runsShellCode`, a written script that is sourced is not checked', async () => {
    const drop = ({ runsShellCode: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('source', drop, sourced)).not.toBe('deny');
  });
});

describe('alias expansion turned on, and aliases that run their arguments', () => {
  const runner = `sh -c 'alias r=sudo; r x'`;

  it.each(['shopt -s expand_aliases', 'set -o posix', runner])('%s is denied under Bash(rm:*)', (command) => {
    expect(decide(command)).toBe('deny');
  });

  it('leaves other options, and an alias for an interpreter, alone', () => {
    expect(decide(`sh -c 'alias py=python3; py t.py'`)).not.toBe('deny');
    expect(decide('shopt -s extglob')).not.toBe('deny');
    expect(decide('set -o pipefail')).not.toBe('deny');
  });

  it('mutation: without `expandsAliases`, turning alias expansion on is not seen', async () => {
    const drop = ({ expandsAliases: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('shopt', drop, 'shopt -s expand_aliases')).not.toBe('deny');
    expect(await decideWithout('set', drop, 'set -o posix')).not.toBe('deny');
  });

  it('mutation: without `definesAliases`, an alias that runs its arguments is not seen', async () => {
    const drop = ({ definesAliases: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('alias', drop, runner)).not.toBe('deny');
  });
});

describe('text a command shows, written into a script (`showsOutput`, `appends`)', () => {
  const echoed = "echo -e 'rm -rf x' > s.sh && bash s.sh";
  const printed = "printf '\\x72m -rf x\\n' > s.sh && sh s.sh";
  const heredoc = "cat > s.sh <<'EOF'\nrm -rf x\nEOF\nbash s.sh";
  const teed = "echo 'rm -rf x' | tee s.sh && bash s.sh";
  const appended = "echo 'rm -rf x' > s.sh; echo ls | tee -a s.sh; bash s.sh";

  it.each([echoed, printed, heredoc, teed, appended, "echo '-x; rm -rf x' > s.sh && bash s.sh"])(
    '%s is denied under Bash(rm:*)',
    (command) => {
      expect(decide(command)).toBe('deny');
    },
  );

  it('mutation: without `showsOutput`, what echo, printf, cat and tee show is not followed', async () => {
    const drop = ({ showsOutput: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('echo', drop, echoed)).not.toBe('deny');
    expect(await decideWithout('printf', drop, printed)).not.toBe('deny');
    expect(await decideWithout('cat', drop, heredoc)).not.toBe('deny');
    expect(await decideWithout('tee', drop, teed)).not.toBe('deny');
  });

  it('mutation: without tee’s `appends`, `tee -a` would replace what the script held', async () => {
    const drop = (entry: CommandFact) => withoutEffects(entry, '-a', '--append');
    expect(await decideWithout('tee', drop, appended)).not.toBe('deny');
  });
});

describe('runners that run what arrives on standard input (`loginShell`, `linesWithoutCommand`)', () => {
  const login = "echo 'rm -rf x' | ssh host";
  const lines = "echo 'rm -rf x' | parallel";
  const gcloudLogin = "echo 'rm -rf x' | gcloud compute ssh vm";
  const nsenterShell = "echo 'rm -rf x' | nsenter -t 1 -a";
  const unshareShell = "echo 'rm -rf x' | unshare -r";
  const pkexecShell = "echo 'rm -rf x' | pkexec --user root";
  // Sandboxes and the like that, given no program, start a shell (decision 0066).
  const sandboxShells = [
    ['firejail', "echo 'rm -rf x' | firejail"],
    ['firejail', "echo 'rm -rf x' | firejail --net=none --private"],
    ['fakeroot', "echo 'rm -rf x' | fakeroot"],
    ['fakeroot', "echo 'rm -rf x' | fakeroot -u --"],
    ['proot', "echo 'rm -rf x' | proot -r /srv -w /"],
    ['systemd-run', "echo 'rm -rf x' | systemd-run --shell"],
    ['systemd-run', "echo 'rm -rf x' | systemd-run -S"],
    ['systemd-run', "echo 'rm -rf x' | systemd-run --user --pty"],
    ['newgrp', "echo 'rm -rf x' | newgrp docker"],
    ['torsocks', "echo 'rm -rf x' | torsocks --shell"],
  ] as const;
  const machinectlShell = "echo 'rm -rf x' | machinectl shell root@box";

  it.each([
    login,
    "echo 'rm -rf x' | ssh host -p 22",
    lines,
    "echo 'rm -rf x' | parallel -j4",
    // A subcommand that logs in: gcloud's ssh, its options anywhere.
    gcloudLogin,
    "echo 'rm -rf x' | gcloud --project p beta compute ssh --zone z vm",
    'gcloud compute ssh vm --zone z < commands.txt',
    // A shell named by the option's attached value reads its commands there too.
    "echo 'rm -rf x' | gcloud compute ssh vm --command=bash",
    "echo 'rm -rf x' | gcloud compute ssh vm --command='bash -s'",
    // nsenter, unshare and pkexec given no program run a shell.
    nsenterShell,
    unshareShell,
    pkexecShell,
    ...sandboxShells.map(([, command]) => command),
    machinectlShell,
    "echo 'rm -rf x' | machinectl --uid=me shell",
  ])('%s is denied under Bash(rm:*)', (command) => {
    expect(decide(command)).toBe('deny');
  });

  it.each([...sandboxShells, ['machinectl', machinectlShell] as const])(
    "%s: %s asks under the runner's own rule and Bash(echo:*)",
    (name, command) => {
      const rules = compileRuleSet({ allow: [`Bash(${name}:*)`, 'Bash(echo:*)'] });
      expect(evaluateBash(command, rules, context).behavior).toBe('ask');
    },
  );

  it('leaves the program they are given to the rules, as before', () => {
    const allowed = (command: string, ...allow: string[]) =>
      evaluateBash(command, compileRuleSet({ allow }), context).behavior;
    expect(allowed('firejail --net=none ls -la', 'Bash(firejail:*)')).toBe('allow');
    expect(allowed('fakeroot -- make', 'Bash(fakeroot:*)', 'Bash(make:*)')).toBe('allow');
    expect(allowed('proot -r /srv -w / ls -la', 'Bash(proot:*)')).toBe('allow');
    expect(allowed('systemd-run --user ls', 'Bash(systemd-run:*)')).toBe('allow');
    expect(allowed('machinectl shell box /bin/ls -la', 'Bash(machinectl:*)')).toBe('allow');
    expect(allowed('torsocks curl https://x', 'Bash(torsocks:*)', 'Bash(curl:*)')).toBe('allow');
    expect(allowed('firejail --private rm -rf x', 'Bash(firejail:*)')).toBe('ask');
    // An option the entry does not list, or one that hands the words to another program: opaque.
    expect(allowed('firejail --foo ls', 'Bash(firejail:*)')).toBe('ask');
    expect(allowed('firejail -c ls', 'Bash(firejail:*)')).toBe('ask');
    expect(allowed('proot -q qemu-arm ls', 'Bash(proot:*)')).toBe('ask');
    expect(allowed("systemd-run -p 'ExecStartPre=rm -rf x' ls", 'Bash(systemd-run:*)')).toBe('ask');
    for (const command of [
      'firejail --private rm -rf x',
      'firejail --foo rm -rf x',
      'fakeroot -u rm -rf x',
      'systemd-run --user --scope rm -rf x',
      'machinectl shell box /bin/rm -rf x',
      'torsocks rm -rf x',
    ])
      expect(decide(command)).toBe('deny');
    expect(decide('echo x | machinectl shell box /bin/cat')).not.toBe('deny');
    expect(decide("echo 'rm -rf x' | systemd-run --user")).not.toBe('deny');
  });

  it('leaves a remote command, a command to run and arguments given by `:::` alone', () => {
    expect(decide('echo x | ssh host ls')).not.toBe('deny');
    expect(decide('ls | parallel gzip')).not.toBe('deny');
    expect(decide('echo x | parallel ::: ls pwd')).not.toBe('deny');
    expect(decide('echo x | gcloud compute ssh vm --command=cat')).not.toBe('deny');
    expect(decide('echo x | gcloud compute ssh vm -- cat')).not.toBe('deny');
    expect(decide('echo x | gcloud auth list')).not.toBe('deny');
  });

  it('mutation: without `loginShell`, ssh fed its commands is not seen to run them', async () => {
    const drop = ({ loginShell: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('ssh', drop, login)).not.toBe('deny');
  });

  it('mutation: without `loginShell` on `gcloud compute ssh`, gcloud fed its commands is not seen to run them', async () => {
    const drop = (entry: CommandFact) =>
      withSub(entry, ['compute', 'ssh'], ({ loginShell: _dropped, ...sub }) => sub);
    expect(await decideWithout('gcloud', drop, gcloudLogin)).not.toBe('deny');
  });

  it("mutation: without nsenter's `withoutCommand`, the shell it starts is not seen", async () => {
    const drop = ({ unwrap: _dropped, ...entry }: CommandFact) => entry;
    expect(await decideWithout('nsenter', drop, nsenterShell)).not.toBe('deny');
  });

  it.each([
    ['unshare', () => unshareShell],
    ['pkexec', () => pkexecShell],
  ])("mutation: without %s's `withoutCommand`, the shell it starts is not seen", async (name, command) => {
    const drop = (entry: CommandFact): CommandFact => {
      const { withoutCommand: _dropped, ...unwrap } = entry.unwrap ?? {};
      return { ...entry, unwrap };
    };
    expect(await decideWithout(name, drop, command())).not.toBe('deny');
  });

  it.each(sandboxShells)(
    "mutation: without %s's `withoutCommand`, %s is not denied",
    async (name, command) => {
      const drop = (entry: CommandFact): CommandFact => {
        const { withoutCommand: _dropped, ...unwrap } = entry.unwrap ?? {};
        return { ...entry, unwrap };
      };
      expect(await decideWithout(name, drop, command)).not.toBe('deny');
    },
  );

  it.each([
    ['ddev', 'ssh', "echo 'rm -rf x' | ddev ssh -s db"],
    ['docker', 'compose run', "echo 'rm -rf x' | docker compose run web"],
  ])(
    '%s %s fed on standard input is denied under Bash(rm:*), and asks under its own rule',
    (name, _sub, command) => {
      expect(decide(command)).toBe('deny');
      const rules = compileRuleSet({ allow: [`Bash(${name}:*)`, 'Bash(echo:*)'] });
      expect(evaluateBash(command, rules, context).behavior).toBe('ask');
    },
  );

  it.each([
    ['ddev', ['ssh'], "echo 'rm -rf x' | ddev ssh -s db"],
    ['docker', ['compose', 'run'], "echo 'rm -rf x' | docker compose run web"],
  ] as const)(
    "mutation: without %s's `loginShell` at %j, the shell fed is not denied",
    async (name, path, command) => {
      const drop = (entry: CommandFact) => withSub(entry, path, ({ loginShell: _dropped, ...sub }) => sub);
      expect(await decideWithout(name, drop, command)).not.toBe('deny');
    },
  );

  it('mutation: without `loginShell` on `machinectl shell`, the login shell it starts is not seen', async () => {
    const drop = (entry: CommandFact) => withSub(entry, ['shell'], ({ loginShell: _dropped, ...sub }) => sub);
    expect(await decideWithout('machinectl', drop, machinectlShell)).not.toBe('deny');
  });

  it('mutation: without `linesWithoutCommand`, parallel fed its commands is not seen to run them', async () => {
    const drop = (entry: CommandFact): CommandFact => {
      const runs = entry.unwrap?.runs;
      if (runs?.as !== 'input') return entry;
      const { linesWithoutCommand: _dropped, ...rest } = runs;
      return { ...entry, unwrap: { ...entry.unwrap, runs: rest } };
    };
    expect(await decideWithout('parallel', drop, lines)).not.toBe('deny');
  });
});

describe("trap's action, where its entry says it is", () => {
  it.each(["trap 'rm -rf x' EXIT", "trap -- 'rm -rf x' INT TERM", "trap -p; trap 'rm -rf x' ERR"])(
    '%s is denied under Bash(rm:*)',
    (command) => {
      expect(decide(command)).toBe('deny');
    },
  );

  it('reads no action without a signal after it, or `-`', () => {
    expect(decide('trap - INT')).not.toBe('deny');
    expect(decide('trap -p')).not.toBe('deny');
  });

  it('mutation: without the script operand, neither the parser nor the reader finds the action', async () => {
    const mutate = (entry: CommandFact): CommandFact => ({ ...entry, operands: ['name'] });
    expect(await decideWithout('trap', mutate, "trap 'rm -rf x' EXIT")).not.toBe('deny');
  });
});
