/**
 * Hidden command lines that are facts of the command table (decision 0046): each family is
 * checked through the engine under a deny rule, and each fact has a mutation check — the same
 * table without it loses the deny.
 */
import { describe, expect, it } from 'vitest';
import type { CommandFact } from '../commands';
import { changeEntry, withoutValues, withSub, withTableChanged } from '../commands/test-support';
import { compileRuleSet } from '../rules/compile-rule-set';
import { evaluateBash } from './evaluate-bash';
import { decideWithout as decideChanged } from './test-support';

const context = { cwd: '/repo', homeDir: '/root' };
const rmDenied = compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(git push:*)'] });
const decide = (command: string) => evaluateBash(command, rmDenied, context);

/** The decision for `command` under the deny rules, with the table's entry `name` changed by `mutate`. */
const decideWithout = (name: string, mutate: (entry: CommandFact) => CommandFact, command: string) =>
  decideChanged(changeEntry(name, mutate), command, { deny: ['Bash(rm:*)', 'Bash(git push:*)'] }, context);

type Sub = NonNullable<CommandFact['subcommands']>[string];

describe("git's settings that hold a command line", () => {
  it.each([
    "git -c core.pager='rm -rf x' log",
    "git -ccore.pager='rm -rf x' log",
    "git -C /tmp -c core.sshCommand='rm -rf x' fetch",
    "git -c diff.py.textconv='rm -rf x' diff",
    "git -c filter.lfs.smudge='rm -rf x' checkout .",
    "git -c alias.x='!rm -rf x' x",
    'git -c alias.p=push p origin',
    "git clone --config core.fsmonitor='rm -rf x' https://h/r",
    "git clone -c core.editor='rm -rf x' https://h/r",
    "git config core.pager 'rm -rf x'",
    "git config --global alias.x '!rm -rf x'",
    "git config set diff.x.textconv 'rm -rf x'",
    "git -C sub config --local core.sshCommand 'rm -rf x'",
  ])('%s is denied', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    'git -c color.ui=always log',
    'git -c user.name=rm commit -m x',
    "git config user.name 'rm -rf x'",
    'git -c alias.st=status st',
  ])('%s is not denied', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  it('mutation: without commandSettings, git -c core.pager=CMD is not denied', async () => {
    const command = "git -c core.pager='rm -rf x' log";
    expect(await decideWithout('git', ({ commandSettings: _, ...entry }) => entry, command)).not.toBe('deny');
  });

  it('mutation: without aliasSettings, git -c alias.x=!CMD is not denied', async () => {
    const command = "git -c alias.x='!rm -rf x' x";
    expect(await decideWithout('git', ({ aliasSettings: _, ...entry }) => entry, command)).not.toBe('deny');
  });

  it('mutation: without settingOptions, git clone --config K=CMD is not denied', async () => {
    const command = "git clone --config core.pager='rm -rf x' https://h/r";
    const mutate = (entry: CommandFact) => withSub(entry, ['clone'], ({ settingOptions: _, ...sub }) => sub);
    expect(await decideWithout('git', mutate, command)).not.toBe('deny');
  });

  it('mutation: without setsCommandSettings, git config K CMD is not denied', async () => {
    const command = "git config core.pager 'rm -rf x'";
    const mutate = (entry: CommandFact) =>
      withSub(entry, ['config'], ({ setsCommandSettings: _, ...sub }) => sub);
    expect(await decideWithout('git', mutate, command)).not.toBe('deny');
  });
});

describe('the examples of command lines are checked when the table loads', () => {
  it('refuses git without commandSettings: its examples no longer hold their command lines', async () => {
    const { loadCommandTable } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const entries = ENTRIES.map((entry) => {
      if (entry.names[0] !== 'git') return entry;
      const { commandSettings: _, ...rest } = entry;
      return rest;
    });
    expect(() => loadCommandTable(entries).checkAll()).toThrow(/holds the command lines/);
  });
});

describe('options whose value is a command line', () => {
  it.each([
    "tar -xf a.tar --to-command='rm -rf x'",
    "tar --use-compress-program='rm -rf x' -cf a.tar d",
    "tar -cf a.tar --checkpoint-action=exec='rm -rf x' d",
    "tar cIf 'rm -rf x' a.tar d",
    "rsync -e 'rm -rf x' a h:b",
    "rsync --rsync-path='rm -rf x' a h:b",
    "ssh -o ProxyCommand='rm -rf x' host",
    "ssh -oLocalCommand='rm -rf x' host",
    "scp -S 'rm -rf x' a h:b",
    "scp -o 'ProxyCommand rm -rf x' a h:b",
    "sftp -S 'rm -rf x' host",
    "vim -c '!rm -rf x' f",
    "vim '+!rm -rf x' f",
    "ex -sc '!rm -rf x' f",
    "less '+!rm -rf x' f",
    "more '+!rm -rf x' f",
    "man -P 'rm -rf x' ls",
    "man --pager='rm -rf x' ls",
    "rg --pre 'rm -rf x' KEY",
    'fd -e tmp -x rm -rf',
    "git difftool -x 'rm -rf x' HEAD",
    "git filter-branch --tree-filter 'rm -rf x' HEAD",
    "git rebase -i --exec 'rm -rf x' HEAD~2",
    "git submodule foreach 'rm -rf x'",
    'git bisect run rm -rf x',
    "git fetch --upload-pack='rm -rf x' origin",
  ])('%s is denied', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    'tar -xf a.tar --checkpoint-action=dot',
    'rsync -e ssh -av a h:b',
    'ssh -o Port=22 host ls',
    "vim -c 'set nu' +10 f",
    'less +G f',
    'man rm',
    'fd -e ts -x wc -l',
    'git bisect run make test',
    "git rebase --exec 'make test' HEAD~2",
  ])('%s is not denied', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  it.each([
    [
      'tar',
      (entry: CommandFact) => withoutValues(entry, '--to-command'),
      "tar -xf a.tar --to-command='rm -rf x'",
    ],
    ['rsync', (entry: CommandFact) => withoutValues(entry, '-e'), "rsync -e 'rm -rf x' a h:b"],
    ['ssh', (entry: CommandFact) => withoutValues(entry, '-o'), "ssh -o ProxyCommand='rm -rf x' host"],
    ['scp', (entry: CommandFact) => withoutValues(entry, '-S'), "scp -S 'rm -rf x' a h:b"],
    ['sftp', (entry: CommandFact) => withoutValues(entry, '-S'), "sftp -S 'rm -rf x' host"],
    ['vi', (entry: CommandFact) => withoutValues(entry, '-c'), "vim -c '!rm -rf x' f"],
    ['vi', ({ plusCommands: _, ...entry }: CommandFact) => entry, "vim '+!rm -rf x' f"],
    ['less', ({ plusCommands: _, ...entry }: CommandFact) => entry, "less '+!rm -rf x' f"],
    ['rg', (entry: CommandFact) => withoutValues(entry, '--pre'), "rg --pre 'rm -rf x' KEY"],
    ['fd', (entry: CommandFact) => withoutValues(entry, '-x'), 'fd -e tmp -x rm -rf'],
    [
      'git',
      (entry: CommandFact) => withSub(entry, ['difftool'], (sub) => ({ ...sub, values: {} })),
      "git difftool -x 'rm -rf x' HEAD",
    ],
    [
      'git',
      (entry: CommandFact) => withSub(entry, ['bisect'], ({ subcommands: _, ...sub }) => sub),
      'git bisect run rm -rf x',
    ],
  ] as const)('mutation: %s without its fact, %#: not denied', async (name, mutate, command) => {
    expect(decide(command).behavior).toBe('deny');
    expect(await decideWithout(name, mutate, command)).not.toBe('deny');
  });
});

describe('mutation at the reader: man (also an interpreter-like word for the deny rules)', () => {
  it("without man's -P script role, the reader finds no command line in man -P CMD", async () => {
    const { commandLinesIn, loadCommandTable, readArgv } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const argv = ['man', '-P', 'rm -rf x', 'ls'];
    const lines = (entries: readonly CommandFact[]) =>
      commandLinesIn(readArgv(argv, loadCommandTable(entries).get('man')!), argv);
    expect(lines(ENTRIES)).toEqual(['rm -rf x']);
    const mutated = ENTRIES.map((entry) =>
      entry.names[0] === 'man' ? { ...withoutValues(entry, '-P'), examples: undefined } : entry,
    );
    expect(lines(mutated)).toEqual([]);
  });
});

describe('builtins that store a command line', () => {
  it.each([
    "trap 'rm -rf x' EXIT",
    "trap -- 'rm -rf x' INT TERM",
    "alias ls='rm -rf x'",
    "mapfile -t -C 'rm -rf x' arr",
    "readarray -C'rm -rf x' arr",
  ])('%s is denied', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    "trap 'echo done' EXIT",
    "alias ll='ls -la'",
    'mapfile -t lines',
    'trap -p',
    'alias ff=find . -name $1',
  ])('%s is not denied', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  it.each([
    ['alias', ({ setsCommandSettings: _, ...entry }: CommandFact) => entry, "alias ls='rm -rf x'"],
    ['mapfile', (entry: CommandFact) => withoutValues(entry, '-C'), "mapfile -C 'rm -rf x' arr"],
  ] as const)('mutation: %s without its fact, %#: not denied', async (name, mutate, command) => {
    expect(decide(command).behavior).toBe('deny');
    expect(await decideWithout(name, mutate, command)).not.toBe('deny');
  });

  it('mutation: without assignedSettings, alias pairs two words as NAME VALUE (a false deny)', async () => {
    const command = 'alias ff=find . -name $1';
    expect(decide(command).behavior).not.toBe('deny');
    expect(await decideWithout('alias', ({ assignedSettings: _, ...entry }) => entry, command)).toBe('deny');
  });

  it("mutation at the reader: without trap's script operand, the reader finds no command line", async () => {
    // (The shell parser reads trap's action as well: the engine denies `trap 'rm -rf x' EXIT` either way.)
    const { commandLinesIn, loadCommandTable, readArgv } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const argv = ['trap', 'rm -rf x', 'EXIT'];
    const lines = (entries: readonly CommandFact[]) =>
      commandLinesIn(readArgv(argv, loadCommandTable(entries).get('trap')!), argv);
    expect(lines(ENTRIES)).toEqual(['rm -rf x']);
    const mutated = ENTRIES.map((entry) =>
      entry.names[0] === 'trap' ? { ...entry, operands: ['name' as const], examples: undefined } : entry,
    );
    expect(lines(mutated)).toEqual([]);
  });
});

describe("debugger commands, gcloud's ssh, Perl's operands and git's URLs (decision 0050)", () => {
  it.each([
    "gdb -batch -ex 'shell rm -rf x'",
    "gdb ./prog -ex '!rm -rf x'",
    "gdb --eval-command='shell rm -rf x' ./prog",
    "gdb -p 1 -iex 'shell rm -rf x'",
    "lldb -b -o 'platform shell rm -rf x' ./prog",
    "lldb --one-line-before-file 'shell rm -rf x'",
    "gcloud compute ssh vm --command='rm -rf x'",
    "gcloud compute ssh vm --zone z --command 'rm -rf x'",
    "gcloud --project p beta compute tpus tpu-vm ssh t --command='rm -rf x'",
    "perl -pe '' 'rm -rf x|'",
    "perl -ne print '|rm -rf x'",
    "git clone 'ext::sh -c rm% -rf% x' d",
    "git -c protocol.ext.allow=always fetch 'ext::rm -rf x'",
    "git -C sub submodule add 'ext::rm -rf x' m",
  ])('%s is denied', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    'gdb -batch -ex bt ./a.out core',
    "gdb -q -ex 'info registers' ./prog",
    "lldb -o 'run' ./prog",
    "gcloud compute ssh vm --command='uptime'",
    "perl -ne 'print if /rm/' a|b",
    'git clone https://h/r ext',
  ])('%s is not denied', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  it.each([
    ['gdb', (entry: CommandFact) => withoutValues(entry, '-ex'), "gdb -batch -ex 'shell rm -rf x'"],
    ['gdb', ({ permute: _, ...entry }: CommandFact) => entry, "gdb ./prog -ex 'shell rm -rf x'"],
    [
      'gcloud',
      (entry: CommandFact) =>
        withSub(entry, ['compute'], ({ subcommands: _, ...sub }) => ({ ...sub, subcommands: {} })),
      "gcloud compute ssh vm --command='rm -rf x'",
    ],
    ['git', ({ commandWords: _, ...entry }: CommandFact) => entry, "git clone 'ext::sh -c rm% -rf% x' d"],
  ] as const)('mutation: %s without its fact, %#: not denied', async (name, mutate, command) => {
    expect(decide(command).behavior).toBe('deny');
    expect(await decideWithout(name, mutate, command)).not.toBe('deny');
  });

  // lldb and perl are also interpreter-like words whose program text is searched for the rule's
  // words: the engine denies these either way, so the mutation check is made at the reader.
  it.each([
    [
      'lldb',
      (entry: CommandFact) => withoutValues(entry, '-o'),
      ['lldb', '-b', '-o', 'platform shell rm -rf x'],
    ],
    ['perl', ({ commandWords: _, ...entry }: CommandFact) => entry, ['perl', '-pe', '', 'rm -rf x|']],
  ] as const)(
    'mutation at the reader: %s without its fact finds no command line',
    async (name, mutate, argv) => {
      const { commandLinesIn, loadCommandTable, readArgv } = await import('../commands');
      const { ENTRIES } = await import('../commands/table');
      const lines = (entries: readonly CommandFact[]) =>
        commandLinesIn(readArgv(argv, loadCommandTable(entries).get(name)!), argv);
      expect(lines(ENTRIES)).toEqual(['rm -rf x']);
      const mutated = ENTRIES.map((entry) =>
        entry.names[0] === name ? { ...mutate(entry), examples: undefined } : entry,
      );
      expect(lines(mutated)).toEqual([]);
    },
  );
});

describe("runners' subcommands and option values that name no command (decision 0050)", () => {
  it.each([
    'docker exec c rm -rf x',
    'docker -H h exec -it c rm -rf x',
    'docker compose -f c.yml run web rm -rf x',
    'docker container exec c rm -rf x',
    'podman run --rm img rm -rf x',
    'kubectl -n ns exec p -- rm -rf x',
    'lxc exec c -- rm -rf x',
    "nix-shell -p hello --run 'rm -rf x'",
    'nix-shell -p hello -I x --command rm',
    'tmux new -s w rm -rf x',
    "tmux send-keys -t w 'rm -rf x' Enter",
    'screen -dmS w rm -rf x',
    'screen -S w -X stuff rm',
    'docker image frob rm',
  ])('%s is denied', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    'docker logs c',
    'docker logs rm',
    'docker rm -f c',
    'docker image rm x',
    'docker compose -f a.yml rm -f',
    'podman rm c',
    'kubectl -n ns get pod rm',
    'kubectl --context c delete pod rm',
    'lxc delete rm',
    'tmux new -s rm make',
    'tmux -L rm ls',
    'screen -dmS rm make',
    'nix-shell -p hello rm --run make',
    'nix-shell x.nix --argstr a rm -p b',
  ])('%s is not denied', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  const dropNoCommand = (sub: Sub): Sub => {
    const { runsNoCommand: _, ...rest } = sub;
    return rest;
  };

  it.each([
    ['docker', (entry: CommandFact) => withSub(entry, ['logs'], dropNoCommand), 'docker logs rm'],
    ['kubectl', (entry: CommandFact) => withSub(entry, ['get'], dropNoCommand), 'kubectl -n ns get pod rm'],
    [
      'tmux',
      (entry: CommandFact) => withSub(entry, ['new-session'], (sub) => ({ ...sub, values: {} })),
      'tmux new -s rm make',
    ],
    ['screen', (entry: CommandFact) => ({ ...entry, values: {} }), 'screen -dmS rm make'],
    ['nix-shell', ({ valueLists: _, ...entry }: CommandFact) => entry, 'nix-shell -p hello rm --run make'],
  ] as const)('mutation: %s without its fact, %#: denied', async (name, mutate, command) => {
    expect(decide(command).behavior).not.toBe('deny');
    expect(await decideWithout(name, mutate, command)).toBe('deny');
  });

  it("refuses docker without logs' runsNoCommand: its example runs a command then", async () => {
    const { loadCommandTable } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const entries = ENTRIES.map((entry) =>
      entry.names[0] === 'docker' ? withSub(entry, ['logs'], dropNoCommand) : entry,
    );
    expect(() => loadCommandTable(entries).checkAll()).toThrow(/docker logs rm` may run a command/);
  });
});

describe('copies and counts (decision 0058)', () => {
  it.each([
    'cp /bin/rm /tmp/x',
    'ln -s "$(which rm)" del',
    'mv ./bin/rm del',
    'install /usr/bin/rm bin/del',
    'rsync -a /bin/rm h:x',
    'scp /bin/rm h:x',
    'link /bin/rm del',
  ])('%s is denied: a copier copies a denied program under another name', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each(['cp rm.txt backup/', 'cp /usr/bin/git /tmp/g', 'ln -s ../lib/x.so x.so'])(
    '%s is not denied',
    (command) => {
      expect(decide(command).behavior).not.toBe('deny');
    },
  );

  it.each([
    ['cp', 'cp /bin/rm /tmp/x'],
    ['ln', 'ln -s "$(which rm)" del'],
  ])('mutation: %s without copiesFiles: %s is not denied', async (name, command) => {
    const mutate = ({ copiesFiles: _, ...entry }: CommandFact) => entry;
    expect(await decideWithout(name, mutate, command)).not.toBe('deny');
  });

  it('refuses cp without copiesFiles: its example copies nothing then', async () => {
    const { loadCommandTable } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const entries = ENTRIES.map((entry) => {
      if (entry.names[0] !== 'cp') return entry;
      const { copiesFiles: _, ...rest } = entry;
      return rest;
    });
    expect(() => loadCommandTable(entries).checkAll()).toThrow(/cp \/bin\/rm \/tmp\/x` copies \[\]/);
  });

  it.each(['make -j$(nproc)', 'make -j "$(nproc)" all', 'make --jobs=$(getconf _NPROCESSORS_ONLN) test'])(
    '%s is not denied: the count is a number',
    (command) => {
      expect(decide(command).behavior).not.toBe('deny');
    },
  );

  it('make -j$(echo 4 SHELL=/bin/rm) is not taken for a count', () => {
    expect(decide('make -j$(echo 4 SHELL=/bin/rm)').behavior).not.toBe('allow');
  });

  it("mutation: without make's countOptions, make -j$(nproc) is read as code, and denied", async () => {
    const command = 'make -j$(nproc) all';
    expect(decide(command).behavior).toBe('ask');
    expect(await decideWithout('make', ({ countOptions: _, ...entry }) => entry, command)).toBe('deny');
  });
});

describe('wrappers that exec an argv, and what the parser unwraps by name (decision 0058)', () => {
  it.each([
    "sudo grep -n 'rm -rf' x",
    "nice -n 5 grep -c 'rm -rf x' log",
    "xargs grep -n 'rm -rf'",
    "env A=1 printf '%s\\n' 'rm -rf x'",
  ])('%s is not denied: the wrapper execs the words as arguments', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  it.each([
    "sudo -s grep -n 'rm -rf' x",
    "sudo -Es grep -n 'rm -rf' x",
    "sudo --login grep -n 'rm -rf' x",
    "doas -s grep 'rm -rf' x",
    "watch grep -n 'rm -rf' x",
    "su -c 'rm -rf x'",
  ])('%s is denied: its words reach a shell', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    ['sudo', "sudo grep -n 'rm -rf' x"],
    ['xargs', "xargs grep -n 'rm -rf'"],
  ])('mutation: %s without argvOnly: %s is denied', async (name, command) => {
    const mutate = (entry: CommandFact) => {
      const { argvOnly: _, ...unwrap } = entry.unwrap!;
      return { ...entry, unwrap };
    };
    expect(await decideWithout(name, mutate, command)).toBe('deny');
  });

  it('refuses sudo without argvOnly: its example execs no argv then', async () => {
    const { loadCommandTable } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const entries = ENTRIES.map((entry) => {
      if (entry.names[0] !== 'sudo') return entry;
      const { argvOnly: _, ...unwrap } = entry.unwrap!;
      return { ...entry, unwrap };
    });
    expect(() => loadCommandTable(entries).checkAll()).toThrow(/sudo -u root -E rm x` execs no argv/);
  });

  it.each(["eval 'rm -rf x'", "trap 'rm -rf x' EXIT", 'find . -exec rm -rf {} \\;'])(
    '%s is denied: the parser reads the command it runs',
    (command) => {
      expect(decide(command).behavior).toBe('deny');
    },
  );

  it("mutation: eval without runsShellCode: the parser no longer reads eval's words", async () => {
    const parsed = (await import('../shell/analyze-shell')).analyzeShell;
    const argvs = (analyze: typeof parsed) =>
      analyze("eval 'rm -rf x'").commands.map((c) => c.argv.join(' '));
    expect(argvs(parsed)).toContain('rm -rf x');
    const mutated = await withTableChanged(
      changeEntry('eval', ({ runsShellCode: _, ...entry }) => entry),
      async () => argvs((await import('../shell/analyze-shell')).analyzeShell),
    );
    expect(mutated).not.toContain('rm -rf x');
  });

  it.each([
    [
      'trap',
      "trap 'rm -rf x' EXIT",
      (entry: CommandFact) => ({ ...entry, operands: ['unknown', 'name'] as const }),
    ],
    ['find', 'find . -exec rm -rf {} \\;', (entry: CommandFact) => withoutValues(entry, '-exec')],
  ] as const)('mutation: %s without its fact: %s is not denied', async (name, command, mutate) => {
    expect(await decideWithout(name, mutate, command)).not.toBe('deny');
  });
});

describe("an interpreter's own `$` (dollarNotShell, decision 0058)", () => {
  it.each([
    "awk '{ s += $1 } END { print s }' f",
    "gawk -F: '$3 > 999 { print $1 }' /etc/passwd",
    "perl -ne 'print $1 if /(x)/' f",
    "python3.12 -c 'import sys; print($x)'",
  ])('%s is not denied: its `$` is a field or a variable', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  it("awk's program from a file: its operands are read whole", () => {
    expect(decide("awk -f prog.awk '$(rm -rf x)'").behavior).toBe('deny');
  });

  /** The texts the search for hidden commands parses in `command`, with the table changed by `change`. */
  const textsWith = (change: (entry: CommandFact) => CommandFact, command: string) =>
    withTableChanged(change, async () => {
      const { analyzeShell } = await import('../shell');
      const { hiddenCommandTexts } = await import('./hidden-commands');
      return hiddenCommandTexts(analyzeShell(command).commands[0]!);
    });

  it.each([
    // The program itself is read for its strings only: an assignment operand is read whole.
    ['awk', "awk -f prog.awk 'n=$1 m' f", 'n=_1 m'],
    ['perl', "perl -ne 'print $1 if /(x)/' f", 'print _1 if /(x)/'],
    ['python', "python3.12 -c 'print($x)'", 'print(_x)'],
  ])('mutation: %s without dollarNotShell reads `$` in %s as shell', async (name, command, read) => {
    expect(await textsWith((entry) => entry, command)).toContain(read);
    const texts = await textsWith(
      changeEntry(name, ({ dollarNotShell: _, ...entry }) => entry),
      command,
    );
    expect(texts).not.toContain(read);
    expect(texts.some((text) => text.includes('$'))).toBe(true);
  });

  it('refuses awk without dollarNotShell: its example reads `$1` as shell then', async () => {
    const { loadCommandTable } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const entries = ENTRIES.map((entry) => {
      if (entry.names[0] !== 'awk') return entry;
      const { dollarNotShell: _, ...rest } = entry;
      return rest;
    });
    expect(() => loadCommandTable(entries).checkAll()).toThrow(/awk \{print \$1\} x` reads as/);
  });
});
