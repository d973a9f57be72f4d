export type { ScriptedLlmClient, ScriptedLlmClientOptions, ScriptedStep } from './scripted-llm-client';
export { createScriptedLlmClient } from './scripted-llm-client';
