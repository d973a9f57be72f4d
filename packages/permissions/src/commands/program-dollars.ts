/** How the `$` of an interpreter's program is read (`dollarNotShell`, decision 0058). */
import type { CompiledFact } from './compile';

/**
 * `$` before a name or digit (`$1`, `$NF`, `$F[0]`) outside strings: read as shell,
 * `{s+=$1}` or `$1 == "x"` would make a command word computed at run time, which it is
 * not. Inside a string (`"…"`, `'…'`, `` `…` ``) it stays — the string may be a command
 * line for `system` or backquotes — and so do `$(`, `${` and `$'…'`, read as the
 * substitution or ANSI-C word they are there.
 */
const FIELD_REFERENCE = /"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?|\$(?=[\w.#?!*@$-])/gs;

/** `program` with its field and variable references outside strings spelled `_` (see `FIELD_REFERENCE`). */
export function withoutFieldReferences(program: string): string {
  return program.includes('$')
    ? program.replace(FIELD_REFERENCE, (match) => (match === '$' ? '_' : match))
    : program;
}

/** `word` as an entry's program reads its `$`: without field references when `dollarNotShell`. */
export function programDollars(word: string, fact: CompiledFact | undefined): string {
  return fact?.fact.dollarNotShell === true ? withoutFieldReferences(word) : word;
}
