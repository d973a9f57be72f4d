/**
 * `createSandbox`: the OS sandbox for one agent host — the runtime started once with the
 * policy derived from the permission engine, commands run in it with a per-call id, the
 * violations of that id read back, the runtime's network ask routed to the host's prompter,
 * and the `SandboxAutoAllow` port the executor consults.
 *
 * Fail closed when the sandbox is missing (no runtime package, an unsupported platform, no
 * bubblewrap/socat/ripgrep, no user namespaces): `status()` says why, a notice is written
 * once per process with the fix, `autoAllow` allows nothing (asks stay asks), and a call that
 * was let through only because a sandbox was expected is refused instead of run unsandboxed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type {
  ApprovalPrompter,
  ApprovalRequest,
  SandboxAutoAllow,
  SandboxAutoAllowRequest,
} from '@dexter/executor';
import { normalizeApprovalResponse } from '@dexter/executor';
import type { PermissionDecider, PermissionDecision } from '@dexter/permissions';
import type { PermissionSubject } from '@dexter/registry';
import { loadRuntime, RUNTIME_PACKAGE, type RuntimeManager, type SandboxRuntimeModule } from './runtime';
import {
  type EngineView,
  runtimeConfigOf,
  type SandboxPolicy,
  sandboxPolicyFromEngine,
  systemSecretLocations,
} from './sandbox-policy';
import type { SecretLocations } from './secret-locations';
import { readDeniedReadsFromStderr, readRuntimeViolations, type SandboxViolation } from './violations';

/** The command that installs the Linux pieces of the sandbox (Debian, Ubuntu). */
export const LINUX_SANDBOX_FIX = 'apt-get install bubblewrap socat ripgrep';

/** Whether commands run sandboxed here, and if not why and how to fix it. */
export type SandboxStatus =
  | { readonly available: true; readonly platform: string }
  | { readonly available: false; readonly reason: string; readonly fix: string };

/** The engine as the sandbox uses it: its view, and (optionally) where "always" rules go. */
export interface SandboxEngine extends EngineView {
  persistAllowRule?(rule: string): Promise<void>;
}

/** Options of `createSandbox`. */
export interface SandboxOptions {
  /** The permission engine (`createPermissionEngine(...)`): rules, secret model, rule store. */
  engine: SandboxEngine;
  /** The project directory (default `process.cwd()`): write root, and where commands run. */
  cwd?: string;
  /** The host's approval UI: asked when a sandboxed command connects to a host no rule allows. */
  approvals?: ApprovalPrompter;
  /** The runtime module, or a loader (default: `import('@anthropic-ai/sandbox-runtime')`). */
  runtime?: SandboxRuntimeModule | (() => Promise<SandboxRuntimeModule>);
  /** Where the one-time "no sandbox here" notice goes (default `console.warn`). */
  onNotice?: (message: string) => void;
  /** How long the secret search outside the project is reused, in ms (default 5000). */
  secretScanTtlMs?: number;
}

/** Options of one sandboxed run. */
export interface SandboxRunOptions {
  /** The call's id (the executor's `toolCallId`): violations and network asks are attributed to it. */
  toolCallId: string;
  /** Working directory (default: the sandbox's `cwd`). */
  cwd?: string;
  signal?: AbortSignal;
  /** Kill the command after this many ms. */
  timeoutMs?: number;
  /** For the network prompt: the tool and input the call was made with. */
  tool?: string;
  input?: unknown;
  /** Most bytes kept of stdout and of stderr each (default 1 MB); the rest is cut with a marker. */
  maxOutputBytes?: number;
  /** Run without the sandbox (a call the person approved to run outside it). */
  outsideSandbox?: boolean;
}

/** What a command run gave. */
export interface SandboxRunResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  /** True when the command ran inside the OS sandbox. */
  readonly sandboxed: boolean;
  /** What the sandbox refused during this call. */
  readonly violations: readonly SandboxViolation[];
  readonly timedOut: boolean;
}

/** The sandbox of one host. */
export interface Sandbox {
  /** Tries the sandbox once (later calls reuse the answer). */
  status(): Promise<SandboxStatus>;
  /** The policy enforced for `cwd` (default: the sandbox's), derived from the engine now. */
  policy(cwd?: string): SandboxPolicy;
  /** Runs `command` in the sandbox (or, where none is available, as a plain `bash -c` — see `mustBeSandboxed`). */
  run(command: string, options: SandboxRunOptions): Promise<SandboxRunResult>;
  /** For `createExecutor({ sandboxAutoAllow })`: asks that no rule decided, on sandboxed tools, run without a prompt. */
  readonly autoAllow: SandboxAutoAllow;
  /**
   * A `PermissionDecider` around the engine for `createExecutor({ permissions })`: a call of
   * a sandboxed tool that asks to run outside the sandbox is always asked (an allow rule does
   * not let it through, no session grant or rule is proposed for it); denials stand.
   */
  decider(engine: PermissionDecider): PermissionDecider;
  /** Marks tool `name` as running its commands through this sandbox (the bash tool does it). */
  registerTool(name: string, outsideField?: string): void;
  /** True when the call was let through only because it would run sandboxed. */
  mustBeSandboxed(toolCallId: string): boolean;
  /** Stops the runtime's proxies and forgets its state. */
  dispose(): Promise<void>;
}

let noticeWritten = false;

/** Writes the one-per-process notice that commands run without the OS sandbox here. */
function noticeOnce(onNotice: (message: string) => void, status: SandboxStatus): void {
  if (status.available || noticeWritten) return;
  noticeWritten = true;
  onNotice(
    `@dexter/sandbox: commands run without the OS sandbox here (${status.reason}). Asks stay asks. To enable it: ${status.fix}`,
  );
}

const MAX_OUTPUT = 1_000_000;

function appendCapped(buffer: { text: string; cut: boolean }, chunk: Buffer, max: number): void {
  if (buffer.cut) return;
  const text = chunk.toString('utf8');
  if (buffer.text.length + text.length > max) {
    buffer.text += `${text.slice(0, Math.max(0, max - buffer.text.length))}\n[output cut at ${max} characters]`;
    buffer.cut = true;
  } else buffer.text += text;
}

/**
 * Why `dir` cannot be a command's working directory, or undefined when it can. Node reports
 * a missing `cwd` as `spawn <file> ENOENT`, which names the wrong thing.
 */
function missingDirectory(dir: string): string | undefined {
  try {
    if (statSync(dir).isDirectory()) return undefined;
    return `the working directory ${dir} is not a directory`;
  } catch {
    return `the working directory ${dir} does not exist`;
  }
}

/** Runs `argv` as a process group; kills the group on abort or timeout. */
function runProcess(
  file: string,
  args: string[],
  options: { cwd: string; signal?: AbortSignal; timeoutMs?: number; maxOutputBytes?: number },
): Promise<{
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}> {
  const missing = missingDirectory(options.cwd);
  if (missing !== undefined) return Promise.reject(new Error(missing));
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const max = options.maxOutputBytes ?? MAX_OUTPUT;
    const stdout = { text: '', cut: false };
    const stderr = { text: '', cut: false };
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            kill();
          }, options.timeoutMs);
    const onAbort = () => kill();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) kill();
    child.stdout.on('data', (chunk: Buffer) => appendCapped(stdout, chunk, max));
    child.stderr.on('data', (chunk: Buffer) => appendCapped(stderr, chunk, max));
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ exitCode, signal, stdout: stdout.text, stderr: stderr.text, timedOut });
    });
  });
}

/** A call running in the sandbox, for attributing network asks. */
interface RunningCall {
  toolCallId: string;
  tool: string;
  input: unknown;
  cwd: string;
  signal: AbortSignal;
}

/**
 * Creates the sandbox for a host. Nothing starts until the first `status()` or `run()`.
 *
 * @example
 * ```ts
 * const engine = createPermissionEngine({ store: createRuleStore({ cwd }) });
 * const sandbox = createSandbox({ engine, cwd, approvals: myPrompter });
 * const executor = createExecutor({
 *   tools: [createSandboxedBashTool({ sandbox })],
 *   permissions: sandbox.decider(engine),
 *   sandboxAutoAllow: sandbox.autoAllow,
 *   approvals: myPrompter,
 * });
 * ```
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const engine = options.engine;
  const onNotice = options.onNotice ?? ((message: string) => console.warn(message));
  const ttl = options.secretScanTtlMs ?? 5000;
  const tools = new Map<string, string | undefined>();
  const mustSandbox = new Set<string>();
  const running = new Map<string, RunningCall>();
  const sessionHosts = new Set<string>();
  let manager: RuntimeManager | undefined;
  let statusPromise: Promise<SandboxStatus> | undefined;
  let outside: { at: number; cwd: string; locations: SecretLocations } | undefined;
  let appliedNetwork = '';
  let asking: Promise<unknown> = Promise.resolve();

  const outsideLocations = (forCwd: string): SecretLocations => {
    const now = Date.now();
    if (outside === undefined || outside.cwd !== forCwd || now - outside.at > ttl) {
      outside = { at: now, cwd: forCwd, locations: systemSecretLocations(engine.secrets, forCwd) };
    }
    return outside.locations;
  };

  const policy = (forCwd?: string): SandboxPolicy => {
    const resolved = path.resolve(cwd, forCwd ?? '.');
    return sandboxPolicyFromEngine(engine, { cwd: resolved, outside: outsideLocations(resolved) });
  };

  const askNetwork = async ({ host, port }: { host: string; port: number | undefined }) => {
    const deny = (reason: string) =>
      manager?.askCallbackDenyReason === true ? { allow: false as const, reason } : false;
    const key = `${host}:${port ?? ''}`;
    if (sessionHosts.has(key) || sessionHosts.has(`${host}:`)) return true;
    const calls = [...running.values()];
    const call = calls[0];
    const approvals = options.approvals;
    const rule = `WebFetch(domain:${host})`;
    if (approvals === undefined || call === undefined) {
      return deny(
        `${host} is not allowed: no rule allows it and there is no one to ask; add ${rule} to the allow rules`,
      );
    }
    const others =
      calls.length > 1 ? ` (calls running: ${calls.map((each) => each.toolCallId).join(', ')})` : '';
    const decision: PermissionDecision = {
      behavior: 'ask',
      reason: `The sandboxed command wants to connect to ${host}${port === undefined ? '' : `:${port}`}, which no WebFetch(domain:…) rule allows${others}`,
      sessionKey: `network:${host}`,
      cacheable: true,
      proposedRules: [rule],
    };
    const request: ApprovalRequest = {
      toolCallId: call.toolCallId,
      tool: call.tool,
      toolDescription: 'a connection from inside the OS sandbox',
      input: call.input,
      decision,
      proposedRule: rule,
      signal: call.signal,
      network: port === undefined ? { host } : { host, port },
    };
    const subject: PermissionSubject = {
      kind: 'url',
      url: `http://${host}${port === undefined ? '' : `:${port}`}/`,
    };
    request.subject = subject;
    // One network question at a time.
    const answered = asking.then(async () => {
      try {
        return normalizeApprovalResponse(await approvals.prompt(request));
      } catch {
        return { decision: 'deny' as const, valid: false };
      }
    });
    asking = answered.catch(() => undefined);
    const answer = await answered;
    if (answer.decision === 'deny') return deny(`the user declined the connection to ${host}`);
    if (answer.decision === 'allow-session') sessionHosts.add(`${host}:`);
    if (answer.decision === 'allow-always') {
      sessionHosts.add(`${host}:`);
      try {
        await engine.persistAllowRule?.(rule);
      } catch {
        // The connection was approved; an unsaved rule asks again next session.
      }
    }
    return true;
  };

  const status = (): Promise<SandboxStatus> => {
    // A missing project directory says nothing about the sandbox: report it, and look again
    // on the next call instead of keeping the answer. Once an answer is kept, no more checks.
    const missing = statusPromise === undefined ? missingDirectory(cwd) : undefined;
    if (missing !== undefined) {
      return Promise.resolve({
        available: false,
        reason: missing,
        fix: `create ${cwd}, or pass an existing directory as createSandbox's cwd`,
      });
    }
    statusPromise ??= (async (): Promise<SandboxStatus> => {
      if (process.platform === 'win32') {
        return {
          available: false,
          reason: 'Windows is not supported by @dexter/sandbox yet',
          fix: 'run the agent under WSL 2',
        };
      }
      let module: SandboxRuntimeModule;
      if (options.runtime === undefined) {
        const loaded = await loadRuntime();
        if ('problem' in loaded)
          return { available: false, reason: loaded.problem, fix: `npm install ${RUNTIME_PACKAGE}` };
        module = loaded;
      } else {
        try {
          module = typeof options.runtime === 'function' ? await options.runtime() : options.runtime;
        } catch (error) {
          return {
            available: false,
            reason: `the runtime could not be loaded (${String(error)})`,
            fix: `npm install ${RUNTIME_PACKAGE}`,
          };
        }
      }
      const candidate = module.SandboxManager;
      const fix = process.platform === 'linux' ? LINUX_SANDBOX_FIX : 'brew install ripgrep';
      try {
        if (!candidate.isSupportedPlatform()) {
          return { available: false, reason: `the runtime does not support ${process.platform}`, fix };
        }
        const dependencies = candidate.checkDependencies();
        if (dependencies.errors.length > 0) {
          return { available: false, reason: dependencies.errors.join('; '), fix };
        }
        await candidate.initialize(runtimeConfigOf(policy()), askNetwork, true);
        manager = candidate;
        appliedNetwork = JSON.stringify(runtimeConfigOf(policy()).network);
        // bubblewrap can be installed and still unable to start (no user namespaces): prove it.
        const probe = await runWrapped(
          'true',
          { toolCallId: `probe-${randomBytes(16).toString('base64url')}` },
          cwd,
        );
        if (probe.exitCode !== 0) {
          manager = undefined;
          await candidate.reset().catch(() => undefined);
          const why = probe.stderr.trim().split('\n')[0] ?? `exit ${probe.exitCode}`;
          return {
            available: false,
            reason: `a sandboxed command could not start (${why})`,
            fix: `${fix}; and allow user namespaces`,
          };
        }
        return { available: true, platform: process.platform };
      } catch (error) {
        manager = undefined;
        // initialize may have started the runtime's proxies: stop them, or they keep the
        // process alive.
        await candidate.reset().catch(() => undefined);
        return {
          available: false,
          reason: `the sandbox could not start (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
          fix,
        };
      }
    })().then((result) => {
      noticeOnce(onNotice, result);
      return result;
    });
    return statusPromise;
  };

  async function runWrapped(
    command: string,
    runOptions: SandboxRunOptions,
    runCwd: string,
  ): Promise<SandboxRunResult> {
    const runtime = manager!;
    const current = policy(runCwd);
    const config = runtimeConfigOf(current);
    const network = JSON.stringify(config.network);
    if (network !== appliedNetwork) {
      runtime.updateConfig(config);
      appliedNetwork = network;
    }
    const commandId = `${randomBytes(16).toString('base64url')}`;
    const controller = new AbortController();
    const signal = runOptions.signal
      ? AbortSignal.any([runOptions.signal, controller.signal])
      : controller.signal;
    running.set(commandId, {
      toolCallId: runOptions.toolCallId,
      tool: runOptions.tool ?? 'bash',
      input: runOptions.input ?? { command },
      cwd: runCwd,
      signal,
    });
    try {
      const wrapped = await runtime.wrapWithSandbox(
        command,
        undefined,
        { filesystem: config.filesystem },
        signal,
        {
          commandId,
          commandText: command,
        },
      );
      const outcome = await runProcess('/bin/sh', ['-c', wrapped], {
        cwd: runCwd,
        signal,
        ...(runOptions.timeoutMs === undefined ? {} : { timeoutMs: runOptions.timeoutMs }),
        ...(runOptions.maxOutputBytes === undefined ? {} : { maxOutputBytes: runOptions.maxOutputBytes }),
      });
      const violations = [
        ...readRuntimeViolations(runtime.getSandboxViolationStore().getViolationsForCommand(commandId)),
        ...readDeniedReadsFromStderr(outcome.stderr, current.denyRead, runCwd),
      ];
      return { ...outcome, sandboxed: true, violations };
    } finally {
      running.delete(commandId);
      controller.abort();
      runtime.cleanupAfterCommand();
    }
  }

  const run = async (command: string, runOptions: SandboxRunOptions): Promise<SandboxRunResult> => {
    const runCwd = path.resolve(cwd, runOptions.cwd ?? '.');
    const current = await status();
    if (current.available && runOptions.outsideSandbox !== true)
      return runWrapped(command, runOptions, runCwd);
    if (mustSandbox.has(runOptions.toolCallId)) {
      if (current.available)
        throw new Error('this call was allowed only to run inside the OS sandbox; it was not run');
      throw new Error(
        `this call was allowed only to run inside the OS sandbox, which is not available here (${current.reason}); it was not run. To enable the sandbox: ${current.fix}`,
      );
    }
    const outcome = await runProcess('bash', ['-c', command], {
      cwd: runCwd,
      ...(runOptions.signal === undefined ? {} : { signal: runOptions.signal }),
      ...(runOptions.timeoutMs === undefined ? {} : { timeoutMs: runOptions.timeoutMs }),
      ...(runOptions.maxOutputBytes === undefined ? {} : { maxOutputBytes: runOptions.maxOutputBytes }),
    });
    return { ...outcome, sandboxed: false, violations: [] };
  };

  const outsideRequested = (tool: string, input: unknown): boolean => {
    const field = tools.get(tool);
    return (
      field !== undefined &&
      typeof input === 'object' &&
      input !== null &&
      (input as Record<string, unknown>)[field] === true
    );
  };

  const autoAllow: SandboxAutoAllow = {
    async allows(request: SandboxAutoAllowRequest): Promise<boolean> {
      const { decision } = request;
      // Floor, deny and ask-rule decisions keep their force; only "no rule allows it" and
      // "cannot be fully read" become sandboxed runs.
      if (decision.behavior !== 'ask' || decision.matchedRule !== undefined) return false;
      if (!tools.has(request.tool) || outsideRequested(request.tool, request.input)) return false;
      if (!(await status()).available) return false;
      mustSandbox.add(request.toolCallId);
      return true;
    },
  };

  const decider = (inner: PermissionDecider): PermissionDecider => {
    const wrapped: PermissionDecider = {
      async decide(request) {
        const decision = await inner.decide(request);
        if (decision.behavior === 'deny' || !outsideRequested(request.tool, request.input)) return decision;
        // Never answered by a grant made for a sandboxed run of the same command.
        return {
          ...decision,
          behavior: 'ask',
          reason: `${request.tool} asks to run outside the OS sandbox (${decision.reason})`,
          cacheable: false,
          proposedRules: [],
          sessionKey: `outside-sandbox:${decision.sessionKey}`,
        };
      },
    };
    if (inner.persistAllowRule) wrapped.persistAllowRule = (rule) => inner.persistAllowRule!(rule);
    return wrapped;
  };

  return {
    status,
    policy,
    run,
    autoAllow,
    decider,
    registerTool(name, outsideField) {
      tools.set(name, outsideField);
    },
    mustBeSandboxed: (toolCallId) => mustSandbox.has(toolCallId),
    async dispose() {
      const current = manager;
      manager = undefined;
      statusPromise = undefined;
      if (current) await current.reset();
    },
  };
}
