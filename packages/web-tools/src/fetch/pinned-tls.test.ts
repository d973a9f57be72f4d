/**
 * https through the pinned connection: the socket goes to the checked address (127.0.0.1
 * here), yet the certificate is verified against the URL's host name. A throwaway
 * self-signed certificate for `docs.example.test` is made with the system's openssl in a
 * temp directory; without openssl the tests skip with a notice.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from './resolve-host';
import { safeFetch } from './safe-fetch';

let certificate: string | undefined;
let server: https.Server | undefined;
let port = 0;
let hits = 0;
const directory = mkdtempSync(join(tmpdir(), 'web-tools-tls-'));

try {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(directory, 'key.pem'),
      '-out',
      join(directory, 'cert.pem'),
      '-subj',
      '/CN=docs.example.test',
      '-addext',
      'subjectAltName=DNS:docs.example.test',
    ],
    { stdio: 'ignore' },
  );
  certificate = readFileSync(join(directory, 'cert.pem'), 'utf8');
} catch {
  console.log('[web-tools] openssl not available: skipping the https pinning tests');
}

beforeAll(async () => {
  if (!certificate) return;
  server = https.createServer(
    { key: readFileSync(join(directory, 'key.pem')), cert: certificate },
    (_request, response) => {
      hits++;
      response.setHeader('content-type', 'text/plain');
      response.end('served over TLS');
    },
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(directory, { recursive: true, force: true });
});

const resolve: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];

describe.skipIf(!certificate)('https on a pinned address', () => {
  it('connects to the checked address and verifies the certificate for the URL host', async () => {
    const page = await safeFetch(`https://docs.example.test:${port}/`, {
      resolve,
      unsafeAllowAddresses: ['127.0.0.1'],
      ca: certificate!,
    });
    expect(page.content.text).toBe('served over TLS');
  });

  it('refuses a certificate for another host, even on the same address', async () => {
    const before = hits;
    await expect(
      safeFetch(`https://other.example.test:${port}/`, {
        resolve,
        unsafeAllowAddresses: ['127.0.0.1'],
        ca: certificate!,
      }),
    ).rejects.toMatchObject({ code: 'network_error' });
    expect(hits).toBe(before);
  });

  it('refuses an untrusted certificate', async () => {
    await expect(
      safeFetch(`https://docs.example.test:${port}/`, { resolve, unsafeAllowAddresses: ['127.0.0.1'] }),
    ).rejects.toMatchObject({ code: 'network_error' });
  });
});
