/**
 * `@dexter/permissions`: the fail-closed permission engine — shell parser, read-only
 * classifier, rule grammar, deny floor, decision engine and rule store.
 */

// Read-only classifier
export type { ClassificationResult } from './classifier';
export {
  classifyArgv,
  classifyCommand,
  couldExpandToFlag,
  isInterpreterOrWrapper,
  READ_ONLY_COMMANDS,
  subcommandPrefix,
} from './classifier';
// Decision port
export type {
  CommandClassification,
  PermissionBehavior,
  PermissionDecider,
  PermissionDecision,
  PermissionRequest,
} from './decision';
export type { NormalizedFilePath, RequestMatchesRuleOptions } from './engine/approval-scope';
export {
  describeSessionKey,
  normalizeFilePath,
  requestMatchesRule,
  rulesAlwaysWouldSave,
} from './engine/approval-scope';
export type { PermissionEngine, PermissionEngineOptions } from './engine/create-permission-engine';
export { createPermissionEngine } from './engine/create-permission-engine';
export { evaluateWithSettings } from './engine/decide-with-settings';
// Engine
export type { BashEvaluation, EvaluateBashOptions } from './engine/evaluate-bash';
export { evaluateBash, evaluateBashDetailed } from './engine/evaluate-bash';
export type { EvaluateToolOptions } from './engine/evaluate-tool';
export { evaluateTool } from './engine/evaluate-tool';
export type { EvaluationStep, EvaluationStepName } from './engine/evaluation-step';
export type { ProposeRulesOptions } from './engine/propose-rules';
export { proposeRules } from './engine/propose-rules';
export { bashSessionKey, fileWriteSessionKey, toolSessionKey } from './engine/session-key';
// Errors
export type { ErrorLocation, PermissionsErrorCode } from './errors';
export { PermissionsError } from './errors';
// Deny floor
export type { FloorCheck, FloorViolation } from './floor';
export {
  checkAssignments,
  checkEnvDump,
  checkFloor,
  checkSecretReads,
  DANGEROUS_VARIABLES,
  globCouldMatchSecret,
  isDangerousVariable,
  isSecretPath,
  isSecretVariableName,
  pathCandidates,
} from './floor';
// Network targets: the one address classifier (web-tools imports it too)
export type { AddressClass, AddressScope } from './network/blocked-address';
export { blockedAddressReason, classifyAddress } from './network/blocked-address';
// Protected paths (one model for every writer)
export type { ProtectedClass, ProtectedEntry } from './protected/protected-catalogue';
export { PROTECTED_CATALOGUE } from './protected/protected-catalogue';
export type {
  ListProtectedPathsOptions,
  ProtectedPathList,
  ProtectedPathModel,
  ProtectedPathModelOptions,
} from './protected/protected-paths';
export { createProtectedPathModel, listProtectedPaths } from './protected/protected-paths';
export type { RuleSetInput } from './rules/compile-rule-set';
export { compileRuleSet, mergeRuleSets } from './rules/compile-rule-set';
export type { CommandMatchMode } from './rules/match-command-rule';
export { matchCommandRule } from './rules/match-command-rule';
export { matchPathGlob } from './rules/match-path-glob';
export { parseRule } from './rules/parse-rule';
// Rules
export type { CommandRule, PathRule, Rule, RuleKind, RuleSet, ToolRule } from './rules/rule';
export { emptyRuleSet } from './rules/rule';
export { escapeSpecifier, serializeRule } from './rules/serialize-rule';
export { isFileWriteToolName, isShellToolName, normalizeToolName } from './rules/tool-name';
// Secret model (one for the shell floor and file tools)
export { resolvePath } from './secrets/resolve-path';
export type { SecretModel, SecretModelOptions } from './secrets/secret-model';
export { createSecretModel } from './secrets/secret-model';
// Shell parser
export type {
  RejectionScan,
  ShellAnalysis,
  ShellAnalysisOptions,
  ShellAssignment,
  ShellContext,
  ShellRedirect,
  ShellWord,
  SimpleCommand,
  UnwrappedCommand,
} from './shell';
export {
  analyzeShell,
  commandWordBasename,
  DEFAULT_SHELL_LIMITS,
  normalizeCommand,
  quoteShellWord,
  SHELL_NAMES,
  scanForRejection,
} from './shell';
export type { FileLockOptions } from './store/file-lock';
// Rule store
export type {
  LoadedSettings,
  RuleBehavior,
  RuleStore,
  RuleStoreLayer,
  RuleStoreOptions,
} from './store/rule-store';
export { combineLayers, createRuleStore, defaultSettingsPaths } from './store/rule-store';
export type { SettingsLayer, SettingsLayerName } from './store/settings-file';
export { parseSettingsText, readSettingsFile } from './store/settings-file';
export { loadSettingsObject } from './store/settings-object';
