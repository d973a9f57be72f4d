/**
 * Run snapshots: the plain, versioned, signed JSON that carries a suspended run to another
 * request or machine (`createResumableExecutor`). A snapshot crosses trust boundaries — a
 * browser may hold it — so it is signed with the host's key (HMAC-SHA256 over a canonical
 * encoding), and `verifyRunSnapshot` rejects anything malformed, truncated, of another
 * version, signed with another key, or altered, with a typed `RunSnapshotError`, before
 * anything runs.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DexterError } from '@dexter/registry';
import type { ToolResult, ToolResultStatus } from './tool-result';

/** The snapshot format this version writes and reads. */
export const RUN_SNAPSHOT_VERSION = 1;
const FORMAT = 'dexter.run-snapshot';

/** Why a snapshot was refused. */
export type RunSnapshotErrorCode =
  | 'snapshot_malformed'
  | 'snapshot_version'
  | 'snapshot_foreign_key'
  | 'snapshot_tampered'
  | 'snapshot_already_resumed'
  | 'invalid_signing_key';

const runSnapshotMarker = Symbol.for('dexter.error.run-snapshot');

/** A snapshot could not be used; nothing ran. */
export class RunSnapshotError extends DexterError<RunSnapshotErrorCode> {
  override readonly name = 'RunSnapshotError';
  readonly [runSnapshotMarker] = true;
  static override isInstance(value: unknown): value is RunSnapshotError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[runSnapshotMarker] === true
    );
  }
}

/** A call as the snapshot keeps it. */
export interface SnapshotCall {
  id: string;
  name: string;
  input: unknown;
}

/** A finished call's result as the snapshot keeps it (JSON only; `cause` is never kept). */
export interface SnapshotResult {
  toolCallId: string;
  name: string;
  status: ToolResultStatus;
  content: string;
  durationMs: number;
  output?: unknown;
  /** True when the tool's output was not JSON and only `content` was kept. */
  outputOmitted?: true;
  notes?: string[];
  duplicateOf?: string;
  error?: { message: string; name?: string; issues?: unknown };
}

/** A call waiting for a person's answer: what an approval UI shows. */
export interface PendingApproval {
  /** Answer it under this key in `resume(snapshot, answers)`; equal to `toolCallId`. */
  approvalId: string;
  toolCallId: string;
  /** Position of the call in the run. */
  index: number;
  tool: string;
  input: unknown;
  reason: string;
  classification?: string;
  proposedRules?: string[];
  /** The first proposed rule, what an "always allow" would persist. */
  proposedRule?: string;
  subject?: unknown;
}

/** The body of a snapshot, everything but the signature. */
export interface RunSnapshotBody {
  format: typeof FORMAT;
  version: number;
  /** Unique per snapshot: the resume ledger keys on it. */
  id: string;
  createdAt: string;
  /** Fingerprint of the signing key (not the key): tells a foreign key from tampering. */
  keyId: string;
  calls: SnapshotCall[];
  /** Finished calls by index (ok, error, denied, ...). */
  results: Record<string, SnapshotResult>;
  pending: PendingApproval[];
  /** Indexes of calls that never started: they run on resume, in order. */
  notStarted: number[];
  /** Calls per tool the session had counted when the run suspended (soft limits). */
  callCounts: Record<string, number>;
}

/** A signed snapshot. Plain JSON: store it, send it, `JSON.stringify` it. */
export interface RunSnapshot extends RunSnapshotBody {
  signature: string;
}

/** Key bytes; at least 32. */
export type SigningKey = string | Uint8Array;

function keyBytes(key: SigningKey): Buffer {
  const bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
  if (bytes.length < 32) {
    throw new RunSnapshotError(
      'invalid_signing_key',
      "the snapshot signing key must be at least 32 bytes (e.g. crypto.randomBytes(32), kept in the host's secrets)",
    );
  }
  return bytes;
}

/** The key's fingerprint stored in snapshots. */
export function signingKeyId(key: SigningKey): string {
  return createHash('sha256').update(keyBytes(key)).digest('hex').slice(0, 16);
}

/** JSON with object keys sorted, so the signed bytes do not depend on key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sign(body: RunSnapshotBody, key: SigningKey): string {
  return createHmac('sha256', keyBytes(key)).update(canonical(body)).digest('base64url');
}

/** Signs a snapshot body. */
export function signRunSnapshot(body: RunSnapshotBody, key: SigningKey): RunSnapshot {
  return { ...body, signature: sign(body, key) };
}

/** Keeps what JSON can carry of a result. */
export function toSnapshotResult(result: ToolResult): SnapshotResult {
  const kept: SnapshotResult = {
    toolCallId: result.toolCallId,
    name: result.name,
    status: result.status,
    content: result.content,
    durationMs: result.durationMs,
  };
  if (result.output !== undefined) {
    try {
      const text = JSON.stringify(result.output);
      if (text === undefined) kept.outputOmitted = true;
      else kept.output = JSON.parse(text);
    } catch {
      kept.outputOmitted = true;
    }
  }
  if (result.notes && result.notes.length > 0) kept.notes = [...result.notes];
  if (result.duplicateOf !== undefined) kept.duplicateOf = result.duplicateOf;
  if (result.error) {
    kept.error = { message: String(result.error.message) };
    if (result.error.name !== undefined) kept.error.name = result.error.name;
    if (result.error.issues !== undefined)
      kept.error.issues = JSON.parse(JSON.stringify(result.error.issues));
  }
  return kept;
}

/** A kept result as a `ToolResult` again. */
export function fromSnapshotResult(kept: SnapshotResult): ToolResult {
  const result: ToolResult = {
    toolCallId: kept.toolCallId,
    name: kept.name,
    status: kept.status,
    content: kept.content,
    durationMs: kept.durationMs,
  };
  if (kept.output !== undefined) result.output = kept.output;
  if (kept.notes) result.notes = [...kept.notes];
  if (kept.duplicateOf !== undefined) result.duplicateOf = kept.duplicateOf;
  if (kept.error) {
    result.error = { message: kept.error.message };
    if (kept.error.name !== undefined) result.error.name = kept.error.name;
    if (Array.isArray(kept.error.issues)) result.error.issues = kept.error.issues as never;
  }
  return result;
}

const malformed = (why: string) =>
  new RunSnapshotError('snapshot_malformed', `not a usable run snapshot: ${why}`);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads and checks a snapshot (an object or its JSON text). Throws `RunSnapshotError`:
 * `snapshot_malformed` (not JSON, truncated, wrong shape), `snapshot_version`,
 * `snapshot_foreign_key` (signed with another key), `snapshot_tampered` (signature does not
 * match the content).
 */
export function verifyRunSnapshot(input: unknown, key: SigningKey): RunSnapshot {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw malformed('its text is not JSON (truncated?)');
    }
  }
  if (!isRecord(value)) throw malformed('expected an object');
  if (value.format !== FORMAT) throw malformed(`format is not "${FORMAT}"`);
  if (value.version !== RUN_SNAPSHOT_VERSION) {
    throw new RunSnapshotError(
      'snapshot_version',
      `run snapshot version ${String(value.version)} is not supported (this version reads ${RUN_SNAPSHOT_VERSION})`,
    );
  }
  const { signature, ...body } = value;
  if (typeof signature !== 'string' || signature === '') throw malformed('it has no signature');
  if (body.keyId !== signingKeyId(key)) {
    throw new RunSnapshotError('snapshot_foreign_key', 'the run snapshot was signed with another key');
  }
  const expected = Buffer.from(sign(body as unknown as RunSnapshotBody, key));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new RunSnapshotError('snapshot_tampered', 'the run snapshot does not match its signature');
  }
  // Signed by us: the shape checks below guard against our own older bugs, not attackers.
  if (typeof body.id !== 'string' || !Array.isArray(body.calls) || !Array.isArray(body.pending)) {
    throw malformed('fields are missing');
  }
  if (!isRecord(body.results) || !Array.isArray(body.notStarted) || !isRecord(body.callCounts)) {
    throw malformed('fields are missing');
  }
  return value as unknown as RunSnapshot;
}
