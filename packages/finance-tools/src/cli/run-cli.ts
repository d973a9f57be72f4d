/**
 * `dexter-finance` as a function: arguments and I/O in, exit code out. The bin (`cli.ts`)
 * wires it to the process; tests call it in-process with captured output.
 */
import { type AnyTool, invokeTool, type ProgressUpdate } from '@dexter/registry';
import { FinanceError } from '../errors';
import type { MetaToolResult } from '../meta-tools/execute-plan';
import { createGetFinancialsTool } from '../meta-tools/get-financials';
import { createGetMarketDataTool } from '../meta-tools/get-market-data';
import type { MetaToolOptions } from '../meta-tools/meta-tool-options';
import { createReadFilingsTool } from '../meta-tools/read-filings';
import type { FinancialDataProvider } from '../provider';
import { createCompositeProvider } from '../providers/composite';
import { createEmbeddedProvider } from '../providers/embedded';
import { fixedClock, systemClock } from '../router/clock';
import { type CliLlmFactory, defaultCliLlm } from './cli-llm';
import { addToDataset, readDatasetFile, withLocalDataset } from './dataset-file';
import { type CliProviderName, CliUsageError, parseCliArguments, USAGE } from './parse-args';

/** Builds a provider from the environment; throws a `FinanceError('configuration')` when it cannot. */
export type CliProviderFactory = (env: Readonly<Record<string, string | undefined>>) => FinancialDataProvider;

/** What `runCli` talks to. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** Ctrl-C in the bin. */
  signal?: AbortSignal;
  /** Provider factories by name. */
  providers: Readonly<Record<CliProviderName, CliProviderFactory>>;
  /** Show progress lines on stderr (the bin turns this on for terminals). */
  showProgress?: boolean;
  /** Printed by `--version`. */
  version?: string;
  /** Builds the model for `--router llm` (default: the OpenAI or Anthropic adapter, by key). */
  llm?: CliLlmFactory;
}

/** Picks the provider: the flag, else financialdatasets when its key is set, else embedded. */
export function chooseProvider(flag: CliProviderName | undefined, env: CliIo['env']): CliProviderName {
  if (flag) return flag;
  return env.FINANCIAL_DATASETS_API_KEY ? 'financialdatasets' : 'embedded';
}

/**
 * The provider for a run. Chosen explicitly, it is used alone. Chosen by default because
 * `FINANCIAL_DATASETS_API_KEY` is set, financialdatasets.ai comes first and the embedded
 * dataset backs it up: a rejected key, a plan that does not cover the data, or no network
 * falls through to the offline figures, and the answer's notes say so.
 */
function buildProvider(
  flag: CliProviderName | undefined,
  name: CliProviderName,
  io: CliIo,
): FinancialDataProvider {
  const primary = io.providers[name](io.env);
  if (flag !== undefined || name === 'embedded') return primary;
  return createCompositeProvider({
    name: `${primary.name}+embedded`,
    providers: [primary, io.providers.embedded(io.env)],
  });
}

/**
 * What `--json` prints: everything the tool returned (documented in docs/guides/finance-tools.md,
 * "The `--json` output"). `computed` is always there (`{ figures: [] }` when nothing was
 * computed) so a program need not test for it.
 */
export function jsonOutput(result: MetaToolResult): Record<string, unknown> {
  const { answer, data, computed, failures, notes, warnings, sources, plan, stats, ...rest } = result;
  return {
    data,
    computed: computed ?? { figures: [] },
    failures,
    notes,
    warnings,
    sources,
    plan,
    stats,
    ...rest,
    answer,
  };
}

/** What a CLI user types for a remedy the error names (the model-facing text names none). */
const CLI_REMEDIES: Readonly<Record<string, string>> = {
  sec_provider:
    'From the CLI: dexter-finance --provider sec (with SEC_USER_AGENT), or dexter-finance dataset add TICKER to keep it offline.',
};

function remedyOf(error: FinanceError): string | undefined {
  const failures = Array.isArray(error.details.failures) ? (error.details.failures as unknown[]) : [];
  const named = [
    error.details.remedy,
    ...failures.map((failure) => (failure as { remedy?: unknown }).remedy),
  ];
  const remedy = named.find((entry): entry is string => typeof entry === 'string' && entry in CLI_REMEDIES);
  if (remedy) return CLI_REMEDIES[remedy];
  // Failures keep only code and message: recognise the remedy by its words.
  return /configuring the SEC EDGAR data source/.test(error.message) ? CLI_REMEDIES.sec_provider : undefined;
}

function errorMessage(error: unknown): { code: string; message: string; hint?: string } {
  if (FinanceError.isInstance(error)) {
    const hint = remedyOf(error);
    return { code: error.code, message: error.message, ...(hint ? { hint } : {}) };
  }
  if (error instanceof Error) return { code: 'error', message: error.message };
  return { code: 'error', message: String(error) };
}

/**
 * Runs the CLI. Resolves to the exit code: 0 answered, 1 no data or provider error, 2 usage.
 *
 * @example
 * ```ts
 * const code = await runCli(['--json', "What was Apple's revenue in fiscal 2025?"], {
 *   stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text),
 *   env: process.env, providers: defaultCliProviders,
 * });
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv[0] === 'dataset') return runDatasetCommand(argv.slice(1), io);
  let args: ReturnType<typeof parseCliArguments>;
  try {
    args = parseCliArguments(argv);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr(`dexter-finance: ${error.message}\nRun dexter-finance --help for usage.\n`);
      return 2;
    }
    throw error;
  }
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (args.version) {
    io.stdout(`${io.version ?? 'unknown'}\n`);
    return 0;
  }
  const providerName = chooseProvider(args.provider, io.env);
  const fail = (error: unknown, warnings: string[] = []): number => {
    const { code, message, hint } = errorMessage(error);
    if (args.json) {
      const details = FinanceError.isInstance(error) ? error.details : undefined;
      const failures = Array.isArray(details?.failures) ? details.failures : [];
      io.stdout(
        `${JSON.stringify(
          {
            error: { code, message, ...(hint ? { hint } : {}) },
            data: {},
            computed: { figures: [] },
            failures,
            notes: Array.isArray(details?.notes) ? details.notes : [],
            sources: [],
            warnings,
          },
          null,
          2,
        )}\n`,
      );
    } else {
      const tag = code === 'error' || message.includes(`[${code}]`) ? '' : ` [${code}]`;
      io.stderr(`dexter-finance: ${message}${tag}\n${hint ? `${hint}\n` : ''}`);
    }
    return 1;
  };
  let provider: FinancialDataProvider;
  try {
    const datasetFile = args.dataset ?? io.env.DEXTER_FINANCE_DATASET;
    const local =
      datasetFile && (providerName === 'embedded' || args.provider === undefined)
        ? createEmbeddedProvider({ dataset: withLocalDataset(readDatasetFile(datasetFile)) })
        : undefined;
    provider =
      local && providerName === 'embedded'
        ? local
        : buildProvider(
            args.provider,
            providerName,
            local ? { ...io, providers: { ...io.providers, embedded: () => local } } : io,
          );
  } catch (error) {
    return fail(error);
  }
  const options: MetaToolOptions = {
    provider,
    clock: args.date ? fixedClock(args.date) : systemClock,
  };
  if (args.router === 'llm') {
    try {
      options.llm = await (io.llm ?? defaultCliLlm)(io.env);
    } catch (error) {
      return fail(error);
    }
  }
  const progress = io.showProgress
    ? (update: string | ProgressUpdate) => {
        const text = typeof update === 'string' ? update : update.message;
        io.stderr(`… ${text}\n`);
      }
    : undefined;
  try {
    const tool =
      args.tool === 'market'
        ? createGetMarketDataTool(options)
        : args.tool === 'filings'
          ? createReadFilingsTool(options)
          : createGetFinancialsTool(options);
    const input = tool.inputSchema.safeParse({ query: args.query });
    if (!input.success) {
      io.stderr(`dexter-finance: ${input.error.issues.map((issue) => issue.message).join('; ')}\n`);
      return 2;
    }
    const result: MetaToolResult = await invokeTool(tool as AnyTool, input.data, {
      signal: io.signal ?? new AbortController().signal,
      toolCallId: 'dexter-finance',
      progress: progress ?? (() => undefined),
    });
    if (args.json) {
      io.stdout(`${JSON.stringify(jsonOutput(result), null, 2)}\n`);
    } else {
      io.stdout(`${result.answer}\n`);
    }
    return 0;
  } catch (error) {
    if (io.signal?.aborted) {
      io.stderr('dexter-finance: cancelled\n');
      return 130;
    }
    return fail(error);
  }
}

/** `dataset add TICKER… [--out FILE]`. */
async function runDatasetCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [action, ...rest] = argv;
  const tickers: string[] = [];
  let file = io.env.DEXTER_FINANCE_DATASET ?? 'dexter-finance-dataset.json';
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] as string;
    if (argument === '--out' || argument.startsWith('--out=')) {
      const value = argument.startsWith('--out=') ? argument.slice(6) : rest[++index];
      if (!value) {
        io.stderr('dexter-finance: --out needs a file\n');
        return 2;
      }
      file = value;
    } else if (argument.startsWith('-')) {
      io.stderr(`dexter-finance: unknown option ${argument} for dataset add\n`);
      return 2;
    } else tickers.push(argument);
  }
  if (action !== 'add' || tickers.length === 0) {
    io.stderr('dexter-finance: usage: dexter-finance dataset add TICKER… [--out FILE]\n');
    return 2;
  }
  try {
    const written = await addToDataset(tickers, {
      file,
      userAgent: io.env.SEC_USER_AGENT ?? '',
      ...(io.env.DEXTER_SEC_DATA_URL ? { dataBaseUrl: io.env.DEXTER_SEC_DATA_URL } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      ...(io.showProgress ? { progress: (line: string) => io.stderr(`… ${line}\n`) } : {}),
    });
    io.stdout(
      `added ${written.join(', ')} to ${file}; use it with --dataset ${file} (or DEXTER_FINANCE_DATASET)\n`,
    );
    return 0;
  } catch (error) {
    const { code, message } = errorMessage(error);
    io.stderr(`dexter-finance: ${message} [${code}]\n`);
    return 1;
  }
}
