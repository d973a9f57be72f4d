/**
 * The hybrid router: the LLM router when a model is configured, the rule router when there
 * is none, when the model picks no sub-call, or when the model call fails. The plan's notes
 * say which happened. A caller's abort is never turned into a fallback.
 */
import type { FinancialQueryRouter, RouteOptions, RoutePlan } from './types';

/** Options of `createHybridRouter`. */
export interface HybridRouterOptions {
  /** The model-backed router; omit to always use `rules`. */
  llm?: FinancialQueryRouter;
  /** The deterministic fallback. */
  rules: FinancialQueryRouter;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * @example
 * ```ts
 * const router = createHybridRouter({
 *   llm: llm ? createLlmRouter({ llm, clock }) : undefined,
 *   rules: createRuleRouter({ clock }),
 * });
 * ```
 */
export function createHybridRouter(options: HybridRouterOptions): FinancialQueryRouter {
  if (!options?.rules || typeof options.rules.route !== 'function') {
    throw new TypeError('createHybridRouter needs { rules }: a router to fall back on (createRuleRouter())');
  }
  const { llm, rules } = options;

  async function route(query: string, routeOptions: RouteOptions = {}): Promise<RoutePlan> {
    if (!llm) return rules.route(query, routeOptions);
    let fallbackNote: string;
    try {
      const plan = await llm.route(query, routeOptions);
      if (plan.calls.length > 0) return plan;
      fallbackNote = 'The LLM router chose no sub-calls; used the rule router instead.';
      if (plan.notes.length > 0) fallbackNote += ` (LLM notes: ${plan.notes.join(' ')})`;
    } catch (error) {
      if (routeOptions.signal?.aborted) throw error;
      fallbackNote = `The LLM router failed (${message(error)}); used the rule router instead.`;
    }
    const plan = await rules.route(query, routeOptions);
    return { ...plan, notes: [fallbackNote, ...plan.notes] };
  }

  return Object.freeze({ kind: 'hybrid' as const, route });
}
