/**
 * zod schemas of a sub-call: the input of each sub-tool the LLM router binds, and the check
 * every plan passes before the meta-tool runs it (whichever router made it).
 */
import { z } from 'zod';
import { parseIsoDate } from './clock';
import { MAX_PERIODS } from './period-parser';
import { SUB_TOOL_NAMES, type SubCall, type SubToolName } from './types';

const isoDate = z
  .string()
  .refine((text) => parseIsoDate(text) !== undefined, { message: 'expected a date YYYY-MM-DD' });

/** The input of one sub-tool as the model fills it in (the tool name is the statement kind). */
export const subToolInputSchema = z.object({
  ticker: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,6}(?:[.-][A-Za-z]{1,2})?$/, 'expected a ticker symbol such as AAPL or BRK-B')
    .transform((ticker) => ticker.toUpperCase().replace('.', '-'))
    .describe(
      'Ticker symbol, e.g. AAPL. Resolve company names first: Apple → AAPL, Google/Alphabet → GOOGL.',
    ),
  period: z
    .enum(['annual', 'quarterly', 'ttm'])
    .describe('annual (fiscal years), quarterly (fiscal quarters) or ttm (trailing twelve months)'),
  fiscalYears: z
    .array(z.number().int().min(1990).max(2100))
    .max(MAX_PERIODS)
    .optional()
    .describe("Fiscal years as the company numbers them (NVIDIA's FY2026 ends in January 2026)."),
  fiscalQuarter: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .optional()
    .describe('With period "quarterly": only this fiscal quarter of each fiscal year.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_PERIODS)
    .optional()
    .describe('At most this many periods, newest first. Use with endOnOrBefore for "the last N years".'),
  endOnOrAfter: isoDate.optional().describe('Only periods ending on or after this date (YYYY-MM-DD).'),
  endOnOrBefore: isoDate
    .optional()
    .describe(
      "Only periods ending on or before this date (YYYY-MM-DD); use today's date for relative periods.",
    ),
  fields: z
    .array(z.string().min(1).max(64))
    .max(20)
    .optional()
    .describe('Line items the question is about, e.g. revenue, netIncome, freeCashFlow (all are returned).'),
  forms: z
    .array(z.string().min(1).max(12))
    .max(10)
    .optional()
    .describe('For filings: only these forms, e.g. ["10-K"].'),
});

/** Input of one sub-tool. */
export type SubToolInput = z.output<typeof subToolInputSchema>;

/** A whole sub-call, tool name included. */
export const subCallSchema = subToolInputSchema.extend({
  tool: z.enum(SUB_TOOL_NAMES as [SubToolName, ...SubToolName[]]),
});

/** Builds a `SubCall` from a sub-tool name and its validated input, leaving out unset fields. */
export function toSubCall(tool: SubToolName, input: SubToolInput): SubCall {
  const call: SubCall = { tool, ticker: input.ticker, period: input.period };
  if (input.fiscalYears?.length) call.fiscalYears = [...new Set(input.fiscalYears)].sort((a, b) => a - b);
  if (input.fiscalQuarter !== undefined) call.fiscalQuarter = input.fiscalQuarter;
  if (input.limit !== undefined) call.limit = input.limit;
  if (input.endOnOrAfter !== undefined) call.endOnOrAfter = input.endOnOrAfter;
  if (input.endOnOrBefore !== undefined) call.endOnOrBefore = input.endOnOrBefore;
  if (input.fields?.length) call.fields = [...input.fields];
  if (input.forms?.length) call.forms = [...input.forms];
  return call;
}

/**
 * Validates a sub-call from any source. Returns the normalized call, or the problem in words.
 */
export function validateSubCall(
  value: unknown,
): { ok: true; call: SubCall } | { ok: false; problem: string } {
  const parsed = subCallSchema.safeParse(value);
  if (!parsed.success) {
    const problem = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`)
      .join('; ');
    return { ok: false, problem };
  }
  const { tool, ...input } = parsed.data;
  return { ok: true, call: toSubCall(tool, input) };
}
