/**
 * A shell decision under loaded settings — the one path shared by the CLI and the test
 * helpers, so `dexter-permissions test` and `checkRuleTable` agree with the engine.
 */
import { createSecretModel } from '../secrets/secret-model';
import type { LoadedSettings } from '../store/rule-store';
import { type BashEvaluation, type EvaluateBashOptions, evaluateBashDetailed } from './evaluate-bash';

/** Evaluates `command` with the rules, default mode and read-only mode of `settings`. */
export function evaluateWithSettings(
  command: string,
  settings: LoadedSettings,
  options: EvaluateBashOptions = {},
): BashEvaluation {
  return evaluateBashDetailed(command, settings.rules, {
    ...options,
    defaultMode: options.defaultMode === 'deny' || settings.defaultMode === 'deny' ? 'deny' : 'ask',
    readOnlyAutoAllow: options.readOnlyAutoAllow ?? settings.readOnlyAutoAllow ?? false,
    // Locations the settings add to the secret catalogue (never remove).
    ...(settings.secretPaths !== undefined && options.secrets === undefined
      ? { secrets: createSecretModel({ extraPaths: settings.secretPaths }) }
      : {}),
  });
}
