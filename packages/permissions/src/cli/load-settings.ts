/**
 * Settings for a CLI run: the `--settings` files in order (lowest precedence first), or the
 * standard layers (user, project, local) for the working directory when none is given.
 * Problems are printed to stderr naming file, line and column; the run continues fail
 * closed (no allow rules).
 */
import path from 'node:path';
import { createRuleStore, type LoadedSettings } from '../store/rule-store';
import type { CliIo } from './io';

/** Loads the settings for a CLI run and reports problems on `io.stderr`. */
export function loadCliSettings(files: readonly string[], cwd: string, io: CliIo): LoadedSettings {
  const store = createRuleStore(
    files.length > 0
      ? {
          layers: files.map((file, index) => ({
            name: `settings#${index + 1}`,
            file: path.resolve(io.cwd, file),
          })),
        }
      : { cwd, homeDir: io.homeDir },
  );
  const loaded = store.load();
  for (const layer of loaded.layers) {
    if (files.length > 0 && !layer.exists) {
      io.stderr.write(`dexter-permissions: settings file not found: ${layer.file}\n`);
    }
  }
  for (const error of loaded.errors) io.stderr.write(`dexter-permissions: ${error.message}\n`);
  if (loaded.errors.length > 0) {
    io.stderr.write(
      'dexter-permissions: running fail closed: no allow rule applies until the settings are fixed\n',
    );
  }
  return loaded;
}

/** True when loading found a problem the user must fix (bad file, or a named file missing). */
export function settingsFailed(files: readonly string[], loaded: LoadedSettings): boolean {
  return loaded.errors.length > 0 || (files.length > 0 && loaded.layers.some((layer) => !layer.exists));
}
