import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateWithSettings } from '../engine/decide-with-settings';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { createSecretModel } from '../secrets/secret-model';
import { analyzeShell } from '../shell/analyze-shell';
import { OPAQUE_REASON_CODES, opaqueReasonCodes } from '../shell/opaque-codes';
import { findSharedData, loadCorpora } from '../shell/oracle/corpora';
import type { ShellAnalysis } from '../shell/types';
import { runEval } from './eval';
import { loadCliSettings } from './load-settings';

const rules = { permissions: { allow: ['Bash(git status:*)', 'Bash(ls:*)'], deny: ['Bash(rm:*)'] } };

function settingsFile(settings: object = rules): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-eval-'));
  const file = path.join(directory, 'settings.json');
  writeFileSync(file, JSON.stringify(settings));
  return file;
}

/** Loads a settings file as the CLI does. */
function loaded(file: string, cwd: string) {
  const quiet = { write: () => undefined };
  return loadCliSettings([file], cwd, {
    stdin: Readable.from([]),
    stdout: quiet,
    stderr: quiet,
    cwd,
    homeDir: cwd,
  });
}

/**
 * `eval`'s output line as first defined, independently of its code: the decision
 * `evaluateBash` gives under the settings' modes and secret paths, and the commands and reasons
 * of a separate `analyzeShell` parse, written by `JSON.stringify` (which leaves out the
 * undefined fields). Eval now takes both from one evaluation.
 */
function referenceLine(command: string, settings: ReturnType<typeof loaded>, cwd: string): string {
  const decision = evaluateBash(command, settings.rules, {
    cwd,
    defaultMode: settings.defaultMode === 'deny' ? 'deny' : 'ask',
    readOnlyAutoAllow: settings.readOnlyAutoAllow ?? false,
    ...(settings.secretPaths ? { secrets: createSecretModel({ extraPaths: settings.secretPaths }) } : {}),
  });
  const analysis = analyzeShell(command);
  return `${JSON.stringify({
    command,
    decision: decision.behavior,
    reason: decision.reason,
    classification: decision.classification,
    matchedRule: decision.matchedRule || undefined,
    opaque: analysis.opaque,
    opaqueReasons: opaqueReasonCodes(analysis.opaqueReasons),
    commands: analysis.commands.map(({ argv, context, depth }) => ({ argv, context, depth })),
  })}\n`;
}

/** Runs `eval` on stdin given as chunks; returns every write to stdout and the exit code. */
async function evalChunks(chunks: ReadonlyArray<string | Buffer>, file = settingsFile()) {
  const writes: string[] = [];
  let stderr = '';
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'dexter-eval-cwd-'));
  const code = await runEval(['--settings', file], {
    stdin: Readable.from(chunks, { objectMode: true }),
    stdout: { write: (text: string) => writes.push(text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    homeDir: cwd,
  });
  const lines = writes
    .join('')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { code, writes, lines, stderr, cwd };
}

const line = (command: string, cwd?: string) =>
  `${JSON.stringify(cwd === undefined ? { command } : { command, cwd })}\n`;

describe('eval output fields', () => {
  it('gives opaque, opaque reason codes, and each command with its context and depth', async () => {
    const { lines } = await evalChunks([
      line('git status && echo "$(ls src)" | tee x'),
      line('ls -la'),
      line('cat <<EOF\nhi\nEOF'),
      line('if true; then ls; fi'),
    ]);
    expect(lines[0]).toMatchObject({
      decision: 'ask',
      opaque: true,
      opaqueReasons: ['command_substitution'],
      commands: [
        { argv: ['git', 'status'], context: 'top', depth: 0 },
        { argv: ['echo', '$(ls src)'], context: 'pipeline', depth: 0 },
        { argv: ['ls', 'src'], context: 'command-substitution', depth: 1 },
        { argv: ['tee', 'x'], context: 'pipeline', depth: 0 },
      ],
    });
    expect(lines[1]).toMatchObject({ decision: 'allow', opaque: false, opaqueReasons: [] });
    expect(lines[2]).toMatchObject({ opaque: true, opaqueReasons: ['here_document'] });
    expect(lines[3]!.commands).toEqual([
      { argv: ['true'], context: 'control-flow', depth: 1 },
      { argv: ['ls'], context: 'control-flow', depth: 1 },
    ]);
    for (const output of lines) {
      for (const code of output.opaqueReasons as string[]) expect(OPAQUE_REASON_CODES).toContain(code);
      expect(Object.keys(output)).toEqual([
        'command',
        'decision',
        'reason',
        'classification',
        ...('matchedRule' in output ? ['matchedRule'] : []),
        'opaque',
        'opaqueReasons',
        'commands',
      ]);
    }
  });

  it('keeps matchedRule and in-band errors', async () => {
    const { lines, code } = await evalChunks([line('sudo rm -rf /tmp/x'), '{not json\n', '{"cmd":1}\n']);
    expect(code).toBe(0);
    expect(lines[0]).toMatchObject({ decision: 'deny', matchedRule: 'Bash(rm:*)', opaque: false });
    expect(lines[1]).toEqual({ line: 2, error: expect.stringContaining('line 2: invalid JSON') });
    expect(lines[2]).toEqual({ line: 3, error: expect.stringContaining('line 3: expected') });
  });
});

/**
 * What eval lists for a line over the length cap: the parser's commands up to the command cap
 * (512); past it the line says `commandsTruncated`.
 */
let truncations = 0;
function listedOverCap(analysis: ShellAnalysis) {
  if (analysis.commands.length > 512) truncations++;
  return analysis.commands.slice(0, 512).map(({ argv, context, depth }) => ({ argv, context, depth }));
}

describe('eval input and output in chunks', () => {
  it('writes once per input chunk, not once per line', async () => {
    const chunk = Array.from({ length: 200 }, (_, index) => line(`echo ${index}`)).join('');
    const { writes, lines } = await evalChunks([chunk, chunk]);
    expect(lines).toHaveLength(400);
    expect(writes).toHaveLength(2);
  });

  it('reads lines split across chunks, CRLF and lone CR endings, and multi-byte characters cut in two', async () => {
    const text = `${line('echo é')}${line('ls').replace('\n', '\r\n')}${line('pwd').replace('\n', '\r')}${line('git status').trimEnd()}`;
    const bytes = Buffer.from(text, 'utf8');
    // One byte at a time: every line, every CRLF and the two bytes of é are cut.
    const pieces = Array.from(bytes, (byte) => Buffer.from([byte]));
    const { lines } = await evalChunks(pieces);
    expect(lines.map((output) => output.command)).toEqual(['echo é', 'ls', 'pwd', 'git status']);
    const whole = await evalChunks([text]);
    expect(whole.lines).toEqual(lines);
  });

  it('reads the same lines however the input is cut and whichever line endings it mixes', async () => {
    const endings = fc.constantFrom('\n', '\r\n', '\r');
    const input = fc.array(fc.tuple(fc.constantFrom('echo a', 'ls', '{bad', ''), endings), {
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(input, fc.array(fc.nat(), { maxLength: 6 }), async (lines, cuts) => {
        const text = lines
          .map(
            ([command, ending]) =>
              (command === '' || command === '{bad' ? command : line(command).trimEnd()) + ending,
          )
          .join('');
        const at = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((from, index) => text.slice(from, [...at, text.length][index]));
        // What a line reader gives: the pieces between endings (a CRLF is one), blank ones skipped.
        const expected = text
          .split(/\r\n|\r|\n/)
          .slice(0, -1)
          .map((piece, index) => ({ piece, number: index + 1 }))
          .filter(({ piece }) => piece !== '')
          .map(({ piece, number }) =>
            piece === '{bad'
              ? { line: number }
              : { command: (JSON.parse(piece) as { command: string }).command },
          );
        const { lines: output } = await evalChunks(chunks.filter((chunk) => chunk !== ''));
        expect(
          output.map((entry) => ('error' in entry ? { line: entry.line } : { command: entry.command })),
        ).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('numbers lines as a line reader does (CRLF split across chunks counts once)', async () => {
    const { lines } = await evalChunks(['\r', '\n{bad\r', '\n', '{bad']);
    expect(lines).toEqual([
      { line: 2, error: expect.stringContaining('line 2: invalid JSON') },
      { line: 3, error: expect.stringContaining('line 3: invalid JSON') },
    ]);
  });

  it('decides a 1 MB command arriving in 64 KiB chunks', async () => {
    const command = `${'echo a; '.repeat(131_072)}rm -rf /`;
    const text = line(command);
    const chunks: string[] = [];
    for (let at = 0; at < text.length; at += 65_536) chunks.push(text.slice(at, at + 65_536));
    const { lines } = await evalChunks(chunks);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      decision: 'deny',
      opaque: true,
      opaqueReasons: ['length_cap', 'fallback_scan'],
    });
  }, 60_000);

  it('lists over the length cap what the parser lists, with the decision the full list gives', async () => {
    const pieces = [
      'ls $(echo a)',
      'echo "$(cat x | sort)"',
      'sudo timeout 5 rm -rf /tmp/y',
      'git status',
      'x=1',
    ];
    const shapes = [
      pieces.join('; ').repeat(2_000),
      Array.from({ length: 9_000 }, (_, index) => `echo ${index}`).join(' && '),
      `${'echo a; '.repeat(9_000)}bash -c 'curl x | sh'`,
      // Segments equal once their assignments are set aside are still two commands to the
      // scan (`X=1 echo a` is not `echo a`): both listed, then each once.
      `X=1 echo a; echo a; ${Array.from({ length: 9_000 }, (_, index) => `echo ${index % 3}; X=1 echo a`).join('; ')}`,
      // Far past the listing's end, a denied command is still found.
      `${Array.from({ length: 9_000 }, (_, index) => `echo ${index}`).join('; ')}; rm -rf /tmp/y`,
    ];
    const settings = {
      rules: compileRuleSet({ allow: ['Bash(git status:*)', 'Bash(ls:*)'], deny: ['Bash(rm:*)'] }),
      layers: [],
      errors: [],
    };
    for (const command of shapes) {
      expect(command.length).toBeGreaterThan(64 * 1024);
      const [output] = (await evalChunks([line(command)])).lines;
      const full = evaluateWithSettings(command, settings, { cwd: '/nowhere' });
      const analysis = analyzeShell(command);
      expect(output!.decision).toBe(full.decision.behavior);
      expect(output!.matchedRule).toBe(full.decision.matchedRule);
      expect(output!.opaque).toBe(true);
      expect(output!.opaqueReasons).toEqual(opaqueReasonCodes(analysis.opaqueReasons));
      expect(output!.commands).toEqual(listedOverCap(analysis));
      expect(output!.commandsTruncated).toBe(analysis.commands.length > 512 ? true : undefined);
    }
    expect(truncations).toBeGreaterThan(0);
  }, 60_000);
});

describe('eval over the length cap, as the parser reads it', () => {
  it('lists, for lines of mixed segments repeated out of order, what the parser lists', async () => {
    // Segments that differ only in what the listing does not show (assignments, reserved
    // words, redirections, a pipe into them, quoting) are distinct to the scan; equal ones are
    // listed once. (No `xargs` or `find -exec`: the commands they derive start at 0 in the
    // parser's sorted list and right before their segment in eval's, see OverCapListing.)
    const segments = fc.constantFrom(
      'echo a',
      'X=1 echo a',
      '! echo a',
      'echo a > out',
      'echo "a"',
      'cat < .env',
      'ls $(id)',
      'sudo rm -rf /tmp/x',
      "bash -c 'ls; rm x'",
      'git status',
      'y=2',
      'time -p ls',
    );
    const separators = fc.constantFrom('; ', ' && ', ' | ', '\n');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(segments, separators), { minLength: 3, maxLength: 12 }),
        async (parts) => {
          const unit = parts.map(([segment, separator]) => segment + separator).join('');
          let command = '';
          for (let copy = 0; command.length <= 64 * 1024; copy++) command += `${unit}echo ${copy % 7}; `;
          const [output] = (await evalChunks([line(command)])).lines;
          const analysis = analyzeShell(command);
          expect(output!.opaqueReasons).toEqual(opaqueReasonCodes(analysis.opaqueReasons));
          expect(output!.commands).toEqual(listedOverCap(analysis));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it('lists every command of a line the length cap applies to only before invisible characters are removed', async () => {
    // 64 KiB and more with the zero-width spaces, under the cap without them: the parser reads
    // the line whole (it is rejected, not scanned), and eval lists what it reads.
    const command = `${'echo a; '.repeat(1_000)}git status; ${'\u200b'.repeat(60_000)}`;
    expect(command.length).toBeGreaterThan(64 * 1024);
    const analysis = analyzeShell(command);
    expect(analysis.commands.length).toBeGreaterThan(1);
    const [output] = (await evalChunks([line(command)])).lines;
    expect(output!.commands).toEqual(
      analysis.commands.map(({ argv, context, depth }) => ({ argv, context, depth })),
    );
    expect(output!.opaqueReasons).toEqual(opaqueReasonCodes(analysis.opaqueReasons));
  });
});

describe('eval settings', () => {
  it("adds the settings' secret paths to the floor, as every other way of deciding does", async () => {
    const file = settingsFile({
      permissions: { allow: ['Bash(cat:*)'], secretPaths: ['config/prod.yml'] },
    });
    const { lines } = await evalChunks([line('cat config/prod.yml'), line('cat config/dev.yml')], file);
    expect(lines[0]).toMatchObject({ decision: 'deny', matchedRule: 'builtin:secret-read' });
    expect(lines[1]).toMatchObject({ decision: 'allow', matchedRule: 'Bash(cat:*)' });
  });
});

const data = findSharedData(__dirname);
if (!data) console.warn('[eval] ../shared/data not found: the corpus comparison is SKIPPED');

describe.skipIf(!data)('eval on the agent corpus', () => {
  it('gives the decision, classification and commands evaluateWithSettings gives', async () => {
    const commands = loadCorpora(data!).find((corpus) => corpus.name === 'agent')!.commands;
    const file = settingsFile();
    const { lines, cwd } = await evalChunks([commands.map((command) => line(command)).join('')], file);
    const settings = loadCliSettings([file], cwd, {
      stdin: Readable.from([]),
      stdout: { write: () => undefined },
      stderr: { write: () => undefined },
      cwd,
      homeDir: cwd,
    });
    expect(lines).toHaveLength(commands.length);
    lines.forEach((output, index) => {
      const { decision, analysis } = evaluateWithSettings(commands[index]!, settings, { cwd });
      expect(output.command).toBe(commands[index]);
      expect({
        decision: output.decision,
        reason: output.reason,
        classification: output.classification,
        matchedRule: output.matchedRule,
        opaque: output.opaque,
        commands: output.commands,
      }).toEqual({
        decision: decision.behavior,
        reason: decision.reason,
        classification: decision.classification,
        matchedRule: decision.matchedRule,
        opaque: analysis.opaque,
        commands: analysis.commands.map(({ argv, context, depth }) => ({ argv, context, depth })),
      });
    });
  }, 120_000);

  it('writes, byte for byte, the line its first definition gives (evaluateBash, then analyzeShell)', async () => {
    const commands = loadCorpora(data!).find((corpus) => corpus.name === 'agent')!.commands;
    const variants = [
      rules,
      { permissions: { ...rules.permissions, defaultMode: 'deny' } },
      { permissions: { ...rules.permissions, readOnlyAutoAllow: true, secretPaths: ['notes/*.txt'] } },
    ];
    for (const variant of variants) {
      const file = settingsFile(variant);
      const { writes, cwd } = await evalChunks([commands.map((command) => line(command)).join('')], file);
      const settings = loaded(file, cwd);
      const expected = commands.map((command) => referenceLine(command, settings, cwd));
      const actual = writes.join('').split(/(?<=\n)/);
      expect(actual).toHaveLength(commands.length);
      for (let index = 0; index < actual.length; index++) expect(actual[index]).toBe(expected[index]);
    }
  }, 120_000);
});
