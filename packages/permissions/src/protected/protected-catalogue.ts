/**
 * The protected-path catalogue: files whose *writing* is dangerous, beside the secret
 * catalogue (which is about reading). Two classes:
 *
 * - `policy` — the files that hold the policy itself: every settings layer the engine reads,
 *   the engine's rule store, and the settings / hook registration files of every host we
 *   ship a hook for (Claude Code project, local, user and managed settings; Gemini CLI
 *   project, user and system settings). Writing one is denied by the floor: an agent that may
 *   edit them can switch the guard off or write itself an allow rule.
 * - `persistence` — files that make code run later, outside any check: git hooks and
 *   config, shell rc/profile/login files, `~/.ssh/authorized_keys` and `config`, crontab,
 *   systemd/launchd units, `.envrc`, editor task/settings files, MCP client configs,
 *   package-manager rc files (script shell, registry), PATH directories of the user. A broad
 *   rule (`Write(**)`, `Bash(cp:*)`, read-only mode) never allows writing one; a rule that
 *   names the path itself does.
 *
 * Anchors: Claude Code's protected settings files and the mandatory deny-write list of
 * `@anthropic-ai/sandbox-runtime` (`.gitconfig`, `.gitmodules`, `.bashrc`, `.bash_profile`,
 * `.zshrc`, `.zprofile`, `.profile`, `.ripgreprc`, `.mcp.json`, `.vscode/`, `.idea/`,
 * `.claude/commands/`, `.claude/agents/`, `.git/hooks/`, `.git/config`).
 *
 * Entry spelling (paths are compared ignoring case, as secrets are):
 * `~/…` under a home directory (any user's: `/root`, `/home/NAME`, `/Users/NAME`), `/…`
 * absolute, anything else a relative path matched at any depth (`.git/hooks` is the hooks of
 * every repository). `tree: true` covers everything below the path too.
 */

/** The two kinds of protected path. */
export type ProtectedClass = 'policy' | 'persistence';

/** One row of the catalogue. */
export interface ProtectedEntry {
  readonly path: string;
  readonly class: ProtectedClass;
  /** The path is a directory: everything below it is covered. */
  readonly tree?: boolean;
  /** Why writing it is dangerous (the threat model's words). */
  readonly why: string;
}

const policy = (path: string, why: string): ProtectedEntry => ({ path, class: 'policy', why });
const persistence = (path: string, why: string, tree = false): ProtectedEntry =>
  tree ? { path, class: 'persistence', tree, why } : { path, class: 'persistence', why };

/** The built-in catalogue (settings add rows; nothing removes one). */
export const PROTECTED_CATALOGUE: readonly ProtectedEntry[] = Object.freeze([
  // The engine's own rule store (its standard layers; any other file it reads is added per engine).
  policy('.dexter/settings.json', 'the engine’s project and user rule layers'),
  policy('.dexter/settings.local.json', 'the engine’s local rule layer'),
  // Claude Code: project, local, user and managed settings — rules and hook registrations.
  policy('.claude/settings.json', 'Claude Code project and user settings (permissions, hooks)'),
  policy('.claude/settings.local.json', 'Claude Code local settings (permissions, hooks)'),
  policy('~/.claude.json', 'Claude Code global state (MCP servers, allowed tools)'),
  policy('/etc/claude-code/managed-settings.json', 'Claude Code managed settings (Linux)'),
  policy('/etc/claude-code/managed-mcp.json', 'Claude Code managed MCP servers (Linux)'),
  policy(
    '/Library/Application Support/ClaudeCode/managed-settings.json',
    'Claude Code managed settings (macOS)',
  ),
  policy(
    '/Library/Application Support/ClaudeCode/managed-mcp.json',
    'Claude Code managed MCP servers (macOS)',
  ),
  // Gemini CLI: project, user and system settings — tools, hooks, MCP servers.
  policy('.gemini/settings.json', 'Gemini CLI project and user settings (hooks, tools)'),
  policy('/etc/gemini-cli/settings.json', 'Gemini CLI system settings (Linux)'),
  policy('/etc/gemini-cli/system-defaults.json', 'Gemini CLI system defaults (Linux)'),
  policy('/Library/Application Support/GeminiCli/settings.json', 'Gemini CLI system settings (macOS)'),
  policy('/Library/Application Support/GeminiCli/system-defaults.json', 'Gemini CLI system defaults (macOS)'),
  // Agents' own extension points that run commands.
  persistence('.claude/hooks', 'scripts Claude Code hooks run', true),
  persistence('.claude/commands', 'Claude Code slash commands (sandbox-runtime list)', true),
  persistence('.claude/agents', 'Claude Code subagents (sandbox-runtime list)', true),
  persistence('.gemini/extensions', 'Gemini CLI extensions (hooks, MCP servers)', true),
  persistence('.gemini/commands', 'Gemini CLI custom commands', true),
  // git: hooks and configuration (`core.hooksPath`, `core.fsmonitor`, aliases, filters).
  persistence('.git/hooks', 'git hooks run on commit, checkout, merge', true),
  persistence('.git/config', 'core.hooksPath, core.fsmonitor, aliases, filters run programs'),
  persistence('.git/info/attributes', 'attributes select filter and diff drivers'),
  persistence('.gitconfig', 'user git config (sandbox-runtime list)'),
  persistence('.gitmodules', 'submodule URLs and update commands (sandbox-runtime list)'),
  persistence('~/.config/git/config', 'user git config'),
  persistence('/etc/gitconfig', 'system git config'),
  persistence('.husky', 'git hooks managed by husky', true),
  persistence('.pre-commit-config.yaml', 'hooks pre-commit runs'),
  persistence('lefthook.yml', 'hooks lefthook runs'),
  // Shell start-up files.
  persistence('.bashrc', 'read by every interactive bash (sandbox-runtime list)'),
  persistence('.bash_profile', 'bash login start-up (sandbox-runtime list)'),
  persistence('.bash_login', 'bash login start-up'),
  persistence('.bash_logout', 'run when a bash login shell exits'),
  persistence('.profile', 'POSIX login start-up (sandbox-runtime list)'),
  persistence('.zshrc', 'zsh start-up (sandbox-runtime list)'),
  persistence('.zshenv', 'read by every zsh, scripts too'),
  persistence('.zprofile', 'zsh login start-up (sandbox-runtime list)'),
  persistence('.zlogin', 'zsh login start-up'),
  persistence('.zlogout', 'run when a zsh login shell exits'),
  persistence('.inputrc', 'readline bindings can run commands'),
  persistence('.ripgreprc', 'rg options such as --pre (sandbox-runtime list)'),
  persistence('~/.config/fish', 'fish start-up and functions', true),
  persistence('/etc/profile', 'system login start-up'),
  persistence('/etc/profile.d', 'system login start-up', true),
  persistence('/etc/bash.bashrc', 'system bash start-up'),
  persistence('/etc/bashrc', 'system bash start-up'),
  persistence('/etc/zshrc', 'system zsh start-up'),
  persistence('/etc/zsh', 'system zsh start-up', true),
  persistence('/etc/environment', 'environment of every login'),
  persistence('/etc/ld.so.preload', 'a library loaded into every program'),
  // SSH.
  persistence('~/.ssh/authorized_keys', 'grants a key a login'),
  persistence('~/.ssh/authorized_keys2', 'grants a key a login'),
  persistence('~/.ssh/config', 'ProxyCommand, LocalCommand run programs'),
  persistence('~/.ssh/rc', 'run at every SSH login'),
  persistence('~/.ssh/environment', 'environment of every SSH login'),
  persistence('/etc/ssh', 'sshd configuration', true),
  // Scheduled jobs and services.
  persistence('/var/spool/cron', 'crontabs', true),
  persistence('/etc/crontab', 'the system crontab'),
  persistence('/etc/cron.d', 'system cron jobs', true),
  persistence('/etc/cron.hourly', 'system cron jobs', true),
  persistence('/etc/cron.daily', 'system cron jobs', true),
  persistence('/etc/cron.weekly', 'system cron jobs', true),
  persistence('/etc/cron.monthly', 'system cron jobs', true),
  persistence('/etc/systemd', 'systemd units', true),
  persistence('/lib/systemd', 'systemd units', true),
  persistence('/usr/lib/systemd', 'systemd units', true),
  persistence('~/.config/systemd', 'user systemd units', true),
  persistence('~/.config/autostart', 'desktop autostart entries', true),
  persistence('~/Library/LaunchAgents', 'launchd agents', true),
  persistence('/Library/LaunchAgents', 'launchd agents', true),
  persistence('/Library/LaunchDaemons', 'launchd daemons', true),
  // Directories whose programs are found by name (a PATH-shadowing executable).
  persistence('~/.local/bin', 'on PATH: shadows commands by name', true),
  persistence('~/bin', 'on PATH: shadows commands by name', true),
  persistence('/usr/local/bin', 'on PATH: shadows commands by name', true),
  persistence('/usr/local/sbin', 'on PATH: shadows commands by name', true),
  persistence('node_modules/.bin', 'on PATH of package scripts: shadows commands by name', true),
  // direnv and editors.
  persistence('.envrc', 'direnv runs it on entering the directory'),
  persistence('.vscode', 'tasks, launch configs, settings run programs (sandbox-runtime list)', true),
  persistence('.idea', 'run configurations and tools (sandbox-runtime list)', true),
  persistence('.zed', 'tasks and settings run programs', true),
  persistence('.cursor', 'rules, MCP servers and settings', true),
  persistence('.exrc', 'vi start-up commands'),
  persistence('.vimrc', 'vim start-up commands'),
  persistence('~/.config/nvim', 'neovim start-up commands', true),
  // MCP client configurations (each starts servers: programs).
  persistence('.mcp.json', 'MCP servers Claude Code starts (sandbox-runtime list)'),
  persistence('~/.codex/config.toml', 'Codex MCP servers and settings'),
  persistence('~/.config/claude/claude_desktop_config.json', 'Claude Desktop MCP servers'),
  persistence(
    '~/Library/Application Support/Claude/claude_desktop_config.json',
    'Claude Desktop MCP servers (macOS)',
  ),
  persistence('.continue', 'Continue config and MCP servers', true),
  persistence('.roo/mcp.json', 'Roo MCP servers'),
  persistence('.kiro/settings/mcp.json', 'Kiro MCP servers'),
  // Package managers: script shell, registry, hooks.
  persistence('.npmrc', 'script-shell, registry, node-options'),
  persistence('.yarnrc', 'yarn-path, registry'),
  persistence('.yarnrc.yml', 'yarnPath, plugins, registry'),
  persistence('.pnpmfile.cjs', 'code pnpm runs on install'),
  persistence('.bunfig.toml', 'preload scripts, registry'),
  persistence('bunfig.toml', 'preload scripts, registry'),
  persistence('pip.conf', 'index URL of pip'),
  persistence('~/.config/pip', 'index URL of pip', true),
  persistence('~/.pip', 'index URL of pip', true),
  persistence('.pypirc', 'upload repository'),
  persistence('~/.cargo/config.toml', 'registry, build runners'),
  persistence('.cargo/config.toml', 'registry, build runners'),
  persistence('.cargo/config', 'registry, build runners'),
  persistence('~/.gradle/init.d', 'init scripts Gradle runs', true),
  persistence('~/.m2/settings.xml', 'repositories Maven fetches from'),
]);

/**
 * Directories of the catalogue's policy files: moving or removing one takes its policy file
 * with it (`mv .claude x`, `rm -rf ~/.gemini`).
 */
export const POLICY_HOLDERS: readonly string[] = Object.freeze(
  [
    ...new Set(
      PROTECTED_CATALOGUE.filter((entry) => entry.class === 'policy' && entry.path.includes('/')).map(
        (entry) => entry.path.slice(0, entry.path.lastIndexOf('/')),
      ),
    ),
  ].filter((holder) => holder !== '' && holder !== '~'),
);
