import { describe, expect, it } from 'vitest';
import { compileRuleSet } from '../rules/compile-rule-set';
import type { CommandRule } from '../rules/rule';
import { analyzeShell } from '../shell';
import { findSharedData, loadCorpora } from '../shell/oracle/corpora';
import { evaluateBash, plainCommand } from './evaluate-bash';
import { findHiddenDenyRule, hiddenCommandTexts } from './hidden-commands';
import { unseenCodeReason } from './unseen-code';

const ruleSet = compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(git push:*)'] });
const rules = ruleSet.deny as CommandRule[];
const first = (command: string) => analyzeShell(command).commands[0]!;

describe('findHiddenDenyRule', () => {
  it('matches a deny rule behind a runner the parser does not unwrap', () => {
    expect(findHiddenDenyRule(first('ssh -p 22 host rm -rf /'), rules)?.rule).toBe(rules[0]);
    // The parser unwraps strace: the rule matches the unwrapped argv, not a later word.
    expect(findHiddenDenyRule(first('strace -f git push origin'), rules)).toBeUndefined();
    expect(evaluateBash('strace -f git push origin', ruleSet).matchedRule).toBe('Bash(git push:*)');
    // Likewise a runner the parser unwraps: `curl` the package is not `curl` the program.
    expect(findHiddenDenyRule(first('doas apk add rm'), rules)).toBeUndefined();
    expect(evaluateBash('doas apk add rm', ruleSet).behavior).toBe('ask');
    expect(evaluateBash('doas rm x', ruleSet).behavior).toBe('deny');
    expect(findHiddenDenyRule(first('docker run --rm alpine ls'), rules)).toBeUndefined();
    for (const command of [
      'setpriv --reuid=1000 rm -rf x',
      'direnv exec . rm -rf x',
      'asdf exec rm x',
      'dotenv -- rm x',
      'doppler run -- rm x',
      'aws-vault exec prod -- rm x',
      'sshpass -p pw ssh host rm x',
      'nix shell nixpkgs#hello -c rm x',
    ])
      expect(findHiddenDenyRule(first(command), rules)?.rule, command).toBe(rules[0]);
    expect(findHiddenDenyRule(first('direnv exec . make test'), rules)).toBeUndefined();
    // A container tool's own `rm` verb runs no program; the command after `run`/`exec` does.
    for (const command of [
      'docker rm -f c',
      'docker image rm x',
      'docker compose -f a.yml rm -f',
      'podman rm c',
    ])
      expect(findHiddenDenyRule(first(command), rules), command).toBeUndefined();
    for (const command of [
      'docker compose run web rm x',
      'docker container exec c rm x',
      'docker run --rm i rm x',
    ])
      expect(findHiddenDenyRule(first(command), rules)?.rule, command).toBe(rules[0]);
  });

  it('finds the rule words as a command token in an inline program, not as a substring', () => {
    expect(findHiddenDenyRule(first(`python3 -c "os.system('rm -rf x')"`), rules)).toBeDefined();
    expect(findHiddenDenyRule(first(`perl -e 'system("/bin/rm", "x")'`), rules)).toBeDefined();
    expect(findHiddenDenyRule(first(`node -e "run('git  push')"`), rules)).toBeDefined();
    expect(findHiddenDenyRule(first(`python3 -c "shutil.rmtree('x')"`), rules)).toBeUndefined();
    expect(findHiddenDenyRule(first(`awk '/rm/ { print }' f`), rules)).toBeUndefined();
    // awk runs commands only from its strings: a regex naming a command is a pattern.
    expect(findHiddenDenyRule(first(`awk '/rm -rf/ { n++ }' f`), rules)).toBeUndefined();
    expect(findHiddenDenyRule(first(`awk 'BEGIN { system("rm -rf x") }'`), rules)).toBeDefined();
    expect(findHiddenDenyRule(first('man rm'), rules)).toBeUndefined(); // a plain word, not a program
  });

  it('finds a denied program copied or linked under another name', () => {
    expect(findHiddenDenyRule(first('cp /bin/rm /tmp/x'), rules)?.rule).toBe(rules[0]);
    expect(findHiddenDenyRule(first('ln -s "$(which rm)" del'), rules)?.rule).toBe(rules[0]);
    expect(findHiddenDenyRule(first('cp /usr/bin/git /tmp/g'), rules)).toBeUndefined(); // a rule on `git push` only
    expect(findHiddenDenyRule(first('cp rm.txt backup/'), rules)).toBeUndefined();
  });
});

describe('hiddenCommandTexts', () => {
  it('collects the command lines held by builtins, git options and runners', () => {
    expect(hiddenCommandTexts(first("trap 'rm x' EXIT"))).toEqual(['rm x']);
    expect(hiddenCommandTexts(first("alias ll='ls -la'"))).toEqual(['ls -la']);
    expect(hiddenCommandTexts(first("git -c alias.x='!rm x' -c color.ui=auto x"))).toEqual(['rm x']);
    expect(hiddenCommandTexts(first("git rebase --exec 'make test' HEAD~2"))).toEqual(['make test']);
    expect(hiddenCommandTexts(first('git bisect run npm test'))).toEqual(['npm test']);
    expect(hiddenCommandTexts(first("su -c 'rm x' root"))).toEqual(['rm x']);
    expect(hiddenCommandTexts(first("git commit -m 'rm old files'"))).toEqual([]);
  });

  it('reads fields and variables of awk and perl programs as such, command lines in their strings as shell', () => {
    // awk: only its strings can be commands.
    expect(hiddenCommandTexts(first("awk '{s+=$1} END {print s}' f"))).toEqual([]);
    expect(hiddenCommandTexts(first("perl -lane '$s+=$F[0]; END{print $s}'"))).toEqual([
      '_s+=_F[0]; END{print _s}',
    ]);
    expect(hiddenCommandTexts(first('awk \'$1 { system("$RM -rf " $2) }\' f'))).toEqual(['$RM -rf \n']);
    expect(hiddenCommandTexts(first("awk '{ print $(NF) }' <(zcat f.gz)"))).toEqual([]);
  });

  it('leaves out computed arguments of a command a wrapper execs, unless a shell reads them again', () => {
    expect(hiddenCommandTexts(first('sudo chown -R $(whoami) ~/.npm'))).toEqual([]);
    expect(hiddenCommandTexts(first('timeout 5 cp a /lib/$(uname -r)/'))).toEqual([]);
    expect(hiddenCommandTexts(first("xargs grep -n '[Tt]odo: fix'"))).toEqual([]);
    expect(hiddenCommandTexts(first("xargs sh -c 'rm x'"))).toEqual(['rm x']);
    expect(hiddenCommandTexts(first('sudo -s echo "$(cat x)"'))).toEqual(['$(cat x)']);
    expect(hiddenCommandTexts(first('sudo -u root -i echo $(cat x)'))).toEqual(['$(cat x)']);
    expect(hiddenCommandTexts(first('nohup sudo --login true $(cat x)'))).toEqual(['$(cat x)']);
    expect(hiddenCommandTexts(first('sudo ssh host $(cat x)'))).toContain('$(cat x)');
    expect(hiddenCommandTexts(first('timeout 5 su -c "$(cat x)"'))).toContain('$(cat x)');
    expect(hiddenCommandTexts(first('sudo watch echo $(cat x)'))).toContain('$(cat x)');
  });

  it('reads no command line in container subcommands that run none', () => {
    expect(hiddenCommandTexts(first('docker stop $(docker ps -aq)'))).toEqual([]);
    expect(hiddenCommandTexts(first('kubectl -n ns logs $(kubectl get pods -o name)'))).toEqual([]);
    expect(hiddenCommandTexts(first('docker exec c $(cat x)'))).toEqual(['$(cat x)']);
    expect(hiddenCommandTexts(first('docker -H logs exec c $(cat x)'))).toEqual(['$(cat x)']);
    expect(hiddenCommandTexts(first('docker exec -it $(docker ps -qf name=db) psql'))).toEqual([]);
    expect(hiddenCommandTexts(first('docker exec $(echo c rm) -rf x'))).toEqual(['$(echo c rm)']);
    expect(hiddenCommandTexts(first('docker exec $(docker ps -q; echo rm) x'))).toEqual([
      '$(docker ps -q; echo rm)',
    ]);
    expect(hiddenCommandTexts(first('docker exec --foo $(docker ps -q) x'))).toEqual(['$(docker ps -q)']);
  });

  it("reads make's job count from $(nproc) as a number, any other computed count as code", () => {
    expect(hiddenCommandTexts(first('make -j$(nproc)'))).toEqual([]);
    expect(hiddenCommandTexts(first('make -j "$(nproc)" all'))).toEqual([]);
    expect(hiddenCommandTexts(first('make --jobs=$(getconf _NPROCESSORS_ONLN)'))).toEqual([]);
    expect(hiddenCommandTexts(first('make -j$(echo 4 SHELL=/bin/rm)'))).toEqual([
      '-j$(echo 4 SHELL=/bin/rm)',
    ]);
    expect(hiddenCommandTexts(first('make -f $(nproc)'))).toEqual(['$(nproc)']);
    expect(hiddenCommandTexts(first('make $(nproc)'))).toEqual(['$(nproc)']);
  });
});

describe('unseenCodeReason', () => {
  it('flags code the engine cannot read', () => {
    const pipeline = analyzeShell('echo cm0= | base64 -d | sh').commands;
    expect(unseenCodeReason(pipeline[2]!)).toContain('standard input');
    expect(unseenCodeReason(first('$(printf rm) -rf x'))).toContain('computed at run time');
    expect(unseenCodeReason(first(". /dev/stdin <<< 'x'"))).toContain('file descriptor');
    expect(unseenCodeReason(first('eval "$CMD"'))).toContain('computed at run time');
  });

  it('leaves ordinary programs and version checks alone', () => {
    for (const command of [
      'node --version',
      'python3 -V',
      'bash build.sh',
      'source venv/bin/activate',
      'python3 -m pytest',
      'sh -c "ls"',
      'source ~/.bashrc',
      'source $HOME/.local/bin/env',
    ]) {
      expect(unseenCodeReason(first(command)), command).toBeUndefined();
    }
  });

  it('reads a program on standard input as seen only when it is a literal shell script', () => {
    // The parser lists the script's commands; each reads the rest of it.
    expect(unseenCodeReason(first("bash <<'EOF'\necho hi\nEOF"))).toBeUndefined();
    expect(unseenCodeReason(first("sh <<< 'ls -la'"))).toBeUndefined();
    const inner = analyzeShell("bash <<'EOF'\npython3\nprint(1)\nEOF").commands[1]!;
    expect(inner.argv).toEqual(['python3']);
    expect(unseenCodeReason(inner)).toContain('standard input');
    for (const command of [
      'bash <<EOF\n$CMD\nEOF', // unquoted: expanded at run time
      "python3 <<'EOF'\nprint(1)\nEOF", // a program no word search can follow
      'sh <<< "$CMD"',
      "bash <<'EOF' 0</dev/stdin\necho hi\nEOF", // the last redirect of stdin wins
      "echo 'rm x' | bash -s foo",
      "echo 'rm x' | bash -o errexit",
      "echo 'rm x' | sudo -s",
      "echo 'rm x' | ssh host",
      "echo 'rm x' | parallel",
      "exec 3<<<'rm x'; bash <&3", // standard input duplicated from another descriptor
      'source ~/../../dev/stdin <<< x',
    ]) {
      const commands = analyzeShell(command).commands;
      expect(
        commands.some((entry) => unseenCodeReason(entry) !== undefined),
        command,
      ).toBe(true);
    }
  });
});

describe('package runners, from the command table (`packageRunner`)', () => {
  it('matches the deny rules at the program a package runner runs, in every reading', () => {
    for (const command of [
      'npx -y rm -rf x',
      'npx --package=x rm y',
      'pnpx rm x',
      'npm exec -- rm -rf x',
      'npm x rm x',
      'npm --prefix sub exec rm x',
      'pnpm dlx rm x',
      'pnpm exec --filter web rm x',
      'yarn dlx -p x rm y',
      'bun x rm x',
      'bunx --bun rm x',
      'uvx --from x rm y',
      'uv run --with x rm y',
      // An option the table does not list may take the next word: both words are candidates.
      'uv run --frozen rm x',
      'uv run --some-option value rm x',
      'uv tool run rm x',
      'poetry run rm x',
      'pipenv run rm x',
      'hatch run rm x',
      'conda run -n env rm x',
      'micromamba run -p /opt/env rm x',
      'pixi exec -s x rm y',
      'bundle exec rm x',
      'pipx run --spec x rm',
      // mise's tools come first: any later word may be the program.
      'mise exec node@20 -- rm x',
      'mise x python@3 rm x',
    ])
      expect(findHiddenDenyRule(first(command), rules)?.rule, command).toBe(rules[0]);
    for (const command of [
      'npx prettier --write rm.js',
      'npx eslint .',
      'npm install rm',
      'pnpm add rm',
      'uv pip install rm',
      'poetry add rm',
      'conda run -n rm python x.py',
      'uv run --with rm python x.py',
    ])
      expect(findHiddenDenyRule(first(command), rules), command).toBeUndefined();
  });

  it('parses the command lines their options hold', () => {
    expect(hiddenCommandTexts(first("npx -c 'rm -rf x'"))).toContain('rm -rf x');
    expect(hiddenCommandTexts(first("npm exec --call='rm -rf x'"))).toContain('rm -rf x');
    expect(hiddenCommandTexts(first("pnpm exec -c 'rm -rf x'"))).toContain('rm -rf x');
    expect(hiddenCommandTexts(first("mise exec -c 'rm -rf x'"))).toContain('rm -rf x');
    expect(hiddenCommandTexts(first("bun exec 'rm -rf x'"))).toContain('rm -rf x');
    for (const command of ["npx -c 'rm -rf x'", "mise x --command 'rm -rf x'", "uv run 'rm -rf x'"])
      expect(evaluateBash(command, ruleSet).behavior, command).toBe('deny');
  });
});

describe('settings that name a program, from the command table (`setsCommandSettings`)', () => {
  it('checks the value as a command line now', () => {
    for (const command of [
      "npm config set script-shell 'rm -rf x'",
      "npm set shell='rm -rf x'",
      "npm c set --location=global editor 'rm -rf x'",
      "pnpm config set script-shell 'rm -rf x'",
      "yarn config set browser 'rm -rf x'",
    ])
      expect(hiddenCommandTexts(first(command)), command).toContain('rm -rf x');
    for (const command of [
      'npm config set registry rm',
      'npm config get script-shell',
      'yarn set version rm',
    ])
      expect(hiddenCommandTexts(first(command)), command).toEqual([]);
    expect(evaluateBash("npm config set script-shell 'rm -rf x'", ruleSet).behavior).toBe('deny');
  });
});

describe("make's variables and --eval, from the command table (`commandVariables`, `script`)", () => {
  it('checks variable values and eval text as command lines', () => {
    for (const [command, text] of [
      ["make CC='rm -rf x'", 'rm -rf x'],
      ["make -j4 -C sub CC='rm -rf x' all", 'rm -rf x'],
      ["CC='rm -rf x' make", 'rm -rf x'],
      ["env CC='rm -rf x' make", 'rm -rf x'],
      ['make SHELL="$X"', '$X'],
      ["make --eval='x: ; rm -rf y' x", 'x: ; rm -rf y'],
      ["make -E 'x: ; rm -rf y' x", 'x: ; rm -rf y'],
      ["gmake CC='rm -rf x'", 'rm -rf x'],
    ] as const)
      expect(hiddenCommandTexts(first(command)), command).toContain(text);
    // A value the shell computes passes on the caller's setting.
    expect(hiddenCommandTexts(first('make CC="$CC"'))).toEqual([]);
    expect(hiddenCommandTexts(first('make -C sub all'))).toEqual([]);
    expect(evaluateBash("make --eval='x: ; rm -rf y' x", ruleSet).behavior).toBe('deny');
  });
});

describe('plainCommand (the deny step skips the checks above for it)', () => {
  const data = findSharedData(__dirname);
  it.skipIf(!data)(
    'is claimed only where none of the checks finds anything: every command of the corpora',
    () => {
      const wrong: string[] = [];
      let plain = 0;
      let total = 0;
      for (const text of loadCorpora(data!).flatMap((corpus) => corpus.commands)) {
        for (const command of analyzeShell(text).commands) {
          total++;
          if (!plainCommand(command)) continue;
          plain++;
          if (
            unseenCodeReason(command) !== undefined ||
            findHiddenDenyRule(command, rules) !== undefined ||
            hiddenCommandTexts(command).length > 0
          ) {
            wrong.push(text);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(plain).toBeGreaterThan(total / 2); // the fast path is the common case
    },
    60_000,
  );
});
