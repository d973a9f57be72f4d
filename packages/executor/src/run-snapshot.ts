/**
 * Run snapshots: the versioned, signed envelope that carries a suspended run to another
 * request or machine (`createResumableExecutor`). A snapshot crosses trust boundaries — a
 * browser may hold it — so:
 *
 * - its state (calls, finished results, pending approvals, counters) travels as one string,
 *   `body`: the canonical JSON text of that state (`encodeCanonicalJson`: keys sorted, strict
 *   — a value whose text would read back as something else is never written), or, with an
 *   encryption key, that text sealed with AES-256-GCM;
 * - the signature (HMAC-SHA256) covers the envelope's fields — format, version, id, time, key
 *   fingerprint, session, encoding and the body's exact text — so what resumes is, byte for
 *   byte, what was signed: `1e999` put in place of `null`, a reordered key or an added field
 *   all fail; nothing is re-encoded before checking;
 * - the envelope is flat, so `JSON.stringify(snapshot)` works however deep the state is, and
 *   `verifyRunSnapshot` reads it without recursion (`JSON.parse` is iterative);
 * - it names the session its run used (`sessionId`); `resume` refuses another session.
 *
 * `verifyRunSnapshot` rejects anything malformed, truncated, of another version, signed with
 * another key or altered with a typed `RunSnapshotError`, before anything runs.
 * docs/decisions/0022-canonical-snapshots-and-ledger-scope.md.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { DexterError } from '@dexter/registry';
import { encodeCanonicalJson, keepJson } from './json-value';
import type { ToolResult, ToolResultStatus } from './tool-result';

/** The snapshot format this version writes and reads. */
export const RUN_SNAPSHOT_VERSION = 2;
const FORMAT = 'dexter.run-snapshot';

/** Why a snapshot was refused (or could not be made). */
export type RunSnapshotErrorCode =
  | 'snapshot_malformed'
  | 'snapshot_version'
  | 'snapshot_foreign_key'
  | 'snapshot_tampered'
  | 'snapshot_already_resumed'
  | 'snapshot_wrong_session'
  | 'snapshot_undecryptable'
  | 'invalid_signing_key'
  | 'invalid_encryption_key';

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
  /**
   * True when the tool's output had no exact JSON form (a function, a cycle, a non-finite
   * number, `-0`, a BigInt, too large): only `content`, the text the model read, was kept.
   */
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
  /** The input the call runs with if allowed — exactly this, byte for byte of its canonical JSON. */
  input: unknown;
  reason: string;
  classification?: string;
  proposedRules?: string[];
  /** The first proposed rule, what an "always allow" would persist. */
  proposedRule?: string;
  subject?: unknown;
}

/** The state a snapshot carries (its `body`, decoded). */
export interface RunSnapshotState {
  calls: SnapshotCall[];
  /** Finished calls by index (ok, error, denied, ...). */
  results: Record<string, SnapshotResult>;
  pending: PendingApproval[];
  /** Indexes of calls that never started: they run on resume, in order. */
  notStarted: number[];
  /** Calls per tool the session had counted when the run suspended (soft limits). */
  callCounts: Record<string, number>;
}

/** How `body` is written. */
export type RunSnapshotEncoding = 'json' | 'aes-256-gcm';

/** A signed snapshot: a flat object of strings and a number. Store it, send it, `JSON.stringify` it. */
export interface RunSnapshot {
  format: typeof FORMAT;
  version: number;
  /** Unique per snapshot: the resume ledger keys on it. */
  id: string;
  createdAt: string;
  /** Fingerprint of the signing key (not the key): tells a foreign key from tampering. */
  keyId: string;
  /** The id of the session the run used; `resume` refuses another session. */
  sessionId: string;
  /** `json`: `body` is the state's canonical JSON text; `aes-256-gcm`: it is sealed. */
  encoding: RunSnapshotEncoding;
  /** The state: canonical JSON text, or base64url of IV ‖ ciphertext ‖ tag. */
  body: string;
  signature: string;
}

/** What a snapshot is made from, besides its state. */
export interface RunSnapshotHeader {
  id: string;
  createdAt: string;
  sessionId: string;
}

/** Key bytes; at least 32. */
export type SigningKey = string | Uint8Array;

function keyBytes(key: SigningKey, code: 'invalid_signing_key' | 'invalid_encryption_key'): Buffer {
  let bytes: Buffer;
  try {
    bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
  } catch {
    bytes = Buffer.alloc(0);
  }
  if (bytes.length < 32) {
    const what = code === 'invalid_signing_key' ? 'signing' : 'encryption';
    throw new RunSnapshotError(
      code,
      `the snapshot ${what} key must be at least 32 bytes (e.g. crypto.randomBytes(32), kept in the host's secrets)`,
    );
  }
  return bytes;
}

/** The key's fingerprint stored in snapshots. */
export function signingKeyId(key: SigningKey): string {
  return createHash('sha256').update(keyBytes(key, 'invalid_signing_key')).digest('hex').slice(0, 16);
}

/** The 32-byte AES key made from the host's encryption key (any length from 32 bytes). */
function aesKey(key: SigningKey): Buffer {
  return createHash('sha256')
    .update('dexter.run-snapshot.aes-256-gcm\u0000')
    .update(keyBytes(key, 'invalid_encryption_key'))
    .digest();
}

/** Checks an encryption key early (construction time). */
export function checkEncryptionKey(key: SigningKey): void {
  aesKey(key);
}

type Envelope = Omit<RunSnapshot, 'signature'>;

/**
 * The bytes the signature covers: every envelope field, in a fixed order, as a JSON array of
 * strings (escaped, so no two different envelopes — lone surrogates included — give one text).
 */
function signedText(envelope: Envelope): string {
  return JSON.stringify([
    envelope.format,
    String(envelope.version),
    envelope.id,
    envelope.createdAt,
    envelope.keyId,
    envelope.sessionId,
    envelope.encoding,
    envelope.body,
  ]);
}

function sign(envelope: Envelope, key: SigningKey): string {
  return createHmac('sha256', keyBytes(key, 'invalid_signing_key'))
    .update(signedText(envelope))
    .digest('base64url');
}

/** The additional data AES-GCM binds the sealed body to: the envelope without the body. */
function sealContext(envelope: Omit<Envelope, 'body'>): Buffer {
  return Buffer.from(signedText({ ...envelope, body: '' }), 'utf8');
}

/**
 * Signs a snapshot's state: encodes it canonically (throws `JsonValueError` for a value with
 * no exact JSON text — callers keep state JSON-clean before any call runs), seals it when an
 * encryption key is given, and signs the envelope.
 */
export function signRunSnapshot(
  header: RunSnapshotHeader,
  state: RunSnapshotState,
  key: SigningKey,
  encryptionKey?: SigningKey,
): RunSnapshot {
  // No size cap here: each part was kept within the cap before any call ran.
  const text = encodeCanonicalJson(state, Number.POSITIVE_INFINITY);
  const base = {
    format: FORMAT,
    version: RUN_SNAPSHOT_VERSION,
    id: header.id,
    createdAt: header.createdAt,
    keyId: signingKeyId(key),
    sessionId: header.sessionId,
    encoding: (encryptionKey === undefined ? 'json' : 'aes-256-gcm') as RunSnapshotEncoding,
  } as const;
  let body = text;
  if (encryptionKey !== undefined) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', aesKey(encryptionKey), iv);
    cipher.setAAD(sealContext(base));
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    body = Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }
  const envelope: Envelope = { ...base, body };
  return { ...envelope, signature: sign(envelope, key) };
}

/** Keeps what JSON can carry exactly of a result (see `SnapshotResult.outputOmitted`). */
export function toSnapshotResult(result: ToolResult): SnapshotResult {
  const kept: SnapshotResult = {
    toolCallId: result.toolCallId,
    name: result.name,
    status: result.status,
    content: result.content,
    durationMs: Number.isFinite(result.durationMs) ? Math.max(0, result.durationMs) : 0,
  };
  if (result.output !== undefined) {
    try {
      const { value, lossy } = keepJson(result.output);
      if (value === undefined || lossy) kept.outputOmitted = true;
      else kept.output = value;
    } catch {
      kept.outputOmitted = true;
    }
  }
  if (result.notes && result.notes.length > 0) kept.notes = result.notes.map(String);
  if (result.duplicateOf !== undefined) kept.duplicateOf = result.duplicateOf;
  if (result.error) {
    kept.error = { message: String(result.error.message) };
    if (result.error.name !== undefined) kept.error.name = String(result.error.name);
    if (result.error.issues !== undefined) {
      try {
        const issues = keepJson(result.error.issues).value;
        if (issues !== undefined) kept.error.issues = issues;
      } catch {
        // the message already says what was wrong
      }
    }
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

const ENVELOPE_FIELDS = [
  'format',
  'version',
  'id',
  'createdAt',
  'keyId',
  'sessionId',
  'encoding',
  'body',
  'signature',
] as const;

/** Options of `verifyRunSnapshot` / `openRunSnapshot`. */
export interface VerifyRunSnapshotOptions {
  /** Opens sealed snapshots (`encoding: 'aes-256-gcm'`). */
  encryptionKey?: SigningKey;
}

/**
 * Reads and checks a snapshot (an object or its JSON text) without opening its state. Throws
 * `RunSnapshotError`: `snapshot_malformed` (not JSON, truncated, wrong shape, unknown
 * fields), `snapshot_version`, `snapshot_foreign_key` (signed with another key),
 * `snapshot_tampered` (the signature does not match the exact text). Never recurses: a
 * snapshot of any depth gives one of these, not a `RangeError`.
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
      `run snapshot version ${typeof value.version === 'number' ? value.version : '?'} is not supported (this version reads ${RUN_SNAPSHOT_VERSION})`,
    );
  }
  for (const field of Object.keys(value)) {
    if (!(ENVELOPE_FIELDS as readonly string[]).includes(field)) {
      throw malformed(`it has a field no snapshot has (${JSON.stringify(field.slice(0, 100))})`);
    }
  }
  for (const field of ENVELOPE_FIELDS) {
    if (field === 'version') continue;
    if (typeof value[field] !== 'string') throw malformed(`${field} is missing or not text`);
  }
  if (value.signature === '') throw malformed('it has no signature');
  if (value.encoding !== 'json' && value.encoding !== 'aes-256-gcm') throw malformed('unknown encoding');
  const snapshot = value as unknown as RunSnapshot;
  if (snapshot.keyId !== signingKeyId(key)) {
    throw new RunSnapshotError('snapshot_foreign_key', 'the run snapshot was signed with another key');
  }
  const { signature, ...envelope } = snapshot;
  const expected = Buffer.from(sign(envelope, key));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new RunSnapshotError('snapshot_tampered', 'the run snapshot does not match its signature');
  }
  return { ...envelope, signature };
}

/** Checks a decoded state's shape (ours, signed: this guards against our own older bugs). */
function checkState(state: unknown): RunSnapshotState {
  if (!isRecord(state)) throw malformed('its state is not an object');
  const { calls, results, pending, notStarted, callCounts } = state;
  if (!Array.isArray(calls) || !isRecord(results) || !Array.isArray(pending))
    throw malformed('fields are missing');
  if (!Array.isArray(notStarted) || !isRecord(callCounts)) throw malformed('fields are missing');
  for (const call of calls) {
    if (!isRecord(call) || typeof call.id !== 'string' || typeof call.name !== 'string') {
      throw malformed('a call is not { id, name, input }');
    }
  }
  const index = (value: unknown) =>
    Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < calls.length;
  for (const entry of pending) {
    if (!isRecord(entry) || !index(entry.index) || typeof entry.approvalId !== 'string') {
      throw malformed('a pending approval is not one');
    }
  }
  for (const entry of notStarted) if (!index(entry)) throw malformed('a not-started index is out of range');
  for (const [key, kept] of Object.entries(results)) {
    if (!index(Number(key)) || !isRecord(kept) || typeof kept.content !== 'string') {
      throw malformed('a finished result is not one');
    }
  }
  for (const count of Object.values(callCounts)) {
    if (!Number.isSafeInteger(count) || (count as number) < 0) throw malformed('a call count is not a count');
  }
  return state as unknown as RunSnapshotState;
}

/**
 * Verifies a snapshot (see `verifyRunSnapshot`) and opens its state: decrypts a sealed body
 * (`snapshot_undecryptable` without the right key) and checks the state's shape. Throws
 * `RunSnapshotError` only.
 */
export function openRunSnapshot(
  input: unknown,
  key: SigningKey,
  options: VerifyRunSnapshotOptions = {},
): { snapshot: RunSnapshot; state: RunSnapshotState } {
  const snapshot = verifyRunSnapshot(input, key);
  let text = snapshot.body;
  if (snapshot.encoding === 'aes-256-gcm') {
    if (options.encryptionKey === undefined) {
      throw new RunSnapshotError(
        'snapshot_undecryptable',
        'the run snapshot is encrypted; give the executor the encryptionKey it was sealed with',
      );
    }
    try {
      const bytes = Buffer.from(snapshot.body, 'base64url');
      if (bytes.length < 12 + 16) throw new Error('too short');
      const { signature: _signature, body: _body, ...rest } = snapshot;
      const decipher = createDecipheriv('aes-256-gcm', aesKey(options.encryptionKey), bytes.subarray(0, 12));
      decipher.setAAD(sealContext(rest));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      text = Buffer.concat([
        decipher.update(bytes.subarray(12, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch (error) {
      if (RunSnapshotError.isInstance(error)) throw error;
      throw new RunSnapshotError(
        'snapshot_undecryptable',
        'the run snapshot could not be decrypted with this encryptionKey',
      );
    }
  }
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch {
    throw malformed('its state is not JSON');
  }
  return { snapshot, state: checkState(state) };
}
