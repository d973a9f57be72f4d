/**
 * `createAiSdkTools`: Dexter registry tools as Vercel AI SDK tools (`ai` 6), with our
 * permission engine as the AI SDK's tool-approval mechanism and our executor running every
 * call.
 *
 * - `needsApproval` previews the engine's decision for the call (`previewDecision`): `ask`
 *   answers true, so the AI SDK returns a `tool-approval-request` part and the host's UI
 *   answers it in the next request; `allow` and `deny` answer false.
 * - `execute` hands the call to the executor (through a `CallBatcher`, so the calls of one
 *   step keep the executor's batching: reads in parallel, anything else alone and in order).
 *   The executor decides again: a denial (a rule or the built-in floor) comes back as a
 *   `denied` result the model reads; an `ask` runs only when `needsApproval` said true for
 *   that very call in this process — the AI SDK re-checks `needsApproval` right before it
 *   executes an approved call, so this also holds when the approval arrives in another
 *   request or on another instance. Any other `ask` is denied (fail closed).
 * - The AI SDK sees each tool's JSON Schema but does not validate with it: the executor
 *   does, so bad input comes back to the model as a readable `invalid_input` result.
 * - The messages are read for what the bridge cannot see itself: a continuation's
 *   `tool-call` parts tell each call's position in its step (approved calls run in that
 *   order, whatever order the answers came in), which earlier calls of the step still wait
 *   (their approval requested, no result yet; a later call answered while an earlier one is
 *   left unanswered ends `cancelled` rather than run first), and whether two calls share one id — the AI SDK
 *   matches an approval to the *last* call of that id, so such calls are refused, never run.
 */
import {
  type BridgeStep,
  createFrameworkBridge,
  type Executor,
  type FrameworkBridgeOptions,
  type ToolResult,
} from '@dexter/executor';
import { toJsonSchema } from '@dexter/registry';
import { jsonSchema, type ModelMessage, type Tool, tool } from 'ai';

/** What an AI SDK tool made here returns to the host (the model reads `content`). */
export interface DexterToolOutput {
  status: ToolResult['status'];
  /** The text the model reads. */
  content: string;
  /** The tool's own output, for `ok` results. */
  output?: unknown;
  /** Soft-limit warnings and approval messages the model also reads. */
  notes?: string[];
}

/**
 * Options of `createAiSdkTools`: the executor's options, without a prompter (the AI SDK asks);
 * `permissions` defaults to `createPermissionEngine({ cwd })`, so the built-in floor applies.
 */
export type AiSdkToolsOptions = FrameworkBridgeOptions;

/** Made by `createAiSdkTools`. */
export interface AiSdkTools {
  /** Pass as `tools` to `generateText` / `streamText` / an `Agent`. */
  tools: Record<string, Tool<unknown, DexterToolOutput>>;
  /** The executor that runs the calls (its `session` keeps soft-limit counters). */
  executor: Executor;
}

/** What the messages say about one call: its step position, the calls before it still waiting, duplicates. */
interface CallRecord {
  /** Position of the call among the `tool-call` parts of its assistant message. */
  order: number | undefined;
  waitingBefore: string[];
  /** Of those, the ones this request does not answer either (the AI SDK reads answers from the last message). */
  unansweredBefore: string[];
  duplicateId: boolean;
}

function contentParts(message: ModelMessage): readonly { type: string; [key: string]: unknown }[] {
  return Array.isArray(message.content) ? (message.content as { type: string }[]) : [];
}

function readRecord(messages: readonly ModelMessage[] | undefined, toolCallId: string): CallRecord {
  const record: CallRecord = {
    order: undefined,
    waitingBefore: [],
    unansweredBefore: [],
    duplicateId: false,
  };
  if (!Array.isArray(messages)) return record;
  const resulted = new Set<string>();
  const requestOf = new Map<unknown, unknown>(); // approval id → call id
  for (const message of messages) {
    for (const part of contentParts(message)) {
      if (part.type === 'tool-result' && typeof part.toolCallId === 'string') resulted.add(part.toolCallId);
      if (part.type === 'tool-approval-request') requestOf.set(part.approvalId, part.toolCallId);
    }
  }
  const last = messages.at(-1);
  const answered = new Set<unknown>(
    last?.role === 'tool'
      ? contentParts(last)
          .filter((part) => part.type === 'tool-approval-response')
          .map((part) => requestOf.get(part.approvalId))
      : [],
  );
  let seen = 0;
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const parts = contentParts(message);
    const calls = parts.filter((part) => part.type === 'tool-call');
    const asked = new Set(
      parts.filter((part) => part.type === 'tool-approval-request').map((part) => part.toolCallId),
    );
    calls.forEach((part, position) => {
      if (part.toolCallId !== toolCallId) return;
      seen += 1;
      if (seen > 1) return;
      record.order = position;
      for (const earlier of calls.slice(0, position)) {
        const id = earlier.toolCallId as string;
        if (!asked.has(id) || resulted.has(id)) continue;
        record.waitingBefore.push(String(earlier.toolName));
        if (!answered.has(id)) record.unansweredBefore.push(String(earlier.toolName));
      }
    });
  }
  record.duplicateId = seen > 1;
  return record;
}

function outputOf(result: ToolResult): DexterToolOutput {
  const output: DexterToolOutput = { status: result.status, content: result.content };
  if (result.status === 'ok') output.output = result.output;
  if (result.notes && result.notes.length > 0) output.notes = [...result.notes];
  return output;
}

/**
 * Registry tools as AI SDK tools, gated by the permission engine and run by the executor.
 *
 * @example
 * ```ts
 * const { tools } = createAiSdkTools({
 *   tools: [bash],
 *   permissions: createPermissionEngine({ rules: { allow: ['Bash(git status:*)'] } }),
 * });
 * const result = await generateText({ model, tools, prompt: 'What changed?' });
 * // result.content holds `tool-approval-request` parts for calls the engine asks about.
 * ```
 */
export function createAiSdkTools(options: AiSdkToolsOptions): AiSdkTools {
  const bridge = createFrameworkBridge(options);

  const tools: Record<string, Tool<unknown, DexterToolOutput>> = {};
  for (const registryTool of options.tools) {
    tools[registryTool.name] = tool<unknown, DexterToolOutput>({
      description: registryTool.description,
      // Shown to the model as is; validated by the executor, which answers bad input readably.
      inputSchema: jsonSchema<unknown>(toJsonSchema(registryTool) as Parameters<typeof jsonSchema>[0]),
      needsApproval: (input, { toolCallId, messages }) => {
        const record = readRecord(messages, toolCallId);
        // A call the messages hold is being continued: the messages say which calls before it
        // wait and whether its id is shared, so it stands in a step of its own (`key: {}`).
        // Otherwise it is in the step just made, whose calls the SDK checks one after another
        // with the same messages array.
        const step: BridgeStep =
          record.order === undefined
            ? { key: messages, duplicateId: record.duplicateId }
            : { key: {}, waitingBefore: record.waitingBefore, duplicateId: record.duplicateId };
        return bridge.needsApproval(registryTool, input, toolCallId, step);
      },
      execute: async (input, { toolCallId, abortSignal, messages }) => {
        const record = readRecord(messages, toolCallId);
        const result = await bridge.run(
          { id: toolCallId, name: registryTool.name, input },
          {
            ...(abortSignal === undefined ? {} : { signal: abortSignal }),
            ...(record.order === undefined ? {} : { order: record.order }),
            duplicateId: record.duplicateId,
            waitingBefore: record.unansweredBefore,
          },
        );
        return outputOf(result);
      },
      toModelOutput: ({ output }) =>
        output.status === 'ok'
          ? { type: 'text', value: output.content }
          : { type: 'error-text', value: output.content },
    });
  }
  return { tools, executor: bridge.executor };
}
