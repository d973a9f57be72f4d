import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAssignments, DANGEROUS_VARIABLES, isDangerousVariable } from './dangerous-variables';

describe('isDangerousVariable', () => {
  it.each([
    'LD_PRELOAD',
    'LD_LIBRARY_PATH',
    'LD_ANYTHING',
    'DYLD_INSERT_LIBRARIES',
    'PATH',
    'IFS',
    'BASH_ENV',
    'ENV',
    'PROMPT_COMMAND',
    'PS4',
    'SHELLOPTS',
    'BASHOPTS',
    'CDPATH',
    'PAGER',
    'GIT_PAGER',
    'MANPAGER',
    'SYSTEMD_PAGER',
    'LESSOPEN',
    'LESSCLOSE',
    'EDITOR',
    'VISUAL',
    'GIT_EDITOR',
    'KUBE_EDITOR',
    'GIT_CONFIG',
    'GIT_CONFIG_GLOBAL',
    'GIT_CONFIG_COUNT',
    'GIT_CONFIG_KEY_0',
    'GIT_CONFIG_VALUE_0',
    'GIT_CONFIG_PARAMETERS',
    'GIT_DIR',
    'GIT_WORK_TREE',
    'GIT_SSH',
    'GIT_SSH_COMMAND',
    'GIT_PROXY_COMMAND',
    'GIT_EXTERNAL_DIFF',
    'GIT_EXEC_PATH',
    'GIT_TEMPLATE_DIR',
    'GIT_ASKPASS',
    'SSH_ASKPASS',
    'SUDO_ASKPASS',
    'X_ASKPASS',
    'NODE_OPTIONS',
    'NODE_PATH',
    'PYTHONPATH',
    'PYTHONSTARTUP',
    'PYTHONHOME',
    'PERL5LIB',
    'PERL5OPT',
    'PERLLIB',
    'RUBYOPT',
    'RUBYLIB',
    'PYTHONUSERBASE',
    'LUA_INIT',
    'LUA_INIT_5_4',
    'LUA_PATH',
    'LUA_CPATH_5_3',
    'EXINIT',
    'VIMINIT',
    'MYVIMRC',
    'PHPRC',
    'PHP_INI_SCAN_DIR',
    'R_PROFILE_USER',
    'RUSTC_WRAPPER',
    'HOME',
    'ZDOTDIR',
    'XDG_CONFIG_HOME',
    'BASH_FUNC_ls%%',
    'npm_config_script_shell',
    'NPM_CONFIG_NODE_OPTIONS',
    'JAVA_TOOL_OPTIONS',
    'GCONV_PATH',
    'SHELL',
    'BROWSER',
  ])('%s is dangerous', (name) => {
    expect(isDangerousVariable(name, 'anything')).toBe(true);
  });

  it.each([
    'NODE_ENV',
    'CI',
    'DEBUG',
    'TZ',
    'LANG',
    'LC_ALL',
    'TMPDIR',
    'GIT_TRACE',
    'LESS',
    'FOO',
    'PATHS',
    'MYPATH',
  ])('%s is not', (name) => {
    expect(isDangerousVariable(name, 'x')).toBe(false);
  });

  it('accepts harmless pager/editor values but not programs or run-time values', () => {
    expect(isDangerousVariable('GIT_PAGER', 'cat')).toBe(false);
    expect(isDangerousVariable('PAGER', '')).toBe(false);
    expect(isDangerousVariable('GIT_EDITOR', 'true')).toBe(false);
    expect(isDangerousVariable('EDITOR', ':')).toBe(false);
    expect(isDangerousVariable('GIT_PAGER', 'less +!id')).toBe(true);
    expect(isDangerousVariable('EDITOR', 'vim')).toBe(false);
    expect(isDangerousVariable('EDITOR', '/tmp/evil')).toBe(true);
    expect(isDangerousVariable('EDITOR', 'code --wait')).toBe(false);
    expect(isDangerousVariable('EDITOR', 'code --wait --new-window')).toBe(true);
    expect(isDangerousVariable('EDITOR', 'code -c id')).toBe(true);
    expect(isDangerousVariable('GIT_PAGER', 'cat', true)).toBe(true);
    expect(isDangerousVariable('PATH', '')).toBe(true);
  });

  it('accepts a NODE_OPTIONS that loads nothing, and nothing else', () => {
    for (const value of [
      '--max-old-space-size=4096',
      '--experimental-vm-modules',
      ' --max-old-space-size=8192  --enable-source-maps --no-warnings ',
      '--unhandled-rejections=strict',
      '',
    ])
      expect(isDangerousVariable('NODE_OPTIONS', value), value).toBe(false);
    for (const value of [
      '--require /tmp/x.js',
      '-r ./x.js',
      '--max-old-space-size=4096 --import=./x.mjs',
      '--experimental-loader=./l.mjs',
      '--inspect=0.0.0.0:9229',
      '--env-file=.env',
      '--openssl-config=/tmp/x.cnf',
      '--max-old-space-size=4096x',
      '--max_old_space_size=4096',
      '--dns-result-order=ipv4first;x',
    ])
      expect(isDangerousVariable('NODE_OPTIONS', value), value).toBe(true);
    expect(isDangerousVariable('NODE_OPTIONS', '--max-old-space-size=$N', true)).toBe(true);
    expect(isDangerousVariable('NODE_OPTIONS')).toBe(true);
  });

  it('accepts npm switches and levels with a literal value, and no other npm setting', () => {
    expect(isDangerousVariable('NPM_CONFIG_LOGLEVEL', 'warn')).toBe(false);
    expect(isDangerousVariable('npm_config_yes', 'true')).toBe(false);
    expect(isDangerousVariable('npm_config_legacy_peer_deps', 'true')).toBe(false);
    expect(isDangerousVariable('NPM_CONFIG_LOGLEVEL', 'warn; x')).toBe(true);
    expect(isDangerousVariable('NPM_CONFIG_LOGLEVEL', '--require=x')).toBe(true);
    expect(isDangerousVariable('NPM_CONFIG_LOGLEVEL', '$LEVEL', true)).toBe(true);
    expect(isDangerousVariable('NPM_CONFIG_LOGLEVEL')).toBe(true);
    expect(isDangerousVariable('npm_config_registry', 'http')).toBe(true);
    expect(isDangerousVariable('npm_config_loglevel_x', '1')).toBe(true);
  });

  it('finds prefixes, suffixes and npm settings in any name, as a scan of every entry does', () => {
    const prefixes = ['LD_', 'DYLD_', 'BASH_FUNC_', 'GIT_CONFIG', 'LUA_INIT', 'LUA_PATH', 'LUA_CPATH'];
    const suffixes = ['_ASKPASS', '_PAGER', '_EDITOR'];
    const listed = (name: string) =>
      DANGEROUS_VARIABLES.has(name) ||
      prefixes.some((prefix) => name.startsWith(prefix)) ||
      suffixes.some((suffix) => name.endsWith(suffix)) ||
      name.toUpperCase().startsWith('NPM_CONFIG_');
    const part = fc.constantFrom(
      ...prefixes,
      ...suffixes,
      'npm_config_',
      'NPM_',
      'npm_con\ufb01g_',
      'X',
      'ß',
      '_',
      'R',
      'S',
    );
    const name = fc.oneof(
      fc.array(part, { maxLength: 4 }).map((parts) => parts.join('')),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(name, (text) => {
        expect(isDangerousVariable(text), text).toBe(listed(text));
      }),
      { numRuns: 3000 },
    );
    // `ﬁ` (one character) upper-cases to `FI`: still an npm setting.
    expect(isDangerousVariable('npm_con\ufb01g_script_shell')).toBe(true);
  });

  it('lists the exact names it documents', () => {
    for (const name of ['PATH', 'IFS', 'HOME', 'NODE_OPTIONS', 'GIT_SSH_COMMAND'])
      expect(DANGEROUS_VARIABLES.has(name)).toBe(true);
  });
});

describe('checkAssignments', () => {
  it('reports the first dangerous assignment with a readable reason', () => {
    const violation = checkAssignments([
      { name: 'FOO', value: '1', dynamic: false, form: 'prefix' },
      { name: 'LD_PRELOAD', value: '/tmp/x.so', dynamic: false, form: 'env' },
    ]);
    expect(violation).toMatchObject({ check: 'dangerous-assignment', detail: 'LD_PRELOAD=/tmp/x.so' });
    expect(violation?.reason).toMatch(/LD_PRELOAD/);
  });

  it('allows IFS only as a prefix of read', () => {
    const ifs = { name: 'IFS', value: '', dynamic: false, form: 'prefix' as const };
    expect(checkAssignments([ifs], 'read')).toBeUndefined();
    expect(checkAssignments([ifs], 'ls')).toBeDefined();
    expect(checkAssignments([{ ...ifs, form: 'bare' }], 'read')).toBeDefined();
  });
});
