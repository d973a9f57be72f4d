/**
 * Interpreter one-liners under an allowed interpreter (issue 27's held-out family "computed
 * names in interpreter one-liners"): a program that computes the name it reads, loads or runs
 * (`'.e'+'nv'`, `chr(46)`, base64, `getattr`, `io.popen(cmd)`) is never allowed by a prefix
 * rule such as `Bash(python3:*)`; the literal command lines a program runs are checked by the
 * floor like any command (`os.system('env')` is an environment dump). Which options take a
 * program is the command table's (`commands/table/interpreters.ts`). The commands are only
 * analysed as strings, never run.
 */
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../src/engine/evaluate-bash';
import { compileRuleSet } from '../src/rules/compile-rule-set';
import { createSecretModel } from '../src/secrets/secret-model';

/** Every interpreter allowed by a prefix rule. */
const interpreters = compileRuleSet({
  allow: [
    'Bash(python:*)',
    'Bash(python3:*)',
    'Bash(node:*)',
    'Bash(perl:*)',
    'Bash(ruby:*)',
    'Bash(php:*)',
    'Bash(lua:*)',
    'Bash(bun:*)',
    'Bash(deno:*)',
  ],
});

const secrets = createSecretModel({ homeDir: '/home/dev' });
const decide = (command: string) => evaluateBash(command, interpreters, { cwd: '/repo', secrets });

describe('a program that computes a name is never allowed by a prefix rule', () => {
  it.each([
    // Names joined from literals.
    `python3 -c "print(open('.e'+'nv').read())"`,
    `python3 -c "import os;print(os.__dict__['envi''ron'])"`,
    `python3 -c "print(open('/proc/self/envir'+'on').read())"`,
    `node -e "console.log(require('fs').readFileSync('.e'+'nv','utf8'))"`,
    `ruby -e "puts File.read('.e'+'nv')"`,
    `perl -e 'open F, ".e"."nv"; print <F>'`,
    `php -r 'echo file_get_contents(".e"."nv");'`,
    `lua -e 'print(io.open(".e".."nv"):read("*a"))'`,
    // Character codes, escapes and decoders reaching a call that reads a file.
    `python3 -c "print(open(chr(46)+'env').read())"`,
    `python3 -c "print(open('\\x2eenv').read())"`,
    `python3 -c "import base64;print(open(base64.b64decode('LmVudg==').decode()).read())"`,
    `node -e "console.log(require('fs').readFileSync(String.fromCharCode(46)+'env','utf8'))"`,
    `node -e "console.log(require('fs').readFileSync(Buffer.from('LmVudg==','base64').toString(),'utf8'))"`,
    `node -e "console.log(require('fs').readFileSync(atob('LmVudg=='),'utf8'))"`,
    `ruby -e "puts File.read(46.chr+'env')"`,
    `perl -e 'open F, chr(46)."env"; print <F>'`,
    `perl -MMIME::Base64 -e 'open F, decode_base64("LmVudg=="); print <F>'`,
    `php -r 'echo file_get_contents(chr(46)."env");'`,
    `php -r 'echo file_get_contents(base64_decode("LmVudg=="));'`,
    `lua -e 'print(io.open(string.char(46).."env"):read("*a"))'`,
    // Reflection, evaluation, renaming.
    `python3 -c "import os; print(getattr(os, 'envi'+'ron'))"`,
    `python3 -c "__import__('os').system('env')"`,
    `python3 -c "exec(bytes.fromhex('7072696e74286f70656e28272e656e7627292e72656164282929').decode())"`,
    `python3 -c "import os as o; print(o.environ)"`,
    `python3 -c "from os import environ; print(environ)"`,
    `node -e "console.log(process['e'+'nv'])"`,
    `node --eval "console.log(process[['e','n','v'].join('')])"`,
    `node -e "eval('console.log(process.e'+'nv)')"`,
    `node -e "const {env}=process; console.log(env)"`,
    `bun -e "console.log(process['e'+'nv'])"`,
    `deno eval "console.log(Deno['e'+'nv'].toObject())"`,
    `ruby -e "puts Object.const_get('E'+'NV').to_h"`,
    // Variables and command lines looked up by a computed name.
    `python3 -c "import os; [print(os.environ[k]) for k in sorted(os.environ.keys())]"`,
    `python3 -c "import os; os.system('c'+'at .e'+'nv')"`,
    `python3 -c "import os,sys; os.system(sys.argv[1])" env`,
    `lua -e 'local c = "en" .. "v"; print(io.popen(c):read("*a"))'`,
    `php -r '$f = "getenv"; print_r($f());'`,
    `perl -e 'my $k = "HOME"; print $ENV{$k}'`,
    // From a here-doc.
    `python3 - <<'EOF'\nprint(open('.e' + 'nv').read())\nEOF`,
  ])('%s', (command) => {
    expect(decide(command).behavior).not.toBe('allow');
  });
});

describe('the command lines a program runs are checked by the floor', () => {
  it.each([
    `python3 -c "import os; print(os.popen('env').read())"`,
    `python3 -c "import subprocess; subprocess.run(['env'])"`,
    `python3 -c "import os; os.system('cat .env')"`,
    `python3 -c "import pty; pty.spawn('env')"`,
    `python3 -c "import os; print(os.environb)"`,
    `node -e "require('child_process').execSync('env',{stdio:'inherit'})"`,
    `node -e "console.log(require('child_process').execSync('printenv').toString())"`,
    `node -e "console.log(process['env'])"`,
    "ruby -e 'puts `env`'",
    `ruby -e "system('env')"`,
    "perl -e 'print `env`'",
    `perl -e 'system("env")'`,
    `php -r 'echo shell_exec("env");'`,
    `lua -e 'print(io.popen("env"):read("*a"))'`,
    `lua -e 'os.execute("cat .env")'`,
  ])('%s', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });
});

describe('programs that write every name out stay allowed', () => {
  it.each([
    `python3 -c "print(1+1)"`,
    `python3 -c "import sys; print(sys.version)"`,
    `python3 -c "import json,sys; print(json.load(sys.stdin)['a'])"`,
    `python3 -c "import os; print(os.environ['HOME'])"`,
    `python3 -c "print(open('package.json').read())"`,
    `python3 -c "import os; os.system('ls -la')"`,
    `python3 -c "print('\\x1b[31mred\\x1b[0m')"`,
    'python3 -m json.tool data.json',
    `node -e "console.log(process.env.HOME)"`,
    `node -p "require('os').homedir()"`,
    `node -e "console.log(require('fs').readFileSync('package.json','utf8'))"`,
    `node -e "console.log([1,2,3].map(String).join(','))"`,
    `ruby -e 'require "json"; puts JSON.generate([1])'`,
    `perl -lane 'print join(" ", reverse(@F))' words.txt`,
    `perl -ne 'print if /TODO/' src/main.c`,
    `php -r 'echo PHP_VERSION;'`,
    `lua -e 'print(os.getenv("HOME"))'`,
    `deno eval "console.log(1+1)"`,
  ])('%s', (command) => {
    expect(decide(command).behavior).toBe('allow');
  });
});
