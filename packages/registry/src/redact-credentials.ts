/**
 * Credentials out of upstream text. A provider's error body sometimes echoes the key it was
 * sent (`invalid api key sk-…`), and that text travels into errors the model reads. Tools
 * that call an API with a key in a header pass the error text through here first.
 */

/** Header names that carry a credential (`Authorization`, `X-API-KEY`, `x-goog-api-key`, …). */
const CREDENTIAL_HEADER = /auth|key|token|secret|password|cookie/i;

/** The shortest value worth replacing: shorter ones would blank out ordinary words. */
const MIN_SECRET_LENGTH = 6;

/**
 * The credential values in request headers: each value of a header whose name says it holds
 * one, and the part after the scheme (`Bearer sk-…` → `sk-…`).
 *
 * @example
 * ```ts
 * credentialValues({ Authorization: 'Bearer sk-123456', Accept: 'application/json' }); // ['Bearer sk-123456', 'sk-123456']
 * ```
 */
export function credentialValues(headers: ConstructorParameters<typeof Headers>[0]): string[] {
  if (headers === undefined) return [];
  const values: string[] = [];
  for (const [name, value] of new Headers(headers)) {
    if (!CREDENTIAL_HEADER.test(name)) continue;
    values.push(value);
    const space = value.indexOf(' ');
    if (space > 0) values.push(value.slice(space + 1).trim());
  }
  return values.filter((value) => value.length >= MIN_SECRET_LENGTH);
}

/**
 * `text` with every occurrence of each of `secrets` replaced by `[redacted]`, longest first.
 *
 * @example
 * ```ts
 * redactCredentials('invalid key sk-123456', ['sk-123456']); // 'invalid key [redacted]'
 * ```
 */
export function redactCredentials(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/**
 * The credentials an SDK client holds (`apiKey`, `authToken`: the OpenAI and Anthropic
 * clients keep them as properties) and those in extra request headers. Getters that throw
 * and values that are not strings count as none.
 */
export function clientCredentials(client: unknown, headers?: unknown): string[] {
  const values: string[] = [];
  for (const name of ['apiKey', 'authToken']) {
    try {
      const value: unknown = (client as Record<string, unknown> | null | undefined)?.[name];
      if (typeof value === 'string') values.push(value);
    } catch {
      // not readable: nothing to redact from it
    }
  }
  try {
    values.push(...credentialValues(headers as ConstructorParameters<typeof Headers>[0]));
  } catch {
    // headers that do not read as headers carry nothing we can name
  }
  return values.filter((value) => value.length >= MIN_SECRET_LENGTH);
}

/**
 * Runs `call`; when it throws an `Error`, each of `secrets()` is replaced in its `message`
 * and `stack` (an error body that echoes the key the request sent — "Incorrect API key
 * provided: sk-…" — would otherwise reach a tool result or a router's note the model reads),
 * and the same object is rethrown: its class, status and fields are untouched.
 */
export async function redactingCredentials<T>(
  secrets: () => readonly string[],
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error) {
      const known = secrets();
      if (known.length > 0) {
        try {
          error.message = redactCredentials(error.message, known);
          if (typeof error.stack === 'string') error.stack = redactCredentials(error.stack, known);
        } catch {
          // a frozen error keeps its text; it is still the provider's error
        }
      }
    }
    throw error;
  }
}
