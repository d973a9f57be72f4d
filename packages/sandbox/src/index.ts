/**
 * `@dexter/sandbox`: the permission engine's policy enforced by the operating system.
 * Commands run under `@anthropic-ai/sandbox-runtime` (bubblewrap on Linux, Seatbelt on macOS)
 * with a configuration derived from the engine; asks that no rule decided can run sandboxed
 * without a prompt; each result carries what the sandbox refused.
 */
export type {
  Sandbox,
  SandboxEngine,
  SandboxOptions,
  SandboxRunOptions,
  SandboxRunResult,
  SandboxStatus,
} from './create-sandbox';
export { createSandbox, LINUX_SANDBOX_FIX } from './create-sandbox';
export type { ProtectedPaths } from './protected-paths';
export { protectedPathsFor } from './protected-paths';
export type {
  RuntimeAskCallback,
  RuntimeConfig,
  RuntimeManager,
  RuntimePathEntry,
  RuntimeViolation,
  SandboxRuntimeModule,
} from './runtime';
export { RUNTIME_PACKAGE } from './runtime';
export type { EngineView, SandboxPolicy, SandboxPolicyOptions } from './sandbox-policy';
export { runtimeConfigOf, sandboxPolicyFromEngine, systemSecretLocations } from './sandbox-policy';
export type {
  SandboxCommandToolOptions,
  SandboxedBashInput,
  SandboxedBashToolOptions,
} from './sandboxed-bash-tool';
export { createSandboxedBashTool, formatRunResult, sandboxCommandTool } from './sandboxed-bash-tool';
export type { ScanRoot, SecretLocations } from './secret-locations';
export { findSecretLocations } from './secret-locations';
export type { SandboxViolation } from './violations';
export { formatViolations } from './violations';
