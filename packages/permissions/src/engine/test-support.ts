/**
 * Shared helpers for this folder's own tests (not part of the public API): the engine's
 * decision with the command table changed, for the mutation checks.
 */
import { withTableChanged } from '../commands/test-support';
import type { CommandFact } from '../commands/types';
import type { RuleSetInput } from '../rules/compile-rule-set';
import type { EvaluateBashOptions } from './evaluate-bash';

/**
 * `command`'s behavior under `rules`, with the table's entries changed by `change` (see
 * `withTableChanged`): the engine and the rule compiler are loaded again over the changed table.
 */
export function decideWithout(
  change: (entry: CommandFact) => CommandFact,
  command: string,
  rules: RuleSetInput,
  options: EvaluateBashOptions,
): Promise<string> {
  return withTableChanged(change, async () => {
    const engine = await import('./evaluate-bash');
    const compile = await import('../rules/compile-rule-set');
    return engine.evaluateBash(command, compile.compileRuleSet(rules), options).behavior;
  });
}
