export type { MemoryFileTools, MemoryFileToolsOptions } from './memory-file-tools';
export { createMemoryFileTools } from './memory-file-tools';
export type { ScriptedLlmClient, ScriptedLlmClientOptions, ScriptedStep } from './scripted-llm-client';
export { createScriptedLlmClient } from './scripted-llm-client';
