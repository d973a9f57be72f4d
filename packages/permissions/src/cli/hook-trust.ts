/**
 * The Gemini CLI's folder trust, read the way 0.61.0 reads it: it loads a project's
 * `.gemini/settings.json` hooks only in a trusted folder, and a headless run with
 * `--skip-trust` in an untrusted one drops them without a word — the tool then runs
 * unguarded (checked in `examples/host-hooks`). `install-hook` refuses a project-level
 * registration the CLI would not load, and `doctor` reports one.
 *
 * Trusted, in the CLI's order: `GEMINI_CLI_TRUST_WORKSPACE=true` (untrusted with `false` or
 * `GEMINI_RESTRICTED_MODE=true`); folder trust switched off (`security.folderTrust.enabled:
 * false` in the user settings; it is on by default); the longest rule of `trustedFolders.json`
 * (`GEMINI_CLI_TRUSTED_FOLDERS_PATH`, else `~/.gemini/trustedFolders.json`) whose folder holds
 * the project — `TRUST_FOLDER` (that folder), `TRUST_PARENT` (the folder above it),
 * `DO_NOT_TRUST`. No rule: untrusted (the CLI would ask interactively; headless it does not).
 */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Whether the Gemini CLI trusts a folder, and why. */
export interface FolderTrust {
  trusted: boolean;
  why: string;
}

function realPath(location: string): string {
  try {
    return realpathSync(location);
  } catch {
    return path.resolve(location);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Folder trust of `projectDir` for the Gemini CLI of a user whose home is `homeDir`. */
export function geminiFolderTrust(
  projectDir: string,
  homeDir: string,
  env: Readonly<Record<string, string | undefined>>,
): FolderTrust {
  if (env.GEMINI_RESTRICTED_MODE === 'true' || env.GEMINI_CLI_TRUST_WORKSPACE === 'false')
    return { trusted: false, why: 'GEMINI_RESTRICTED_MODE or GEMINI_CLI_TRUST_WORKSPACE=false is set' };
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true')
    return {
      trusted: true,
      why: 'GEMINI_CLI_TRUST_WORKSPACE=true is set here (the runs need it too)',
    };
  const userSettings = path.join(homeDir, '.gemini/settings.json');
  try {
    const settings: unknown = JSON.parse(readFileSync(userSettings, 'utf8'));
    const security = isRecord(settings) ? settings.security : undefined;
    const folderTrust = isRecord(security) ? security.folderTrust : undefined;
    if (isRecord(folderTrust) && folderTrust.enabled === false)
      return { trusted: true, why: `folder trust is switched off in ${userSettings}` };
  } catch {
    // no user settings (or unreadable ones): folder trust stays on, its default
  }
  const file = env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || path.join(homeDir, '.gemini/trustedFolders.json');
  let rules: unknown;
  try {
    rules = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      trusted: false,
      why: missing ? `no folder is trusted (${file} does not exist)` : `${file} cannot be read as JSON`,
    };
  }
  if (!isRecord(rules)) return { trusted: false, why: `${file} does not hold a JSON object` };
  const location = realPath(projectDir);
  let best: { rule: string; level: string } | undefined;
  for (const [rule, level] of Object.entries(rules)) {
    if (level !== 'TRUST_FOLDER' && level !== 'TRUST_PARENT' && level !== 'DO_NOT_TRUST') continue;
    const folder = realPath(level === 'TRUST_PARENT' ? path.dirname(rule) : rule);
    const inside =
      location === folder || location.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`);
    if (inside && (best === undefined || rule.length > best.rule.length)) best = { rule, level };
  }
  if (!best) return { trusted: false, why: `no rule in ${file} trusts ${projectDir}` };
  return best.level === 'DO_NOT_TRUST'
    ? { trusted: false, why: `${file} marks ${best.rule} DO_NOT_TRUST` }
    : { trusted: true, why: `${file} marks ${best.rule} ${best.level}` };
}
