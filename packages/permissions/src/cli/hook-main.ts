/**
 * The `hook` subcommand as a process: reads the event, answers, and makes sure that whatever
 * happens — bad options, an exception outside any handler, an event that never ends, an
 * engine that never returns — the agent sees exit 2 and a reason, never silence. The bin
 * entry imports this module alone, so a hook call loads only what deciding needs.
 */
import { writeSync } from 'node:fs';
import os from 'node:os';
import { UsageError } from './args';
import {
  answerHookEvent,
  blockAnswer,
  type HookAnswer,
  type HookFault,
  hookAdapters,
  maxEventBytes,
} from './hook';
import { parseHookOptions } from './hook-options';
import { readStdin, writeStdout } from './hook-stdio';

const faults = new Set<HookFault>(['engine-decide', 'engine-load', 'hook', 'uncaught', 'hang']);

let finished = false;

/** Writes the answer synchronously and ends the process (used when anything went wrong). */
function finishNow(answer: HookAnswer): never {
  finished = true;
  try {
    if (answer.stdout) writeSync(1, answer.stdout);
  } catch {
    // stdout closed: the exit code still blocks
  }
  try {
    writeSync(2, answer.stderr);
  } catch {
    // stderr closed: the exit code still blocks
  }
  process.exit(answer.code);
}

/** Runs `dexter-permissions hook <agent> [options]` in this process and exits. */
export async function hookMain(argv: readonly string[]): Promise<void> {
  const fail = (reason: string) => {
    if (!finished) finishNow(blockAnswer(reason));
  };
  process.on('uncaughtException', (error) => fail(`the hook failed (${error?.message ?? String(error)})`));
  process.on('unhandledRejection', (error) =>
    fail(`the hook failed (${error instanceof Error ? error.message : String(error)})`),
  );
  const [agent, ...rest] = argv;
  const adapter = agent === undefined ? undefined : hookAdapters[agent];
  if (!adapter) {
    fail(`unknown agent ${JSON.stringify(agent ?? '')}: use "hook claude-code" or "hook gemini-cli"`);
    return;
  }
  let options: ReturnType<typeof parseHookOptions>;
  try {
    options = parseHookOptions(rest);
  } catch (error) {
    fail(`the hook's command line is wrong: ${error instanceof UsageError ? error.message : String(error)}`);
    return;
  }
  // Not unref'd: it also keeps the process alive until an answer is out.
  const watchdog = setTimeout(
    () =>
      fail(
        `no decision within ${options.timeoutMs} ms (the event did not arrive or the check did not finish)`,
      ),
    options.timeoutMs,
  );
  const requested = process.env.DEXTER_PERMISSIONS_HOOK_FAULT as HookFault | undefined;
  const fault = requested && faults.has(requested) ? requested : undefined;
  if (fault === 'uncaught') {
    setImmediate(() => {
      throw new Error('injected fault: an exception outside any handler');
    });
    return;
  }
  // The watchdog answers.
  if (fault === 'hang') return;
  let text: string;
  try {
    text = await readStdin(maxEventBytes);
  } catch (error) {
    fail(`the event could not be read (${error instanceof Error ? error.message : String(error)})`);
    return;
  }
  const answer = answerHookEvent(adapter, text, options, {
    env: process.env,
    homeDir: os.homedir(),
    cwd: process.cwd(),
    ...(fault ? { fault } : {}),
  });
  if (answer.code !== 0) finishNow(answer);
  finished = true;
  writeStdout(answer.stdout, () => {
    clearTimeout(watchdog);
  });
  process.exitCode = 0;
}
