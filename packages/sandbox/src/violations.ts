/**
 * What was refused, as the model reads it. Each platform reports differently:
 *
 * - Linux (bubblewrap): the runtime records refused writes (its seccomp observer sees the
 *   write that failed) and refused connections (its proxy); a refused read is silent — a
 *   secret file reads as "Permission denied", a secret directory as empty. For reads the
 *   command's own error output is the only trace, so lines of stderr that name a path in the
 *   policy's unreadable set are reported too (`source: 'stderr'`).
 * - macOS (Seatbelt): the runtime reads the system's sandbox log, which names every refused
 *   operation, reads included.
 */
import path from 'node:path';
import type { RuntimeViolation } from './runtime';
import { isWithin } from './sandbox-policy';

/** One refused operation of a sandboxed call. */
export interface SandboxViolation {
  /** `write`, `network`, `read`, or `other` (a line the runtime gave that we do not parse). */
  readonly kind: 'read' | 'write' | 'network' | 'other';
  /** The path or `host:port` that was refused, when known. */
  readonly target?: string;
  /** The line as reported. */
  readonly line: string;
  /** `runtime`: the sandbox runtime recorded it; `stderr`: read from the command's error output. */
  readonly source: 'runtime' | 'stderr';
}

const NETWORK = /^deny network-outbound (\S+)/;
const FILE =
  /^deny (?:file-write\S*|openat|open|creat|mkdir\S*|unlink\S*|rename\S*|truncate|link\S*|symlink\S*|chmod|chown|\S+) (\/\S*)/;

/** Reads the runtime's violation lines. */
export function readRuntimeViolations(violations: readonly RuntimeViolation[]): SandboxViolation[] {
  return violations.map(({ line }) => {
    const network = NETWORK.exec(line);
    if (network) return { kind: 'network', target: network[1]!, line, source: 'runtime' };
    const file = FILE.exec(line);
    if (file) {
      const kind = /^deny file-read/.test(line) ? 'read' : 'write';
      return { kind, target: file[1]!, line, source: 'runtime' };
    }
    return { kind: 'other', line, source: 'runtime' };
  });
}

const REFUSED = /Permission denied|Operation not permitted|No such file or directory|Read-only file system/;

/**
 * Paths in the policy's unreadable set that `stderr` names on a line that reports a failure
 * (Linux gives no other trace of a refused read). Relative paths are read from `cwd`.
 */
export function readDeniedReadsFromStderr(
  stderr: string,
  denyRead: readonly string[],
  cwd: string,
): SandboxViolation[] {
  if (denyRead.length === 0 || stderr === '') return [];
  const found = new Map<string, SandboxViolation>();
  for (const line of stderr.split('\n')) {
    if (!REFUSED.test(line)) continue;
    for (const word of line.split(/[\s:'"`‘’]+/)) {
      if (word === '' || !/[/.]/.test(word)) continue;
      const resolved = path.resolve(cwd, word);
      if (found.has(resolved) || !denyRead.some((entry) => isWithin(resolved, entry))) continue;
      found.set(resolved, {
        kind: 'read',
        target: resolved,
        line: `deny read ${resolved} (a secret location: unreadable in the sandbox)`,
        source: 'stderr',
      });
    }
  }
  return [...found.values()];
}

/** The `<sandbox_violations>` block the model reads under a call's output ('' when none). */
export function formatViolations(violations: readonly SandboxViolation[]): string {
  if (violations.length === 0) return '';
  return `<sandbox_violations>\n${violations.map((violation) => violation.line).join('\n')}\n</sandbox_violations>`;
}
