/**
 * `createStaticDecider`: a `PermissionDecider` that answers from a table by tool name —
 * for tests and demos that do not need the real rule engine. It records requests and the
 * rules an "always allow" answer persisted.
 */
import type {
  PermissionBehavior,
  PermissionDecider,
  PermissionDecision,
  PermissionRequest,
} from '../permission-port';

/** A table entry: a behavior, or a partial decision (reason, sessionKey, proposedRules, ...). */
export type StaticDecision =
  | PermissionBehavior
  | (Partial<PermissionDecision> & { behavior: PermissionBehavior });

/** A decider with its records. */
export interface StaticDecider extends PermissionDecider {
  readonly requests: PermissionRequest[];
  /** Rules passed to `persistAllowRule`, in order. */
  readonly persisted: string[];
  persistAllowRule(rule: string): Promise<void>;
}

/** Options of `createStaticDecider`. */
export interface StaticDeciderOptions {
  /** For tools not in the table: their own `defaultBehavior` when absent. */
  fallback?: StaticDecision;
  /** Make `persistAllowRule` reject with this error. */
  persistError?: Error;
}

/**
 * @example
 * ```ts
 * const permissions = createStaticDecider({ read_file: 'allow', bash: { behavior: 'ask', proposedRules: ['Bash(ls:*)'] } });
 * ```
 */
export function createStaticDecider(
  table: Readonly<Record<string, StaticDecision>>,
  options: StaticDeciderOptions = {},
): StaticDecider {
  const requests: PermissionRequest[] = [];
  const persisted: string[] = [];
  return {
    requests,
    persisted,
    decide(request) {
      requests.push(request);
      const entry = table[request.tool] ?? options.fallback ?? request.defaultBehavior ?? 'ask';
      const partial = typeof entry === 'string' ? { behavior: entry } : entry;
      return {
        reason: `${request.tool} is ${partial.behavior} in the static table`,
        sessionKey: `tool:${request.tool}`,
        cacheable: partial.behavior !== 'deny',
        ...partial,
      };
    },
    async persistAllowRule(rule) {
      if (options.persistError) throw options.persistError;
      persisted.push(rule);
    },
  };
}
