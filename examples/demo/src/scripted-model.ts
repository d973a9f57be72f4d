/**
 * The offline demo's model: a script that behaves like a careful analyst. Turn 1 asks for
 * both companies' figures in parallel; turn 2 reads the tool results (the same markdown a
 * real model would read), writes the comparison and asks to save it; turn 3 reports back
 * whether the file was written. Its numbers come from the tool results, not from the script.
 */
import type { LlmCompletionRequest, LlmMessage, ToolResultMessage } from '@dexter/registry';
import { createScriptedLlmClient, type ScriptedLlmClient } from '@dexter/registry/testing';

export interface Company {
  name: string;
  ticker: string;
}

interface QuarterRow {
  ticker: string;
  period: string;
  revenue: number;
}

function cells(line: string): string[] | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|')) return undefined;
  return trimmed
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
}

/**
 * Reads the revenue rows of the markdown tables in a `get_financials` result: a header row
 * naming `Company`, `Period` and `Revenue` columns, then one row per period.
 */
export function readRevenueRows(content: string): QuarterRow[] {
  const rows: QuarterRow[] = [];
  let columns: { company: number; period: number; revenue: number } | undefined;
  for (const line of content.split('\n')) {
    const row = cells(line);
    if (!row) {
      columns = undefined;
      continue;
    }
    const company = row.indexOf('Company');
    const revenue = row.indexOf('Revenue');
    if (company >= 0 && revenue >= 0) {
      columns = { company, period: row.indexOf('Period'), revenue };
      continue;
    }
    if (!columns) continue;
    const amount = row[columns.revenue]?.replace(/[,*]/g, '');
    if (!amount || !/^\d+$/.test(amount)) continue;
    rows.push({
      ticker: row[columns.company] ?? '',
      period: row[columns.period] ?? '',
      revenue: Number(amount),
    });
  }
  return rows;
}

function toolResults(messages: readonly LlmMessage[]): ToolResultMessage[] {
  return messages.filter((message): message is ToolResultMessage => message.role === 'tool');
}

const billions = (value: number) => `$${(value / 1e9).toFixed(1)}B`;

function report(companies: readonly Company[], request: LlmCompletionRequest): string {
  const results = toolResults(request.messages);
  const lines = ['# Revenue over the last four reported quarters', ''];
  const totals: { company: Company; total: number }[] = [];
  for (const company of companies) {
    const result = results.find((message) => message.content.includes(`| ${company.ticker} |`));
    const rows = result ? readRevenueRows(result.content).filter((row) => row.ticker === company.ticker) : [];
    if (rows.length === 0) {
      lines.push(`- ${company.name}: no figures came back.`);
      continue;
    }
    const total = rows.reduce((sum, row) => sum + row.revenue, 0);
    totals.push({ company, total });
    lines.push(`## ${company.name} (${company.ticker})`, '');
    for (const row of rows) lines.push(`- ${row.period}: ${billions(row.revenue)}`);
    lines.push(`- Total, ${rows.length} quarters: ${billions(total)}`, '');
  }
  const [first, second] = totals;
  if (first && second) {
    const [larger, smaller] = first.total >= second.total ? [first, second] : [second, first];
    lines.push(
      '## Conclusion',
      '',
      `${larger.company.name} brought in ${billions(larger.total)} against ${smaller.company.name}'s ` +
        `${billions(smaller.total)} — ${(larger.total / smaller.total).toFixed(2)}× as much over its last four reported quarters.`,
      '',
      'Source: U.S. SEC EDGAR filings (see the tool results for each filing URL).',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The three-turn script for comparing two companies. */
export function createDemoModel(companies: readonly [Company, Company]): ScriptedLlmClient {
  return createScriptedLlmClient(
    [
      {
        text: `I'll fetch ${companies[0].name}'s and ${companies[1].name}'s revenue in parallel.`,
        toolCalls: companies.map((company, index) => ({
          id: `call_fin_${index + 1}`,
          name: 'get_financials',
          input: { query: `${company.name} revenue over the last four quarters` },
        })),
      },
      (request) => ({
        text: 'Both sets of figures are in. Saving the comparison to report.md.',
        toolCalls: [
          {
            id: 'call_write_1',
            name: 'write_file',
            input: { path: 'report.md', content: report(companies, request) },
          },
        ],
      }),
      (request) => {
        const write = toolResults(request.messages).find((message) => message.toolCallId === 'call_write_1');
        const saved = write !== undefined && !write.isError;
        return {
          text: saved
            ? `Done: the comparison is in report.md.\n\n${report(companies, request)}`
            : `I did not save report.md (${write?.content ?? 'no result'}). Here is the comparison instead:\n\n${report(companies, request)}`,
        };
      },
    ],
    { model: 'dexter-demo-script' },
  );
}
