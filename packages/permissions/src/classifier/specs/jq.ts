/**
 * `jq` only reads files and prints, but its program can read the process environment
 * (`env`, `$ENV`), where API keys and tokens live: `jq -rn env.GITHUB_TOKEN` prints one.
 * The floor denies whole-environment dumps; any other program that names the environment
 * is 'unknown' and excluded from prefix rules (`Bash(jq:*)` is about JSON files). Only the
 * program word is checked: `jq --arg env prod '.x[$env]'` binds a variable named `env`.
 */
import type { ShellWord } from '../../shell/types';
import { defineSpec } from '../define-spec';
import type { ClassificationResult } from '../types';
import { classifyWithSpec, unknown } from '../verdict';

const jqSpec = defineSpec({ harmlessOptions: true });

/** Options followed by two words (`--arg NAME VALUE`) or one (`--indent N`, `-L DIR`). */
const TWO_WORDS = new Set(['--arg', '--argjson', '--slurpfile', '--rawfile']);
const ONE_WORD = new Set(['-f', '--from-file', '-L', '--indent']);
/** The `env` builtin (not `$env`, `.env`, `"env"`, or an object key `env:`), or `$ENV`. */
const READS_ENVIRONMENT = /(?:^|[^.\w$"])env\b(?!\s*:)|\$ENV\b/;

/**
 * A module the floor cannot resolve: an `import`/`include` whose path or `search` metadata is
 * not plain string literals (escapes `\u0065`, interpolation, `"a" + "b"`, `("x")`), or a
 * search path under `$ORIGIN` (jq's own directory).
 */
const IMPORTS = /\b(?:import|include)\b/;
const PLAIN_SEARCH = /^\s*(?:"[^"\\]*"|\[\s*"[^"\\]*"(?:\s*,\s*"[^"\\]*")*\s*\])\s*[,}]/;
function unresolvableModule(program: string): boolean {
  if (!IMPORTS.test(program)) return false;
  if (program.includes('\\') || program.includes('$ORIGIN')) return true;
  for (const match of program.matchAll(/\bsearch"?\s*:/g)) {
    if (!PLAIN_SEARCH.test(program.slice(match.index + match[0].length))) return true;
  }
  return false;
}

/** Classifies `jq ARGS…`. */
export function classifyJq(args: readonly string[], words?: readonly ShellWord[]): ClassificationResult {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--args' || arg === '--jsonargs') break; // the words after the program are values
    // `-nL DIR` / `-nLDIR`: jq reads a library directory out of a cluster in its own way.
    if (/^-[a-zA-KM-Z]+L/.test(arg)) {
      return { ...unknown('jq takes a library directory from an option cluster', arg), prefixExcluded: true };
    }
    if (TWO_WORDS.has(arg)) i += 2;
    else if (ONE_WORD.has(arg)) i += 1;
    else if (arg === '--' || !arg.startsWith('-') || arg === '-') {
      const program = arg === '--' ? args[i + 1] : arg;
      if (program !== undefined && READS_ENVIRONMENT.test(program)) {
        return { ...unknown('the jq program reads the process environment', program), prefixExcluded: true };
      }
      if (program !== undefined && unresolvableModule(program)) {
        return {
          ...unknown('the jq program imports a module whose path cannot be resolved', program),
          prefixExcluded: true,
        };
      }
      break;
    }
  }
  return classifyWithSpec('jq', jqSpec, args, words);
}
