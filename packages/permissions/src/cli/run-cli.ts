/**
 * `dexter-permissions` entry: dispatches to `check`, `eval`, `test`, `explain`, `hook`,
 * `install-hook`, `doctor`.
 * Returns the exit code instead of exiting, so tests run it in-process.
 */
import { PermissionsError } from '../errors';
import { UsageError } from './args';
import { runCheck } from './check';
import { runEval } from './eval';
import { runExplain } from './explain';
import type { CliIo } from './io';
import { runTestTable } from './test-table';

/** `hook` inside this process (the binary runs hook-main.ts instead, with its watchdog). */
async function runHookInProcess(argv: readonly string[], io: CliIo): Promise<number> {
  const { answerHookEvent, blockAnswer, hookAdapters, readStream } = await import('./hook');
  const { parseHookOptions } = await import('./hook-options');
  const [agent, ...rest] = argv;
  const adapter = agent === undefined ? undefined : hookAdapters[agent];
  let answer: ReturnType<typeof blockAnswer>;
  if (!adapter)
    answer = blockAnswer(
      `unknown agent ${JSON.stringify(agent ?? '')}: use "hook claude-code" or "hook gemini-cli"`,
    );
  else {
    try {
      const options = parseHookOptions(rest);
      answer = answerHookEvent(adapter, await readStream(io.stdin), options, {
        env: process.env,
        homeDir: io.homeDir,
        cwd: io.cwd,
      });
    } catch (error) {
      answer = blockAnswer(
        `the hook could not run (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  io.stdout.write(answer.stdout);
  io.stderr.write(answer.stderr);
  return answer.code;
}

/** The usage text. */
export const usage = `Usage: dexter-permissions <command> [options]

  check   [--settings FILE]… [--cwd DIR] [--json] -- COMMAND…   decide one command, say why
  eval    [--settings FILE]… [--cwd DIR]                        JSON lines {"command","cwd"?} on stdin → decisions
  test    [--settings FILE]… TABLE                              expected decisions (commands or tool calls); exit 1 on mismatch
  explain [--settings FILE]… [--cwd DIR] -- COMMAND…            every step of the evaluation
  hook    claude-code|gemini-cli [--settings FILE]… [--unknown ask|deny|pass]
          [--file-arg TOOL=read:ARG|write:ARG]… [--on-ask deny|defer] [--timeout-ms N]
                                     one PreToolUse / BeforeTool event on stdin → the agent's hook JSON
  install-hook claude-code|gemini-cli [--project|--user|--local] [--write] [--bin PROGRAM]
                                     print (or merge into the agent's settings) the hook registration;
                                     the command is this node + this cli.js (or PROGRAM), fails closed,
                                     and must block a canary .env read before anything is written;
                                     a Gemini CLI project registration needs a folder the CLI trusts
  doctor  claude-code|gemini-cli [--project|--user|--local]
                                     check every registered hook: matcher, fail-closed, canary blocked,
                                     and that the Gemini CLI loads a project registration (folder trust)

Without --settings the standard layers are read: ~/.dexter/settings.json,
<cwd>/.dexter/settings.json, <cwd>/.dexter/settings.local.json.
`;

/** The usage lines of one command (its line and the indented lines under it), or undefined. */
export function commandUsage(command: string): string | undefined {
  const lines = usage.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`  ${command} `));
  if (start === -1) return undefined;
  let end = start + 1;
  while (end < lines.length && /^ {3,}\S/.test(lines[end]!)) end++;
  return `Usage: dexter-permissions ${lines
    .slice(start, end)
    .map((line) => line.trim())
    .join('\n  ')}\n`;
}

/**
 * Runs the CLI with `argv` (words after the program name).
 *
 * @example
 * ```ts
 * const code = await runCli(['check', '--', 'git', 'status'], { stdin, stdout, stderr, cwd, homeDir });
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [subcommand, ...rest] = argv;
  // `<command> --help` (before any `--`): that command's lines of the usage text.
  const end = rest.indexOf('--');
  const options = end === -1 ? rest : rest.slice(0, end);
  if (subcommand !== undefined && (options.includes('--help') || options.includes('-h'))) {
    const help = commandUsage(subcommand);
    if (help !== undefined) {
      io.stdout.write(help);
      return 0;
    }
  }
  try {
    switch (subcommand) {
      case 'check':
        return runCheck(rest, io);
      case 'eval':
        return await runEval(rest, io);
      case 'test':
        return runTestTable(rest, io);
      case 'explain':
        return runExplain(rest, io);
      case 'hook':
        return await runHookInProcess(rest, io);
      case 'install-hook':
        return (await import('./install-hook')).runInstallHook(rest, io);
      case 'doctor':
        return (await import('./doctor')).runDoctor(rest, io);
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.stdout.write(usage);
        return subcommand === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command ${JSON.stringify(subcommand)}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`dexter-permissions: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (PermissionsError.isInstance(error)) {
      io.stderr.write(`dexter-permissions: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
