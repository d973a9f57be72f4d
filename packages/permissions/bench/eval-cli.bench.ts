/**
 * `dexter-permissions eval` end to end (in process: the CLI's `runEval` on a stream of JSON
 * lines, its output written to /dev/null with one system call per write), per command, side
 * by side with:
 *   - a bare shell-quote parse of the same JSON lines (the same chunked reading, `JSON.parse`
 *     and shell-quote's `parse` per line, nothing written) — the yardstick;
 *   - the same with shell-quote's tokens written out as JSON lines in chunks;
 *   - the previous `eval` (a readline loop and one write per line), kept here for the ratio.
 * Rounds interleave the subjects so a noisy moment on the shared machine hits all alike.
 * Then a 1 MB command (three shapes) decided through `runEval`, end to end. Skips with a
 * notice when the agent corpus (../shared/data) is absent.
 */
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse as shellQuoteParse } from 'shell-quote';
import { runEval } from '../src/cli/eval';
import type { CliIo } from '../src/cli/io';
import { loadCliSettings } from '../src/cli/load-settings';
import { evaluateWithSettings } from '../src/engine/decide-with-settings';
import { evaluateBashListing } from '../src/engine/evaluate-bash';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../../shared/data/corpora/agent.jsonl');
if (!existsSync(corpus)) {
  console.log(
    `SKIP eval-cli.bench: corpus not found at ${corpus} (it lives in ../shared/data beside the repo)`,
  );
  process.exit(0);
}

const commands: string[] = readFileSync(corpus, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { command: string }).command);

const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-eval-bench-'));
const settingsPath = path.join(directory, 'settings.json');
writeFileSync(
  settingsPath,
  JSON.stringify({
    permissions: {
      allow: [
        'Bash(git status:*)',
        'Bash(git log:*)',
        'Bash(ls:*)',
        'Bash(cat:*)',
        'Bash(grep:*)',
        'Bash(npm test:*)',
      ],
      ask: ['Bash(git push:*)'],
      deny: ['Bash(rm:*)', 'Bash(curl:*)'],
    },
  }),
);

const devNull = openSync('/dev/null', 'w');
const sink = { write: (text: string) => writeSync(devNull, text) };
const quiet = { write: (_text: string) => undefined };

/** The input as a pipe delivers it: 64 KiB chunks. */
function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += 65_536) chunks.push(text.slice(at, at + 65_536));
  return chunks;
}

function io(chunks: readonly string[]): CliIo {
  return { stdin: Readable.from(chunks), stdout: sink, stderr: quiet, cwd: directory, homeDir: directory };
}

/** The previous `eval` loop: readline, and one write per output line. */
async function previousEval(chunks: readonly string[]): Promise<void> {
  const input = io(chunks);
  const settings = loadCliSettings([settingsPath], directory, input);
  const lines = createInterface({ input: input.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const { command } = JSON.parse(line) as { command: string };
    const { decision, analysis } = evaluateWithSettings(command, settings, { cwd: directory });
    input.stdout.write(
      `${JSON.stringify({
        command,
        decision: decision.behavior,
        reason: decision.reason,
        classification: decision.classification,
        ...(decision.matchedRule ? { matchedRule: decision.matchedRule } : {}),
        commands: analysis.commands.map((simple) => ({ argv: simple.argv })),
      })}\n`,
    );
  }
}

/** The same chunked reading, `JSON.parse` and shell-quote per line; `write` writes tokens out. */
async function shellQuoteLines(chunks: readonly string[], write: boolean): Promise<void> {
  let pending = '';
  let out: string[] = [];
  for await (const chunk of Readable.from(chunks)) {
    const text = pending + (chunk as string);
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      const line = text.slice(start, newline);
      start = newline + 1;
      if (line.trim() === '') continue;
      const { command } = JSON.parse(line) as { command: string };
      const tokens = shellQuoteParse(command);
      if (write) out.push(`${JSON.stringify({ command, tokens })}\n`);
    }
    pending = text.slice(start);
    if (write && out.length > 0) {
      sink.write(out.join(''));
      out = [];
    }
  }
}

/** The engine's part: the decision and analysis `eval` prints, without reading or writing. */
const engineSettings = loadCliSettings([settingsPath], directory, io([]));
async function engineAlone(): Promise<void> {
  for (let copy = 0; copy < copies; copy++) {
    for (const command of commands) evaluateWithSettings(command, engineSettings, { cwd: directory });
  }
}

/** What `eval` asks of the engine per line (one evaluation), without reading, JSON or writing. */
const engineOptions = { cwd: directory, defaultMode: 'ask' as const, readOnlyAutoAllow: false };
const ignore = () => undefined;
async function evalEngine(): Promise<void> {
  for (let copy = 0; copy < copies; copy++) {
    for (const command of commands) evaluateBashListing(command, engineSettings.rules, engineOptions, ignore);
  }
}

const copies = 10;
const jsonl = Array.from({ length: copies }, () =>
  commands.map((command) => `${JSON.stringify({ command })}\n`).join(''),
).join('');
const lineCount = commands.length * copies;
const chunks = chunksOf(jsonl);

type Subject = () => Promise<unknown>;
const subjects: Record<string, Subject> = {
  'eval (chunked output)': () => runEval(['--settings', settingsPath], io(chunks)),
  'previous eval (readline, a write per line)': () => previousEval(chunks),
  "eval's engine part (evaluateBashListing per line, no I/O)": () => evalEngine(),
  'evaluateWithSettings per line (what eval called before), no I/O': () => engineAlone(),
  'shell-quote parse of the JSON lines (bare)': () => shellQuoteLines(chunks, false),
  'shell-quote parse + chunked JSON output': () => shellQuoteLines(chunks, true),
};
const names = Object.keys(subjects);

// No forced collection (`gc()`) before a sample: a forced collection, unlike the ones V8 runs on
// its own (which keep them), frees the maps of classes with no instance alive (an
// `Evaluation`, the parser, the scanner), and V8 deoptimizes the code that checked them
// (`--trace-deopt`: ~400 functions, "weak objects") to recompile it during the sample — eval
// measured 2.4× slower per command over the next 9,600 lines, a state a running CLI never
// meets. Garbage one subject leaves is collected during the next, the order alternating.
for (const name of names) for (let pass = 0; pass < 3; pass++) await subjects[name]!();
const rounds = 9;
const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const start = process.hrtime.bigint();
    await subjects[name]!();
    samples[name]!.push(Number(process.hrtime.bigint() - start) / 1000 / lineCount);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(
  `agent corpus × ${copies}: ${lineCount} JSON lines (${(jsonl.length / 1024).toFixed(0)} KiB) in 64 KiB chunks; 3 warm-up runs, ${rounds} interleaved rounds; output to /dev/null`,
);
const bare = median(samples['shell-quote parse of the JSON lines (bare)']!);
console.log('\n| subject | µs per command (median of rounds) | min | max | vs bare shell-quote |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const name of names) {
  const values = samples[name]!;
  console.log(
    `| ${name} | ${median(values).toFixed(2)} | ${Math.min(...values).toFixed(2)} | ${Math.max(...values).toFixed(2)} | ${(median(values) / bare).toFixed(2)}× |`,
  );
}
const ratio = median(samples['eval (chunked output)']!) / bare;
console.log(
  `\neval per command vs a bare shell-quote parse: ${ratio.toFixed(2)}× (target ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
);
const enginePart = median(samples["eval's engine part (evaluateBashListing per line, no I/O)"]!);
console.log(
  `eval's own cost (reading, JSON, writing) per command: ${(median(samples['eval (chunked output)']!) - enginePart).toFixed(2)} µs; the engine's part alone vs bare shell-quote: ${(enginePart / bare).toFixed(2)}×`,
);
console.log(
  `eval vs the previous eval: ${(median(samples['eval (chunked output)']!) / median(samples['previous eval (readline, a write per line)']!)).toFixed(2)}×`,
);

// One 1 MB command through eval, end to end (read, decide, write).
const megabyte = 1_048_576;
const big: Record<string, string> = {
  '`echo a; ` × 131,072 then `rm -rf /`': `${'echo a; '.repeat(megabyte / 8)}rm -rf /`,
  'distinct commands (`echo 0; echo 1; …`)': (() => {
    let text = '';
    for (let i = 0; text.length < megabyte; i++) text += `echo ${i}; `;
    return text;
  })(),
  'agent corpus lines repeated (a long script)': (() => {
    let text = '';
    for (let i = 0; text.length < megabyte; i++) text += `${commands[i % commands.length]}\n`;
    return text;
  })(),
};
console.log('\n| 1 MB command through eval | ms (median of 5) | max | target < 100 ms |');
console.log('| --- | ---: | ---: | --- |');
for (const [name, command] of Object.entries(big)) {
  const input = chunksOf(`${JSON.stringify({ command })}\n`);
  await runEval(['--settings', settingsPath], io(input)); // warm
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    await runEval(['--settings', settingsPath], io(input));
    times.push(performance.now() - start);
  }
  console.log(
    `| ${name} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${median(times) < 100 ? 'met' : 'NOT met'} |`,
  );
}
closeSync(devNull);
