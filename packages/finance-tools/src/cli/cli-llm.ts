/**
 * The model behind `dexter-finance --router llm`: the registry's OpenAI (Chat Completions) or
 * Anthropic adapter, chosen by which key is set (`OPENAI_API_KEY` first, then
 * `ANTHROPIC_API_KEY`); the model from `DEXTER_FINANCE_MODEL` (defaults below). The SDKs
 * (`openai`, `@anthropic-ai/sdk`) are loaded only then, from the host's installation: they are
 * optional, as in `@dexter/registry`.
 */
import type { LlmClient } from '@dexter/registry';
import { FinanceError } from '../errors';

/** Builds the router's `LlmClient` from the environment; throws `configuration` when it cannot. */
export type CliLlmFactory = (env: Readonly<Record<string, string | undefined>>) => Promise<LlmClient>;

/** Default models when `DEXTER_FINANCE_MODEL` is not set. */
export const DEFAULT_CLI_MODELS = { openai: 'gpt-4.1-mini', anthropic: 'claude-sonnet-4-5' } as const;

/** Imports an optional SDK by name (not bundled; resolved from the host's node_modules). */
async function optional(specifier: string): Promise<Record<string, unknown>> {
  try {
    return (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>;
  } catch (error) {
    throw new FinanceError(
      'configuration',
      `--router llm needs the ${specifier} package installed next to @dexter/finance-tools (npm install ${specifier})`,
      { cause: error },
    );
  }
}

/** The default factory: OpenAI when `OPENAI_API_KEY` is set, else Anthropic with `ANTHROPIC_API_KEY`. */
export const defaultCliLlm: CliLlmFactory = async (env) => {
  const model = env.DEXTER_FINANCE_MODEL?.trim();
  if (env.OPENAI_API_KEY) {
    const sdk = await optional('openai');
    const OpenAI = (sdk.default ?? sdk.OpenAI) as new (options: { apiKey: string }) => never;
    const { createOpenAIChatClient } = await import('@dexter/registry/openai');
    return createOpenAIChatClient({
      client: new OpenAI({ apiKey: env.OPENAI_API_KEY }),
      model: model || DEFAULT_CLI_MODELS.openai,
    });
  }
  if (env.ANTHROPIC_API_KEY) {
    const sdk = await optional('@anthropic-ai/sdk');
    const Anthropic = (sdk.default ?? sdk.Anthropic) as new (options: { apiKey: string }) => never;
    const { createAnthropicClient } = await import('@dexter/registry/anthropic');
    return createAnthropicClient({
      client: new Anthropic({ apiKey: env.ANTHROPIC_API_KEY }),
      model: model || DEFAULT_CLI_MODELS.anthropic,
    });
  }
  throw new FinanceError(
    'configuration',
    '--router llm needs OPENAI_API_KEY or ANTHROPIC_API_KEY (and optionally DEXTER_FINANCE_MODEL)',
  );
};
