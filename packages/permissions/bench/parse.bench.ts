/**
 * Shell parse benchmark, side by side in one run on the agent corpus
 * (../shared/data/corpora/agent.jsonl):
 *   - `analyzeShell` (ours: rejection scan, full parse with nesting, wrapper unwrapping);
 *   - shell-quote's `parse` (a tokenizer: no nesting, no unwrapping);
 *   - tree-sitter-bash through web-tree-sitter (a full syntax tree, freed after each parse).
 * Prints µs per command (median and p99 of per-command means) and ratios, then how the time
 * of `analyzeShell` grows with input size on large and pathological inputs (it must stay
 * linear: a 1 MB input in well under 100 ms on an idle machine).
 * Skips the corpus part with a notice when ../shared/data is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as shellQuoteParse } from 'shell-quote';
import { Language, Parser } from 'web-tree-sitter';
import { analyzeShell } from '../src/shell';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusFile = path.resolve(here, '../../../../shared/data/corpora/agent.jsonl');
const wasm = path.resolve(here, '../node_modules/tree-sitter-bash/tree-sitter-bash.wasm');

type Subject = (command: string) => unknown;

/**
 * µs per call of `subject` on `command`: the median of 5 rounds, each the mean over enough
 * repetitions to be measurable (the median keeps GC pauses and preemption out).
 */
function timeOne(subject: Subject, command: string): number {
  let repetitions = 1;
  for (;;) {
    const start = performance.now();
    for (let index = 0; index < repetitions; index++) subject(command);
    if (performance.now() - start > 0.2 || repetitions >= 1024) break;
    repetitions *= 4;
  }
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let index = 0; index < repetitions; index++) subject(command);
    rounds.push(((performance.now() - start) * 1000) / repetitions);
  }
  return rounds.sort((left, right) => left - right)[2] as number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

function format(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

async function corpusBench(): Promise<void> {
  if (!existsSync(corpusFile)) {
    console.log(
      `SKIP parse.bench corpus part: ${corpusFile} not found (it lives in ../shared/data beside the repo)`,
    );
    return;
  }
  const commands = readFileSync(corpusFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => String((JSON.parse(line) as { command: unknown }).command));

  await Parser.init();
  const language = await Language.load(wasm);
  const treeSitter = new Parser();
  treeSitter.setLanguage(language);

  const subjects: Record<string, Subject> = {
    'dexter analyzeShell': (command) => analyzeShell(command),
    'shell-quote parse': (command) => shellQuoteParse(command),
    'tree-sitter-bash parse': (command) => treeSitter.parse(command)?.delete(),
  };
  // Warm up every subject on the whole corpus first (JIT), then measure.
  for (const subject of Object.values(subjects)) for (const command of commands) subject(command);

  const rows: { name: string; median: number; p99: number; total: number }[] = [];
  for (const [name, subject] of Object.entries(subjects)) {
    const times = commands.map((command) => timeOne(subject, command)).sort((left, right) => left - right);
    rows.push({
      name,
      median: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      total: times.reduce((sum, time) => sum + time, 0),
    });
  }
  const ours = rows[0] as (typeof rows)[number];
  const opaque = commands.filter((command) => analyzeShell(command).opaque).length;
  console.log(
    `\nParse, agent corpus: ${commands.length} commands (${((100 * opaque) / commands.length).toFixed(1)} % opaque for us)`,
  );
  console.log('parser                      median µs   p99 µs   corpus ms   median vs ours');
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(27)} ${format(row.median).padStart(9)} ${format(row.p99).padStart(8)} ${format(row.total / 1000).padStart(11)}   ${(row.median / ours.median).toFixed(1).padStart(6)}x`,
    );
  }
}

const DISTINCT = '<distinct>';

/** `size` characters of `unit` repeated, or of distinct commands (nothing to deduplicate). */
function build(unit: string, size: number): string {
  if (unit !== DISTINCT) return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index++) {
    const part = `rm -rf /tmp/x${index}; `;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, size);
}

function scalingBench(): void {
  const units: Record<string, string> = {
    'simple list (echo a b; ...)': 'echo hello world; ',
    'quotes + substitutions': `echo 'a;b' "$(date +%s)" | `,
    'one long word': 'a',
    'deep $( nesting': '$(',
    'here-doc lines': 'cat <<EOF\nline $x\nEOF\n',
    'distinct commands (rm 1; rm 2; ...)': DISTINCT,
  };
  console.log(
    '\nanalyzeShell on large inputs (ms; default caps, so over 64 KiB the linear fallback scan runs):',
  );
  console.log('input                          256 KiB    1 MiB   commands listed at 1 MiB');
  for (const [name, unit] of Object.entries(units)) {
    const cells: string[] = [];
    let listed = 0;
    for (const size of [256 * 1024, 1024 * 1024]) {
      const input = build(unit, size);
      analyzeShell(input);
      const runs = 3;
      const times: number[] = [];
      for (let index = 0; index < runs; index++) {
        const start = performance.now();
        const analysis = analyzeShell(input);
        times.push(performance.now() - start);
        listed = analysis.commands.length;
      }
      times.sort((left, right) => left - right);
      cells.push(format(times[Math.floor(runs / 2)] as number).padStart(9));
    }
    console.log(`${name.padEnd(30)} ${cells.join(' ')}   ${listed}`);
  }
  const fullParse = 'echo hello world; '.repeat(58_000);
  analyzeShell(fullParse, { maxLength: 2 ** 21 });
  const start = performance.now();
  analyzeShell(fullParse, { maxLength: 2 ** 21 });
  console.log(
    `structured parse (length cap raised) of ${(fullParse.length / 1e6).toFixed(2)} MB: ${format(performance.now() - start)} ms`,
  );
}

await corpusBench();
scalingBench();
