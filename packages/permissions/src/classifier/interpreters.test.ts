import { describe, expect, it } from 'vitest';
import { proposeRules } from '../engine/propose-rules';
import { analyzeShell } from '../shell/analyze-shell';
import { isInterpreterOrWrapper } from './interpreters';

/** The list this module kept before it was derived from the command table (issue 27). */
const BEFORE = `node nodejs deno bun bunx npx pnpx tsx ts-node uvx pipx env sudo doas su runuser pkexec
xargs eval exec source . command builtin nohup nice timeout time stdbuf ionice setsid watch parallel
flock chroot unshare nsenter taskset chrt numactl prlimit script systemd-run firejail bwrap xvfb-run
dbus-launch entr nodemon strace ltrace gdb lldb valgrind awk gawk mawk nawk make gmake ssh expect
tclsh wish osascript Rscript R julia java jshell groovy scala irb pry sqlite3 psql mysql vim vi nvim
emacs ed ex less more man sh bash zsh dash ksh fish busybox toybox python3.12 pypy3 perl5.36`.split(/\s+/);

describe('isInterpreterOrWrapper, from the command table', () => {
  it.each(BEFORE)('%s still runs code given to it', (name) => {
    expect(isInterpreterOrWrapper(name)).toBe(true);
    expect(isInterpreterOrWrapper(`/usr/bin/${name}`)).toBe(true);
  });

  it("knows the table's runners the old list missed", () => {
    for (const name of ['hyperfine', 'cross-env', 'tmux', 'sshpass', 'nix-shell', 'arch', 'pwsh', 'op'])
      expect(isInterpreterOrWrapper(name), name).toBe(name !== 'op');
  });

  it('leaves tools of which only a subcommand runs a command to subcommand prefixes', () => {
    for (const name of ['docker', 'podman', 'kubectl', 'op', 'doppler', 'git', 'ls'])
      expect(isInterpreterOrWrapper(name), name).toBe(false);
    // Their words are not read-only to the classifier, so they get exact rules either way.
    expect(proposeRules(analyzeShell('docker ps -a'))).toEqual(['Bash(docker ps -a)']);
    expect(proposeRules(analyzeShell('kubectl get pods'))).toEqual(['Bash(kubectl get pods)']);
    expect(proposeRules(analyzeShell('git log -n 3'))).toEqual(['Bash(git log:*)']);
  });

  it("proposes no prefix for a runner's word: `Bash(arch:*)` would allow `arch -x86_64 rm -rf /`", () => {
    expect(proposeRules(analyzeShell('arch'))).toEqual(['Bash(arch)']);
    expect(proposeRules(analyzeShell('tmux ls'))).toEqual(['Bash(tmux ls)']);
  });
});
