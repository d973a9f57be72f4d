/**
 * The part of `@anthropic-ai/sandbox-runtime` this package calls, stated structurally so that
 * our declarations do not depend on the optional peer being installed, and a host (or a test)
 * can hand in the module it loaded itself. The runtime keeps one sandbox per process
 * (`SandboxManager` is a singleton): every `createSandbox` in a process shares it.
 */

/** One violation the runtime recorded (a denied write, a refused connection). */
export interface RuntimeViolation {
  readonly line: string;
  readonly command?: string;
  readonly timestamp: Date;
}

/** A filesystem path entry as the runtime takes it. */
export type RuntimePathEntry = string | { path: string; literal: true };

/** The configuration `SandboxManager.initialize` and `updateConfig` take (the fields we set). */
export interface RuntimeConfig {
  network: {
    allowedDomains: string[];
    deniedDomains: string[];
    deniedDomainReasons?: Record<string, string>;
  };
  filesystem: {
    denyRead: RuntimePathEntry[];
    allowWrite: RuntimePathEntry[];
    denyWrite: RuntimePathEntry[];
    allowRead?: RuntimePathEntry[];
  };
}

/** The runtime's network ask callback: `true` allows, anything else denies. */
export type RuntimeAskCallback = (destination: {
  host: string;
  port: number | undefined;
}) => Promise<boolean | { allow: false; reason: string }>;

/** The `SandboxManager` methods this package uses. */
export interface RuntimeManager {
  isSupportedPlatform(): boolean;
  checkDependencies(): { errors: string[]; warnings: string[] };
  initialize(config: RuntimeConfig, ask?: RuntimeAskCallback, enableLogMonitor?: boolean): Promise<void>;
  updateConfig(config: RuntimeConfig): void;
  wrapWithSandbox(
    command: string,
    binShell?: string,
    customConfig?: Partial<RuntimeConfig>,
    signal?: AbortSignal,
    options?: { commandId?: string; commandText?: string },
  ): Promise<string>;
  getSandboxViolationStore(): { getViolationsForCommand(key: string): RuntimeViolation[] };
  cleanupAfterCommand(): void;
  reset(): Promise<void>;
  readonly askCallbackDenyReason?: true;
}

/** The module: what `import('@anthropic-ai/sandbox-runtime')` gives. */
export interface SandboxRuntimeModule {
  SandboxManager: RuntimeManager;
}

/** The package a host installs for the OS sandbox (an optional peer of this one). */
export const RUNTIME_PACKAGE = '@anthropic-ai/sandbox-runtime';

/** Loads the runtime package, or says why it could not. */
export async function loadRuntime(): Promise<SandboxRuntimeModule | { problem: string }> {
  try {
    const loaded = (await import(/* @vite-ignore */ RUNTIME_PACKAGE)) as Partial<SandboxRuntimeModule> & {
      default?: Partial<SandboxRuntimeModule>;
    };
    const manager = loaded.SandboxManager ?? loaded.default?.SandboxManager;
    if (manager === undefined || typeof manager.wrapWithSandbox !== 'function') {
      return {
        problem: `${RUNTIME_PACKAGE} has no SandboxManager.wrapWithSandbox (an unsupported version?)`,
      };
    }
    return { SandboxManager: manager };
  } catch (error) {
    return {
      problem: `${RUNTIME_PACKAGE} is not installed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): npm install ${RUNTIME_PACKAGE}`,
    };
  }
}
