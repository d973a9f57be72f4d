/**
 * The network the host CLIs run in: a namespace of their own where loopback is up and
 * nothing else exists, shared with the fake model server — checked with a plain `node`
 * standing in for the CLI.
 */
import { describe, expect, it } from 'vitest';
import { networkNamespace, runWithFakeModel } from './host-cli';

const probe = `
const net = require('node:net');
const attempt = (host, port) => new Promise((resolve) => {
  const socket = net.connect({ host, port, timeout: 3000 });
  socket.on('connect', () => { socket.destroy(); resolve('connected'); });
  socket.on('timeout', () => { socket.destroy(); resolve('timeout'); });
  socket.on('error', (error) => resolve(error.code));
});
const model = new URL(process.env.ANTHROPIC_BASE_URL);
Promise.all([attempt(model.hostname, Number(model.port)), attempt('192.0.2.1', 80), attempt('10.0.0.1', 80)])
  .then((results) => console.log(JSON.stringify(results)));
`;

describe.skipIf(!networkNamespace().ok)('the network namespace of the host CLI runs', () => {
  it('reaches the fake model server on loopback and nothing else', async () => {
    const { run, requests, isolated } = await runWithFakeModel(
      'anthropic',
      [],
      [process.execPath, '-e', probe],
      {
        cwd: process.cwd(),
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        urlVariable: 'ANTHROPIC_BASE_URL',
      },
    );
    expect(isolated).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    const [model, documentation, privateNet] = JSON.parse(run.stdout.trim()) as string[];
    expect(model).toBe('connected');
    // No route at all: not a timeout, not a refusal from a host that exists.
    expect([documentation, privateNet]).toEqual(['ENETUNREACH', 'ENETUNREACH']);
    expect(requests).toEqual([]);
  });
});
