/**
 * The structure of a permission rule. Rules are always handled as structure and turned
 * back into text by `serializeRule`, so a crafted command can never smuggle a broader rule
 * in through string concatenation.
 */

/** `Bash`, `WriteFile`: every call of the tool. */
export interface ToolRule {
  readonly kind: 'tool';
  /** The tool name as written (matched with `normalizeToolName`). */
  readonly tool: string;
}

/**
 * `Bash(git status)` (exact) or `Bash(git status:*)` (prefix): the argv of a simple
 * command, or its leading words on a word boundary.
 */
export interface CommandRule {
  readonly kind: 'exact' | 'prefix';
  readonly tool: string;
  /** Words after quote removal; never empty. */
  readonly argv: readonly string[];
}

/** `WriteFile(src/**)`: a path glob on the call's subject path. */
export interface PathRule {
  readonly kind: 'path';
  readonly tool: string;
  /** `*` within a segment, `**` across segments, `?` one character; see `matchPathGlob`. */
  readonly glob: string;
}

/**
 * `WebFetch(domain:docs.python.org)`: the host of the URL the call fetches is this domain or
 * one of its subdomains (an IP literal matches only itself); see `matchDomain`.
 */
export interface DomainRule {
  readonly kind: 'domain';
  readonly tool: string;
  /** Normalised host: lower case, punycode, no trailing dot. */
  readonly domain: string;
}

/** A parsed permission rule. */
export type Rule = ToolRule | CommandRule | PathRule | DomainRule;

/** The kinds of rule. */
export type RuleKind = Rule['kind'];

/** The three rule lists a decision is made from. */
export interface RuleSet {
  readonly allow: readonly Rule[];
  readonly ask: readonly Rule[];
  readonly deny: readonly Rule[];
}

/** The empty rule set. */
export const emptyRuleSet: RuleSet = Object.freeze({
  allow: Object.freeze([]),
  ask: Object.freeze([]),
  deny: Object.freeze([]),
});
