/**
 * What the protected-path check reads as written, removed or mentioned, for every fact
 * `written-paths.ts` carried before its writers moved onto the command table (decision 0042):
 * the metadata writers, `sed -i`/`perl -i`/`ruby -i`, `dd of=`, git's subcommands and config
 * files, `crontab`, `systemctl enable`, `launchctl load`, `npm config set`, `curl -o`/`wget -O`,
 * inline programs, and what a command the table does not know mentions.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell/analyze-shell';
import { innerName, writtenPaths } from './written-paths';

const written = (command: string) => {
  const simple = analyzeShell(command).commands[0]!;
  const paths = writtenPaths(simple, innerName(simple));
  return {
    writes: [...new Set(paths.writes)].sort(),
    removes: [...new Set(paths.removes)].sort(),
    mentions: [...new Set(paths.mentions)].sort(),
  };
};

describe('writes and removes, from the command table', () => {
  it.each([
    // touch, chmod, chown, chgrp, setfacl: the file operands are written; option values are not
    ['touch .claude/settings.json', ['.claude/settings.json'], []],
    ['touch -r ref -d now -t 202001010000 x', ['x'], []],
    ['touch --reference=.env --date now x', ['x'], []],
    ['touch -acm x y', ['x', 'y'], []],
    ['chmod +x .git/hooks/pre-commit', ['+x', '.git/hooks/pre-commit'], []],
    ['chmod --reference=a b', ['b'], []],
    ['chown root:root x', ['root:root', 'x'], []],
    ['chgrp -R staff dir', ['dir', 'staff'], []],
    ['setfacl -m u:x:rw file', ['file'], []],
    ['setfacl -M acl.txt -x u:y file', ['file'], []],
    // rmdir and shred remove
    ['rmdir -p a/b', [], ['a/b']],
    ['shred -n 3 -s 10 -u x', [], ['x']],
    // in place: sed, gsed, perl, ruby write back the files they read
    ['sed -i s/a/b/ x y', ['x', 'y'], []],
    ['sed -i.bak -e s/a/b/ x', ['x'], []],
    ['sed --in-place=.bak s/a/b/ x', ['x'], []],
    ['sed -f script.sed -i x', ['x'], []],
    ['gsed -i s/a/b/ .gemini/settings.json', ['.gemini/settings.json'], []],
    ["perl -pi -e 's/a/b/' x", ['x'], []],
    ["perl -i.bak -pe 's/a/b/' x", ['x'], []],
    ["ruby -i -pe 'x' f", ['f'], []],
    // dd: of= is written, if= is not
    ['dd if=/dev/zero of=.claude/settings.json bs=1', ['.claude/settings.json'], []],
    // git: checkout/restore/apply/am write their operands, rm removes, mv moves
    ['git checkout -- x', ['x'], []],
    ['git -C sub checkout x', ['x'], []],
    ['git restore --source HEAD x', ['x'], []],
    ['git restore -s HEAD x', ['x'], []],
    ['git apply p.diff', ['p.diff'], []],
    ['git am m.mbox', ['m.mbox'], []],
    ['git rm -r --cached dir', [], ['dir']],
    ['git mv a b dir', ['dir', 'dir/a', 'dir/b'], ['a', 'b']],
    // git config: the file it writes, when it changes something
    ['git config user.name x', ['.git/config'], []],
    ['git config core.hooksPath /tmp/h', ['.git/config'], []],
    ['git config --global user.name x', ['~/.gitconfig'], []],
    ['git config --system a b', ['/etc/gitconfig'], []],
    ['git config --file f a b', ['f'], []],
    ['git config -f f a b', ['f'], []],
    ['git config --file=f a b', ['f'], []],
    ['git config --unset a', ['.git/config'], []],
    ['git config set a b', ['.git/config'], []],
    ['git config -e', ['.git/config'], []],
    ['git config --get user.name', [], []],
    ['git config user.name', [], []],
    ['git config get a', [], []],
    ['git config --list', [], []],
    ['git config -l', [], []],
    // files written without being named
    ['crontab /tmp/jobs', ['/var/spool/cron/crontabs'], []],
    ['crontab -e', ['/var/spool/cron/crontabs'], []],
    ['crontab -r', ['/var/spool/cron/crontabs'], []],
    ['crontab -l', [], []],
    ['crontab -u root -l', [], []],
    ['systemctl enable x', ['/etc/systemd/system', '~/.config/systemd/user'], []],
    ['systemctl --user enable x', ['/etc/systemd/system', '~/.config/systemd/user'], []],
    ['systemctl link /tmp/x.service', ['/etc/systemd/system', '~/.config/systemd/user'], []],
    ['systemctl status x', [], []],
    ['launchctl load x.plist', ['~/Library/LaunchAgents'], []],
    ['launchctl bootstrap gui/501 x', ['~/Library/LaunchAgents'], []],
    ['launchctl list', [], []],
    ['npm config set a b', ['.npmrc', '~/.npmrc'], []],
    ['npm set a b', ['.npmrc', '~/.npmrc'], []],
    ['npm config delete a', ['.npmrc', '~/.npmrc'], []],
    ['npm config edit', ['.npmrc', '~/.npmrc'], []],
    ['npm config get a', [], []],
    ['pnpm config set a b', ['.npmrc', '~/.npmrc'], []],
    ['yarn config set a b', ['.yarnrc', '.yarnrc.yml', '~/.yarnrc', '~/.yarnrc.yml'], []],
    ['yarn set version x', ['.yarnrc', '.yarnrc.yml', '~/.yarnrc', '~/.yarnrc.yml'], []],
    // downloads
    ['curl -o out url', ['out'], []],
    ['curl -oout url', ['out'], []],
    ['curl --output=out url', ['out'], []],
    ['wget -O out url', ['out'], []],
    ['wget -Oout url', ['out'], []],
    ['wget --output-document=out url', ['out'], []],
    ['wget -o log url', ['log'], []],
    ['wget -P .git/hooks url', ['.git/hooks'], []],
  ])('%j writes %j and removes %j', (command, writes, removes) => {
    const paths = written(command);
    expect(paths.writes).toEqual([...writes].sort());
    expect(paths.removes).toEqual([...removes].sort());
  });

  it('reads the literal file names of an inline program that writes', () => {
    expect(written(`python3 -c 'open("x","w").write(1)'`).writes).toContain('x');
    expect(written(`node -e 'fs.writeFileSync("a",1)'`).writes).toContain('a');
    expect(written(`ruby -e 'File.write("a", 1)'`).writes).toContain('a');
    expect(written(`perl -e 'open(F, ">.bashrc")'`).writes).toContain('.bashrc');
    expect(written(`python3 -c 'print(1)'`).writes).toEqual([]);
  });

  it("knows what writes by each interpreter's entry (`writeCalls`, decision 0047)", () => {
    // Dropping a language's fact makes its line fail.
    expect(written(`python3 -c 'import os; os.rename("a", ".bashrc")'`).writes).toContain('.bashrc');
    expect(written(`node -e 'require("fs").createWriteStream(".bashrc")'`).writes).toContain('.bashrc');
    expect(written(`bun -e 'Bun.write(".bashrc", "x")'`).writes).toContain('.bashrc');
    expect(written(`deno eval 'Deno.writeTextFileSync(".bashrc", "x")'`).writes).toContain('.bashrc');
    expect(written(`ruby -e 'File.open(".bashrc", "a") { |f| f.puts 1 }'`).writes).toContain('.bashrc');
    expect(written(`perl -e 'sysopen(F, ".bashrc", 1)'`).writes).toContain('.bashrc');
    expect(written(`php -r 'file_put_contents(".bashrc", "x");'`).writes).toContain('.bashrc');
    expect(written(`lua -e 'io.open(".bashrc", "w"):write(1)'`).writes).toContain('.bashrc');
    // Reading only: no literal is written.
    expect(written(`php -r 'echo file_get_contents("x");'`).writes).toEqual([]);
    expect(written(`node -e 'console.log(require("fs").readFileSync("x", "utf8"))'`).writes).toEqual([]);
  });

  it('takes write redirects, not here-documents', () => {
    expect(written('echo x > f').writes).toEqual(['f']);
    expect(written('echo x >> f').writes).toEqual(['f']);
    expect(written('cat < f').writes).toEqual([]);
  });
});

describe('mentions: what may be written for all the table can tell', () => {
  it.each([
    // a command the table has no entry for: every operand
    ['frobnicate .claude/settings.json', ['.claude/settings.json']],
    ['frob -v x -- -y', ['-y', 'x']],
    // a subcommand the table does not know: its words
    ['git frob x', ['frob', 'x']],
    ['systemctl restart x', ['restart', 'x']],
    // program text may name a file it writes (sed `w`, awk `print >`)
    ["sed 's/a/b/w .claude/settings.json' x", ['s/a/b/w .claude/settings.json']],
    // an interpreter's script and its arguments
    ['perl script.pl x', ['script.pl', 'x']],
    ["python3 -c 'print(1)' x", ['x']],
  ])('%j mentions %j', (command, mentions) => {
    expect(written(command).mentions).toEqual(expect.arrayContaining(mentions));
  });

  it.each([
    // words the table reads as something never written
    'sed s/a/b/ x',
    'mkdir .claude',
    'echo .claude/settings.json',
    'ls .claude/settings.json',
    'git add .claude/settings.json',
    'git commit -m x .claude/settings.json',
    'git branch .claude/settings.json',
    'touch -r .claude/settings.json x',
    'dd if=.claude/settings.json of=/tmp/x',
  ])('%j mentions no protected path', (command) => {
    expect(written(command).mentions).not.toContain('.claude/settings.json');
    expect(written(command).mentions).not.toContain('if=.claude/settings.json');
  });
});
