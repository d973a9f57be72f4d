/**
 * Variables whose assignment injects code or hijacks how programs are found, loaded or
 * configured. Setting one in front of an allowed command turns it into another program:
 * `PAGER='sh -c evil' git log`, `LD_PRELOAD=/tmp/x.so ls`, `GIT_SSH_COMMAND=… git fetch`.
 *
 * | variable (pattern)                         | why                                               |
 * | ------------------------------------------ | ------------------------------------------------- |
 * | LD_*, DYLD_*                                | dynamic loader: preload / library path injection  |
 * | GCONV_PATH                                  | glibc loads iconv modules from it                 |
 * | PATH, CDPATH                                | which program / directory a name resolves to      |
 * | IFS                                         | changes word splitting (allowed only as `IFS=… read`) |
 * | BASH_ENV, ENV, SHELLOPTS, BASHOPTS, BASH_FUNC_*, PROMPT_COMMAND, PS0, PS1, PS2, PS4 | shells run or expand them at startup/prompt/xtrace (PS3, the `select` prompt, is not expanded) |
 * | SHELL, BROWSER                              | programs other tools exec                         |
 * | TEXTDOMAIN, TEXTDOMAINDIR                   | pick the catalog that translates `$"…"`: the command a locale string names |
 * | PAGER, MANPAGER, *_PAGER, LESSOPEN, LESSCLOSE | pagers / input preprocessors are run             |
 * | EDITOR, VISUAL, *_EDITOR, FCEDIT            | editors are run by git, crontab, sudoedit, fc     |
 * | GIT_CONFIG*, GIT_DIR, GIT_WORK_TREE, GIT_EXEC_PATH, GIT_TEMPLATE_DIR | config/hook/helper locations: any of them can run programs |
 * | GIT_SSH, GIT_SSH_COMMAND, GIT_PROXY_COMMAND, GIT_EXTERNAL_DIFF, *_ASKPASS | programs git/ssh/sudo run |
 * | NODE_OPTIONS, NODE_PATH, PYTHONPATH, PYTHONSTARTUP, PYTHONHOME, PYTHONINSPECT, PERL5LIB, PERL5OPT, PERLLIB, PERL5DB, RUBYOPT, RUBYLIB | interpreter preload / module search path |
 * | PYTHONUSERBASE, LUA_INIT*, LUA_PATH*, LUA_CPATH*, PHPRC, PHP_INI_SCAN_DIR, R_PROFILE, R_PROFILE_USER | more startup code and module paths (`.pth` files, `auto_prepend_file`) |
 * | EXINIT, VIMINIT, GVIMINIT, MYVIMRC, MYGVIMRC | vi/vim run these commands (`:!cmd`) at startup     |
 * | RUSTC_WRAPPER, RUSTC_WORKSPACE_WRAPPER     | cargo runs the wrapper for every compilation      |
 * | JAVA_TOOL_OPTIONS, _JAVA_OPTIONS, JDK_JAVA_OPTIONS, DOTNET_STARTUP_HOOKS | JVM agents / .NET startup hooks |
 * | HOME, ZDOTDIR, XDG_CONFIG_HOME              | where every tool reads its (code-running) config  |
 * | NPM_CONFIG_* (any case), RIPGREP_CONFIG_PATH | config by environment (script-shell, node-options, --pre) |
 *
 * Not on the list, on purpose: TMPDIR (moves temporary files, runs nothing), LANG/LC_*,
 * TZ, NODE_ENV, CI, DEBUG, GIT_TRACE (diagnostics), LESS (options only; LESSOPEN is what
 * runs programs), GLOBIGNORE (affects only globs, which are already opaque).
 *
 * Harmless values of pagers and editors are accepted, because agents use them to stop
 * interactive programs: the empty string, `cat`, `true`, `:` (`GIT_PAGER=cat`,
 * `AWS_PAGER=""`, `GIT_EDITOR=true git rebase --continue`), and the bare names of
 * well-known pagers and editors (`EDITOR=vim`, `KUBE_EDITOR=nano`) — never with arguments, except
 * `code --wait`/`subl -w`. `IFS=… read` is accepted: the
 * assignment then only scopes to `read`'s field splitting. So is a NODE_OPTIONS made only of
 * options that load nothing (`NODE_OPTIONS=--max-old-space-size=4096 npm run build`), and
 * npm settings that are switches or levels with a literal value (`npm_config_loglevel=warn`).
 */
import type { ShellAssignment } from '../shell/types';
import type { FloorViolation } from './types';

/** Exact names on the floor's list (patterns are in `isDangerousVariable`). */
export const DANGEROUS_VARIABLES: ReadonlySet<string> = new Set([
  'PATH',
  'CDPATH',
  'IFS',
  'GCONV_PATH',
  'BASH_ENV',
  'ENV',
  'SHELLOPTS',
  'BASHOPTS',
  'PROMPT_COMMAND',
  'PS0',
  'PS1',
  'PS2',
  'PS4',
  'SHELL',
  'BROWSER',
  'PAGER',
  'MANPAGER',
  'LESSOPEN',
  'LESSCLOSE',
  'EDITOR',
  'VISUAL',
  'FCEDIT',
  'GIT_DIR',
  'TEXTDOMAIN',
  'TEXTDOMAINDIR',
  'GIT_WORK_TREE',
  'GIT_EXEC_PATH',
  'GIT_TEMPLATE_DIR',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_PROXY_COMMAND',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PYTHONINSPECT',
  'PERL5LIB',
  'PERL5OPT',
  'PERLLIB',
  'PERL5DB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'DOTNET_STARTUP_HOOKS',
  'HOME',
  'ZDOTDIR',
  'XDG_CONFIG_HOME',
  'RIPGREP_CONFIG_PATH',
  // Startup commands and module paths of other interpreters and editors.
  'PYTHONUSERBASE',
  'EXINIT',
  'VIMINIT',
  'GVIMINIT',
  'MYVIMRC',
  'MYGVIMRC',
  'PHPRC',
  'PHP_INI_SCAN_DIR',
  'R_PROFILE',
  'R_PROFILE_USER',
  'RUSTC_WRAPPER',
  'RUSTC_WORKSPACE_WRAPPER',
  // bash's command hash table and aliases: `BASH_CMDS[ls]=/bin/rm` makes `ls` run rm.
  'BASH_CMDS',
  'BASH_ALIASES',
]);

const PREFIXES = ['LD_', 'DYLD_', 'BASH_FUNC_', 'GIT_CONFIG', 'LUA_INIT', 'LUA_PATH', 'LUA_CPATH'];
const SUFFIXES = ['_ASKPASS', '_PAGER', '_EDITOR'];
/** 1 at the code of each prefix's first character and of each suffix's last (all ASCII). */
const PREFIX_FIRSTS = new Uint8Array(128);
const SUFFIX_LASTS = new Uint8Array(128);
for (const prefix of PREFIXES) PREFIX_FIRSTS[prefix.charCodeAt(0)] = 1;
for (const suffix of SUFFIXES) SUFFIX_LASTS[suffix.charCodeAt(suffix.length - 1)] = 1;
const HARMLESS_PROGRAM_VALUES = new Set([
  '',
  'cat',
  'true',
  ':',
  '/bin/cat',
  '/usr/bin/cat',
  '/bin/true',
  '/usr/bin/true',
  // Bare names of well-known pagers and editors; never with arguments (`less +!cmd` runs cmd).
  'less',
  'more',
  'most',
  'vim',
  'vi',
  'nvim',
  'nano',
  'emacs',
  'micro',
  'ed',
  'code',
  'subl',
  'hx',
  'gedit',
  // GUI editors told to wait for the window to close: a fixed argv, nothing else.
  'code --wait',
  'code -w',
  'subl --wait',
  'subl -w',
]);

function isProgramVariable(name: string): boolean {
  return (
    name === 'PAGER' ||
    name === 'MANPAGER' ||
    name === 'EDITOR' ||
    name === 'VISUAL' ||
    name === 'FCEDIT' ||
    name.endsWith('_PAGER') ||
    name.endsWith('_EDITOR')
  );
}

/** True when `name` is on the list (exactly, by prefix or by suffix), whatever its value. */
function isListed(name: string): boolean {
  if (DANGEROUS_VARIABLES.has(name)) return true;
  // This runs for every assignment the floor sees, and most names are not listed: each
  // scan below runs only for names whose first (or last) character some entry has.
  const first = name.charCodeAt(0);
  if (PREFIX_FIRSTS[first] === 1) {
    for (const prefix of PREFIXES) {
      if (name.startsWith(prefix)) return true;
    }
  }
  if (SUFFIX_LASTS[name.charCodeAt(name.length - 1)] === 1) {
    for (const suffix of SUFFIXES) {
      if (name.endsWith(suffix)) return true;
    }
  }
  // Only `n` and `N` upper-case to text that starts with `N` (checked over every code point).
  return (first === 78 || first === 110) && name.toUpperCase().startsWith('NPM_CONFIG_');
}

/**
 * Node options that load, run, open or write nothing: heap and stack limits, warnings,
 * source maps, the legacy OpenSSL provider, VM modules for jest. (`--require`, `--import`,
 * `--loader`, `--inspect`, `--env-file`, `--openssl-config`, `--redirect-warnings` … do.)
 */
const HARMLESS_NODE_OPTION =
  /^--(?:(?:max-old-space-size|max-semi-space-size|stack-size|max-http-header-size)=\d+|enable-source-maps|no-warnings|no-deprecation|trace-warnings|trace-deprecation|trace-uncaught|openssl-legacy-provider|experimental-vm-modules|expose-gc|unhandled-rejections=(?:strict|warn|none|throw|warn-with-error-code)|dns-result-order=(?:ipv4first|ipv6first|verbatim))$/;

/** True when every option of a NODE_OPTIONS value is harmless (`--max-old-space-size=4096`). */
function harmlessNodeOptions(value: string): boolean {
  for (const option of value.split(/[ \t\n]+/)) {
    if (option !== '' && !HARMLESS_NODE_OPTION.test(option)) return false;
  }
  return true;
}

/**
 * npm settings that only switch a behaviour on or off or set a level (`npm_config_loglevel=warn`,
 * `NPM_CONFIG_YES=true npx …`): none names a program, a file or a registry to load from.
 */
const HARMLESS_NPM_SETTING =
  /^npm_config_(?:loglevel|yes|fund|audit|progress|update_notifier|color|production|legacy_peer_deps|strict_peer_dependencies|save_exact|engine_strict|prefer_offline|prefer_online|offline|package_lock|ignore_scripts|foreground_scripts)$/i;
/** A literal level or switch: `warn`, `true`, `false`, `0`. */
const SETTING_VALUE = /^[\w.-]*$/;

/**
 * True when assigning `name` can inject code or hijack resolution. With `value`, harmless
 * pager/editor values (`''`, `cat`, `true`, `:`) are accepted.
 *
 * @example
 * isDangerousVariable('LD_PRELOAD'); // true
 * isDangerousVariable('GIT_PAGER', 'cat'); // false
 * isDangerousVariable('NODE_ENV'); // false
 */
export function isDangerousVariable(name: string, value?: string, dynamic = false): boolean {
  if (!isListed(name)) return false;
  if (name === 'NODE_OPTIONS' && value !== undefined && !dynamic && harmlessNodeOptions(value)) return false;
  if (value !== undefined && !dynamic && HARMLESS_NPM_SETTING.test(name) && SETTING_VALUE.test(value))
    return false;
  if (
    value !== undefined &&
    !dynamic &&
    isProgramVariable(name) &&
    HARMLESS_PROGRAM_VALUES.has(value.trim())
  ) {
    return false;
  }
  return true;
}

/**
 * Checks assignments (prefix, bare, declared, via `env`/`sudo`). `commandName` is the
 * command they prefix, if any: `IFS=… read` is allowed.
 */
export function checkAssignments(
  assignments: readonly ShellAssignment[],
  commandName?: string,
): FloorViolation | undefined {
  for (const assignment of assignments) {
    if (assignment.name === 'IFS' && assignment.form === 'prefix' && commandName === 'read') continue;
    if (!isDangerousVariable(assignment.name, assignment.value, assignment.dynamic)) continue;
    return {
      check: 'dangerous-assignment',
      reason: `Setting ${assignment.name} can make programs run other code or load attacker-chosen files; it is never allowed. Run the command without changing ${assignment.name}.`,
      detail: `${assignment.name}=${assignment.value}`,
    };
  }
  return undefined;
}
