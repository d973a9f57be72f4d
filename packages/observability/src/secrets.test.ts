/**
 * Nothing secret reaches telemetry: with the default options no input, output, reason or
 * command text is exported at all; with `recordContent` the content is there with secret
 * values masked. A canary in a `cat .env` output (a host decider that let it through) and in
 * the input must appear in no span name, attribute, event or metric attribute.
 */
import { createExecutor } from '@dexter/executor';
import { createStaticDecider } from '@dexter/executor/testing';
import { createPermissionEngine, type PermissionDecider } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redactText } from './content';
import { instrumentExecutor } from './instrument-executor';
import { createOtel, everyString, type Otel } from './test-support';

const CANARY = 'sk-canary-5f1d0c7e9a2b4c6d';
const INPUT_CANARY = 'ghp_inputcanary0123456789';

const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command (test double: prints a .env with a canary).',
  compactDescription: 'Run a shell command',
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: async () => `OPENAI_API_KEY=${CANARY}\nDEBUG=1\n`,
});

let otel: Otel;
afterEach(async () => {
  await otel?.shutdown();
});

async function run(
  recordContent: boolean,
  permissions: PermissionDecider = createStaticDecider({ bash: 'allow' }),
) {
  otel = createOtel();
  const executor = instrumentExecutor(createExecutor({ tools: [bash], permissions }), {
    tracerProvider: otel.tracerProvider,
    meterProvider: otel.meterProvider,
    recordContent,
  });
  await otel.inTurn(() =>
    executor.execute([
      { id: 'env', name: 'bash', input: { command: 'cat .env' } },
      { id: 'tok', name: 'bash', input: { command: `GITHUB_TOKEN=${INPUT_CANARY} gh api user` } },
    ]),
  );
  const metricAttributes: string[] = [];
  for (const metric of [
    'gen_ai.execute_tool.duration',
    'dexter.permission.decisions',
    'dexter.permission.floor_denials',
  ]) {
    for (const point of await otel.points(metric)) metricAttributes.push(JSON.stringify(point.attributes));
  }
  return { strings: everyString(otel.spans()), metricAttributes };
}

describe('no secrets in telemetry', () => {
  it('by default: no canary, and no command text at all', async () => {
    const { strings, metricAttributes } = await run(false);
    const all = [...strings, ...metricAttributes].join('\n');
    expect(strings.length).toBeGreaterThan(20);
    expect(all).not.toContain(CANARY);
    expect(all).not.toContain(INPUT_CANARY);
    expect(all).not.toContain('cat .env');
    expect(all).not.toContain('gh api');
    // The output was seen: its size and hash are there.
    expect(
      otel
        .spans()
        .some(
          (span) =>
            span.attributes['dexter.tool.output.size'] === `OPENAI_API_KEY=${CANARY}\nDEBUG=1\n`.length,
        ),
    ).toBe(true);
  });

  it('with recordContent: inputs and outputs are there, secret values masked', async () => {
    const { strings } = await run(true);
    const all = strings.join('\n');
    expect(all).toContain('cat .env');
    expect(all).toContain('OPENAI_API_KEY=[redacted]');
    expect(all).toContain('GITHUB_TOKEN=[redacted] gh api user');
    expect(all).not.toContain(CANARY);
    expect(all).not.toContain(INPUT_CANARY);
  });

  it('with the real engine, the floor denies cat .env and the reason stays out by default', async () => {
    const { strings } = await run(false, createPermissionEngine());
    expect(strings).toContain('secret-read');
    expect(strings.join('\n')).not.toContain('.env');
  });
});

describe('redactText', () => {
  it.each([
    ['API_KEY=abc123 ls', 'API_KEY=[redacted] ls'],
    ['{"password":"hunter2","user":"bob"}', '{"password":"[redacted]","user":"bob"}'],
    ['Authorization: Bearer abcdefghijklmnop', 'Authorization: [redacted] [redacted]'],
    ['curl -H "X: Bearer abcdefghijklmnop" x', 'curl -H "X: Bearer [redacted]" x'],
    ['postgres://app:s3cret@db:5432/x', 'postgres://app:[redacted]@db:5432/x'],
    ['DATABASE_URL=postgres://u:p@h/db', 'DATABASE_URL=[redacted]'],
    ['PATH=/usr/bin HOME=/root', 'PATH=/usr/bin HOME=/root'],
  ])('%s', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });
});
