/**
 * Asks a real bash how it parses command strings, without running any of them.
 *
 * Each command becomes the body of a function that is defined (never called) by `eval` in a
 * throw-away bash, then printed back with `declare -f`. Defining a function executes
 * nothing; the sandbox is for a body crafted to close the function early (`x; }; rm ...`):
 * - `shopt -s extdebug` plus a DEBUG trap that fails for every simple command except the
 *   harness's own four statements makes bash skip every other command before expanding
 *   its words (so no substitution inside runs either); subshells inherit the trap;
 * - restricted mode (`bash -r`: no `/` in command names, no output redirection, PATH
 *   read-only), an empty PATH, an empty environment and an empty temporary working
 *   directory.
 * Commands containing the harness's reserved prefix `__dx_` are refused.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bash's verdict on one command. */
export interface OracleResult {
  /** bash accepted the command (the function definition parsed). */
  ok: boolean;
  /** The `declare -f` output, when ok. */
  printed: string;
}

/** Quotes `text` as a bash `$'...'` string (bytes above ASCII pass through). */
export function ansiCQuote(text: string): string {
  let out = "$'";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === '\\' || char === "'") out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${out}'`;
}

const PRELUDE = [
  'shopt -s extdebug',
  'set -f +B',
  `trap '[[ $BASH_COMMAND == __dx_src=* || $BASH_COMMAND == "eval \\"\\$__dx_src\\"" || $BASH_COMMAND == "declare -f __dx_f"* || $BASH_COMMAND == "printf '\\''@@DX"* ]]' DEBUG`,
].join('\n');

/** Builds the bash script that defines and prints one function per command. */
export function buildOracleScript(commands: readonly string[], nonce: string): string {
  const lines = [PRELUDE];
  commands.forEach((command, index) => {
    if (command.includes('__dx_')) throw new Error('command uses the reserved prefix __dx_');
    // A leading `:` keeps the body non-empty for comment-only commands; readers drop it.
    lines.push(`__dx_src=${ansiCQuote(`__dx_f${index} () {\n:\n${command}\n}`)}`);
    lines.push('eval "$__dx_src"');
    lines.push(`printf '@@DX${nonce} %s %s\\n' ${index} "$?"`);
    lines.push(`declare -f __dx_f${index}`);
  });
  lines.push(`printf '@@DX${nonce} end 0\\n'`);
  return `${lines.join('\n')}\n`;
}

/** Splits the oracle's output into one result per command. */
export function parseOracleOutput(output: string, count: number, nonce: string): OracleResult[] {
  const results: OracleResult[] = Array.from({ length: count }, () => ({ ok: false, printed: '' }));
  const marker = `@@DX${nonce} `;
  const parts = output.split(marker);
  for (const part of parts.slice(1)) {
    const newline = part.indexOf('\n');
    const [indexText, statusText] = part.slice(0, newline).split(' ');
    if (indexText === 'end') continue;
    const index = Number(indexText);
    const result = results[index];
    if (!result) continue;
    result.ok = statusText === '0';
    result.printed = part.slice(newline + 1);
  }
  return results;
}

/** Runs one batch in a sandboxed bash. */
export function runOracleBatch(bashPath: string, commands: readonly string[]): Promise<OracleResult[]> {
  const nonce = Math.random().toString(36).slice(2, 10);
  const script = buildOracleScript(commands, nonce);
  const cwd = mkdtempSync(join(tmpdir(), 'dexter-bash-oracle-'));
  return new Promise((resolve, reject) => {
    const child = spawn(bashPath, ['-r', '-s'], {
      cwd,
      env: { PATH: '', LC_ALL: 'C' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => {
      rmSync(cwd, { recursive: true, force: true });
      resolve(parseOracleOutput(Buffer.concat(chunks).toString('utf8'), commands.length, nonce));
    });
    child.stdin.end(script);
  });
}

/**
 * Runs all commands through the oracle, `batchSize` per bash process, `parallel` at a time.
 * After a syntax error bash's parser can keep state into the next `eval` (seen with a bad
 * `[[`), so every result after a failure is redone in a fresh process: each failure is the
 * first of its process, and each success is trustworthy.
 */
export async function runOracle(
  bashPath: string,
  commands: readonly string[],
  batchSize = 500,
  parallel = 2,
): Promise<OracleResult[]> {
  const results: OracleResult[] = new Array(commands.length);
  const chunks: number[] = [];
  for (let index = 0; index < commands.length; index += batchSize) chunks.push(index);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const start = chunks[next++] as number;
      const end = Math.min(commands.length, start + batchSize);
      let from = start;
      while (from < end) {
        const batch = await runOracleBatch(bashPath, commands.slice(from, end));
        let index = 0;
        for (; index < batch.length; index++) {
          results[from + index] = batch[index] as OracleResult;
          if (!batch[index]?.ok) break;
        }
        from += index + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, chunks.length) }, worker));
  return results;
}
