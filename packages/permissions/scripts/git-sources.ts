/**
 * Another commit's engine sources, for the tools that build that engine beside this tree's:
 * the comparison harness (`compare-engines`) and the benches' `BENCH_BASE` / `HOOK_BENCH_BASE`.
 * The engine is `packages/permissions/src` with `packages/registry/src`, the one package it
 * imports; both are taken from `git archive`, so uncommitted files never leak into a base.
 */
import { execFileSync } from 'node:child_process';

/** The folders of the repository an engine is built from. */
const ENGINE_SOURCES = ['packages/permissions/src', 'packages/registry/src'];

/** The commit `ref` (any git ref) names in the repository at `repo`; throws when it names none. */
export function commitOf(repo: string, ref: string): string {
  return execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** Writes the engine's sources at `commit` under the existing directory `into`, by their repository paths. */
export function extractSources(repo: string, commit: string, into: string): void {
  const archive = execFileSync('git', ['archive', commit, ...ENGINE_SOURCES], {
    cwd: repo,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', into], { input: archive });
}
