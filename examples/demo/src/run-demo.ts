/**
 * The demo session, wired the way a host app wires the SDK: a registry of tools, the
 * permission engine over a settings file, the terminal prompter and progress renderer,
 * the executor, and a plain agent loop. Streams are injectable so a test can drive it.
 */
import { join, resolve } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { createExecutor } from '@dexter/executor';
import { createProgressRenderer, createTerminalPrompter } from '@dexter/executor/terminal';
import { createEmbeddedProvider, createGetFinancialsTool } from '@dexter/finance-tools';
import { instrumentExecutor } from '@dexter/observability';
import { createPermissionEngine, createRuleStore } from '@dexter/permissions';
import { createToolRegistry } from '@dexter/registry';
import { createWebSearchTool } from '@dexter/web-tools';
import { runAgentLoop } from './agent-loop';
import { chooseModel } from './model';
import { runSandboxSegment } from './sandbox-segment';
import type { Company } from './scripted-model';
import { startDemoTrace } from './trace';
import { createWriteFileTool } from './write-file-tool';

export interface DemoOptions {
  /** Command-line arguments (without node and the script). */
  argv?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  stdout?: Writable;
  stderr?: Writable;
  /** Answers for the approval prompt; default: the terminal (when interactive). */
  answers?: Readable;
  cwd?: string;
  /** Run the OS sandbox segment after the session (default true). */
  sandbox?: boolean;
}

export interface DemoOutcome {
  answer: string;
  statuses: string[];
  workspace: string;
  /** The OS sandbox segment: `id:status:approval` per call; empty where no sandbox can start. */
  sandbox: string[];
}

const COMPANIES: readonly [Company, Company] = [
  { name: 'Apple', ticker: 'AAPL' },
  { name: 'NVIDIA', ticker: 'NVDA' },
];

const USAGE = `Usage: pnpm demo [--yes | --no] [--workspace DIR] [--model scripted|openai|anthropic] [--trace]

  --yes, -y        answer "y" at the approval prompt (unattended runs, CI)
  --no             answer "n" at the approval prompt
  --workspace DIR  where report.md and .dexter/settings.json go (default ./demo-output)
  --model NAME     force a model; default: OpenAI or Anthropic when a key is set, else the script
  --trace          print the session's OpenTelemetry trace (one execute_tool span per call) at the end
`;

interface DemoArguments {
  answer?: 'y' | 'n';
  workspace?: string;
  model?: 'scripted' | 'openai' | 'anthropic';
  help?: boolean;
  trace?: boolean;
}

export function parseDemoArguments(argv: readonly string[]): DemoArguments {
  const parsed: DemoArguments = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--yes' || argument === '-y') parsed.answer = 'y';
    else if (argument === '--no') parsed.answer = 'n';
    else if (argument === '--help' || argument === '-h') parsed.help = true;
    else if (argument === '--trace') parsed.trace = true;
    else if (argument === '--workspace' || argument === '--model') {
      const value = argv[index + 1];
      if (value === undefined) throw new Error(`${argument} needs a value\n\n${USAGE}`);
      index += 1;
      if (argument === '--workspace') parsed.workspace = value;
      else if (value === 'scripted' || value === 'openai' || value === 'anthropic') parsed.model = value;
      else throw new Error(`--model must be scripted, openai or anthropic (got ${value})`);
    } else if (argument === '--') {
      // pnpm passes a separator through; nothing follows it here.
    } else throw new Error(`Unknown argument ${argument}\n\n${USAGE}`);
  }
  return parsed;
}

export async function runDemo(options: DemoOptions = {}): Promise<DemoOutcome> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const args = parseDemoArguments(options.argv ?? []);
  if (args.help) {
    stdout.write(USAGE);
    return { answer: '', statuses: [], workspace: '', sandbox: [] };
  }
  const workspace = resolve(options.cwd ?? process.cwd(), args.workspace ?? 'demo-output');

  const llm = await chooseModel(env, COMPANIES, args.model);
  const registry = createToolRegistry(
    [
      createGetFinancialsTool({ provider: createEmbeddedProvider() }),
      createWriteFileTool(workspace),
      // Listed only when EXA_API_KEY, PERPLEXITY_API_KEY, TAVILY_API_KEY or BRAVE_API_KEY is set.
      createWebSearchTool({ env }),
    ],
    { env },
  );
  // "always" answers are saved here, so a second run writes without asking.
  const permissions = createPermissionEngine({
    cwd: workspace,
    store: createRuleStore({
      layers: [{ name: 'project', file: join(workspace, '.dexter', 'settings.json') }],
    }),
  });
  for (const error of permissions.loadErrors) stderr.write(`warning: ${error.message}\n`);
  const progress = createProgressRenderer({ output: stderr });
  const answers = options.answers ?? (args.answer ? Readable.from([`${args.answer}\n`]) : undefined);
  const approvals = createTerminalPrompter({
    output: stderr,
    env,
    progress,
    ...(answers ? { input: answers } : {}),
  });
  const trace = args.trace ? startDemoTrace() : undefined;
  const created = createExecutor({ registry, permissions, approvals, cwd: workspace });
  const executor =
    trace === undefined ? created : instrumentExecutor(created, { tracerProvider: trace.tracerProvider });

  const prompt = `Compare ${COMPANIES[0].name} and ${COMPANIES[1].name} revenue over the last year and write the conclusion to report.md.`;
  stdout.write(`Dexter demo — model: ${llm.provider}/${llm.model}, data: embedded SEC EDGAR dataset\n`);
  stdout.write(`Workspace: ${workspace}\n\n> ${prompt}\n\n`);
  const system = [
    'You are a financial research assistant. Use the tools; cite figures exactly as returned.',
    'Tools:',
    registry.compactDescriptions(),
  ].join('\n');
  const loop = () =>
    runAgentLoop({
      llm,
      registry,
      executor,
      system,
      prompt,
      onText: (text) => {
        progress.finish();
        stdout.write(`${text}\n\n`);
      },
      onEvent: (event) => progress.handle(event),
    });
  const outcome = await (trace === undefined ? loop() : trace.inSession(loop));
  progress.finish();
  const sandbox =
    options.sandbox === false
      ? []
      : await runSandboxSegment({ workspace, engine: permissions, stdout, stderr });
  if (trace !== undefined) await trace.print(stdout);
  return {
    answer: outcome.answer,
    statuses: outcome.results.map((result) => `${result.name}:${result.status}`),
    workspace,
    sandbox,
  };
}
