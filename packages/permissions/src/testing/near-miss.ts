/**
 * Near misses: the command rule a person most likely meant when a command was not decided the
 * way they expected. Rule authors make the same few mistakes — a missing word
 * (`Bash(npm build:*)` for `npm run build`), a flag further along than a prefix reaches
 * (`Bash(git push --force:*)` against `git push origin main --force`), a cluster spelled
 * another way (`Bash(rm -rf:*)` against `rm -fr`) — and a report that names the rule and the
 * word where it parted from the command points at the fix. Diagnostics only: nothing here
 * decides anything.
 */
import { commandBasename } from '../rules/match-command-rule';
import type { CommandRule, Rule, RuleSet } from '../rules/rule';
import { serializeRule } from '../rules/serialize-rule';
import { isShellToolName } from '../rules/tool-name';

/** Which list a rule is in. */
export type RuleList = 'allow' | 'ask' | 'deny';

/** A command rule that nearly matched one of the command's simple commands. */
export interface NearMiss {
  /** The rule as written (`Bash(npm build:*)`). */
  readonly rule: string;
  readonly list: RuleList;
  /** The simple command it was compared with. */
  readonly argv: readonly string[];
  /** What kept it from matching, in words. */
  readonly why: string;
  /** A rule that would match this command, when one follows from the near miss. */
  readonly suggestion?: string;
}

const cluster = /^-[A-Za-z0-9]{2,}$/;
const shortFlag = /^-[A-Za-z0-9]$/;

/** The letters of a short-option cluster (`-rf` → `fr`), sorted. */
function letters(word: string): string {
  return [...word.slice(1)].sort().join('');
}

/** Index in `argv` after `start` holding the same cluster letters as `word` spelled apart or in another order. */
function respelledCluster(word: string, argv: readonly string[], start: number): string | undefined {
  if (!cluster.test(word)) return undefined;
  const wanted = letters(word);
  for (let index = start; index < argv.length; index++) {
    const other = argv[index]!;
    if (other !== word && cluster.test(other) && letters(other) === wanted) return other;
  }
  const singles = argv.slice(start).filter((other) => shortFlag.test(other));
  const spelled = letters(`-${singles.map((flag) => flag.slice(1)).join('')}`);
  if (singles.length > 1 && [...wanted].every((letter) => spelled.includes(letter))) {
    return singles.filter((flag) => wanted.includes(flag.slice(1))).join(' ');
  }
  return undefined;
}

function quote(words: readonly string[]): string {
  return `\`${words.join(' ')}\``;
}

/** Why `rule` does not match `argv` (same command name), with a score: higher is nearer. */
function diagnose(
  rule: CommandRule,
  argv: readonly string[],
  list: RuleList,
): { why: string; suggestion?: string; score: number } | undefined {
  const words = rule.argv;
  if (argv.length === 0 || commandBasename(argv[0]!) !== commandBasename(words[0]!)) return undefined;
  const tool = rule.tool;
  const prefixRule = (prefix: readonly string[]) =>
    serializeRule({ kind: 'prefix', tool, argv: prefix } as CommandRule);

  if (argv[0] !== words[0]) {
    return {
      why: `the rule names ${quote([words[0]!])} but the command runs ${quote([argv[0]!])}; an allow rule compares the program as written (another path is another program)`,
      score: 5,
    };
  }
  let common = 1;
  while (common < words.length && common < argv.length && words[common] === argv[common]) common++;
  // Matched: not a near miss (another rule, or the floor, decided before it).
  if (common === words.length && (rule.kind === 'prefix' || argv.length === words.length)) return undefined;
  if (common === words.length) {
    // Every word matched: an exact rule with more words in the command.
    return {
      why: `the exact rule ${quote(words)} does not cover the extra words ${quote(argv.slice(common))}; end it with \`:*\` to cover what follows`,
      suggestion: prefixRule(words),
      score: 9,
    };
  }
  const expected = words[common]!;
  const respelled = respelledCluster(expected, argv, common);
  if (respelled !== undefined) {
    return {
      why: `flag spelling: the rule says ${quote([expected])}, the command ${quote([respelled])}; rules compare words as written, so each spelling needs its own rule`,
      suggestion: prefixRule([...argv.slice(0, common), ...respelled.split(' ')]),
      score: 8,
    };
  }
  // The rule's remaining words all appear later, in order: words in between broke the prefix.
  let position = common;
  let found = common;
  const skipped: string[] = [];
  for (; found < words.length && position < argv.length; position++) {
    if (argv[position] === words[found]) found++;
    else if (found === common) skipped.push(argv[position]!);
  }
  if (found === words.length) {
    if (!expected.startsWith('-')) {
      return {
        why: `a missing word: the command has ${quote(skipped)} before ${quote([expected])}`,
        suggestion: prefixRule(argv.slice(0, position)),
        score: 7,
      };
    }
    // A flag further along: an allow rule can name these words; a deny or ask rule that must
    // catch the flag wherever it sits has to be the shorter prefix.
    const restrictive = list !== 'allow';
    return {
      why: `word order: ${quote([expected])} comes after ${quote(skipped)} in the command; a prefix rule matches leading words only${restrictive ? `, so to ${list === 'deny' ? 'deny' : 'ask about'} it wherever the flag sits, use the shorter prefix` : ''}`,
      suggestion: prefixRule(restrictive ? words.slice(0, common) : argv.slice(0, position)),
      score: 7,
    };
  }
  const inCommand = argv.slice(common);
  if (words.slice(common).every((word) => inCommand.includes(word))) {
    return {
      why: `word order: the command has the rule's words ${quote(words.slice(common))} in another order`,
      score: 6,
    };
  }
  // Parting after a shared word or two (`git status` vs `git push`) is a different rule, not a miss.
  return undefined;
}

function isCommandRule(rule: Rule): rule is CommandRule {
  return (rule.kind === 'exact' || rule.kind === 'prefix') && isShellToolName(rule.tool);
}

/**
 * Rules of `lists` that name the same program as one of `argvs` (the simple commands of a
 * command, as the engine read them) without matching it, nearest first.
 *
 * @example
 * ```ts
 * findNearMisses([['npm', 'run', 'build']], compileRuleSet({ allow: ['Bash(npm build:*)'] }));
 * // [{ rule: 'Bash(npm build:*)', list: 'allow', why: 'a missing word: …', suggestion: 'Bash(npm run build:*)', … }]
 * ```
 */
export function findNearMisses(
  argvs: readonly (readonly string[])[],
  rules: RuleSet,
  lists: readonly RuleList[] = ['allow', 'ask', 'deny'],
): NearMiss[] {
  const found: (NearMiss & { score: number })[] = [];
  for (const list of lists) {
    for (const rule of rules[list]) {
      if (!isCommandRule(rule)) continue;
      let best: (NearMiss & { score: number }) | undefined;
      for (const argv of argvs) {
        const diagnosis = diagnose(rule, argv, list);
        if (diagnosis === undefined || (best !== undefined && best.score >= diagnosis.score)) continue;
        best = {
          rule: serializeRule(rule),
          list,
          argv,
          why: diagnosis.why,
          score: diagnosis.score,
          ...(diagnosis.suggestion === undefined ? {} : { suggestion: diagnosis.suggestion }),
        };
      }
      if (best !== undefined) found.push(best);
    }
  }
  return found.sort((a, b) => b.score - a.score).map(({ score: _score, ...miss }) => miss);
}
