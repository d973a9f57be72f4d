/**
 * Argument parsing for `dexter-finance`. Strict: an unknown flag, a missing flag value or
 * a bad date is a usage error (exit code 2), never silently ignored.
 */
import { parseIsoDate } from '../router/clock';

/** Data sources the CLI can use. */
export type CliProviderName = 'embedded' | 'sec' | 'financialdatasets';

/** Which meta-tool answers. */
export type CliToolName = 'financials' | 'market' | 'filings';

/** Parsed command line. */
export interface CliArguments {
  query: string;
  json: boolean;
  provider?: CliProviderName;
  date?: string;
  tool: CliToolName;
  help: boolean;
  version: boolean;
  /** A local dataset file (written by `dexter-finance dataset add`) used with the shipped data. */
  dataset?: string;
  /** `llm`: plan with a model (OpenAI or Anthropic, by key), rules as the fallback. Default `rules`. */
  router: 'rules' | 'llm';
}

/** A usage error: the message says what was wrong. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** The `--help` text. */
export const USAGE = `Usage: dexter-finance [options] "QUERY"

Answers a financial question from company filings, e.g.
  dexter-finance "What was Apple's revenue in fiscal 2025?"
  dexter-finance --json --date 2026-11-30 "compare NVDA and AAPL net income for the last two fiscal years"

Options:
  --json                 print everything the tool returned as JSON: data, computed, failures,
                         notes, warnings, sources, plan, stats, answer (exact numbers)
  --provider NAME        embedded | sec | financialdatasets
                         (default: financialdatasets backed by embedded when FINANCIAL_DATASETS_API_KEY
                         is set, else embedded: offline, no key)
  --date YYYY-MM-DD      "today" for relative periods such as "last quarter" (default: the system date)
  --tool NAME            financials (default) | market | filings
  --router rules|llm     rules (default, no model) or llm: a model plans the sub-calls (OPENAI_API_KEY or
                         ANTHROPIC_API_KEY; model: DEXTER_FINANCE_MODEL), the rules step in if it fails
  --dataset FILE         also answer offline from FILE (written by: dexter-finance dataset add TICKER…)
  -h, --help             show this help
  -v, --version          show the version

Commands:
  dexter-finance dataset add TICKER… [--out FILE]
                         fetch companyfacts + submissions from SEC EDGAR (SEC_USER_AGENT, ≤ 10 req/s)
                         into FILE (default: $DEXTER_FINANCE_DATASET or ./dexter-finance-dataset.json)

Environment:
  DEXTER_FINANCE_DATASET       the local dataset file (as --dataset / --out)
  DEXTER_SEC_DATA_URL          base URL of data.sec.gov or a mirror (default https://data.sec.gov)
  FINANCIAL_DATASETS_API_KEY   key for financialdatasets.ai
  SEC_USER_AGENT               required by --provider sec: "Company Name contact@example.com"

Exit codes: 0 answer printed, 1 no data / provider error, 2 usage error.`;

const PROVIDERS: readonly CliProviderName[] = ['embedded', 'sec', 'financialdatasets'];
const TOOLS: readonly CliToolName[] = ['financials', 'market', 'filings'];

/**
 * Parses `argv` (without `node` and the script path).
 *
 * @example
 * ```ts
 * parseCliArguments(['--json', 'AAPL revenue FY2025']); // { query: 'AAPL revenue FY2025', json: true, ... }
 * ```
 */
export function parseCliArguments(argv: readonly string[]): CliArguments {
  const parsed: CliArguments = {
    query: '',
    json: false,
    tool: 'financials',
    help: false,
    version: false,
    router: 'rules',
  };
  const words: string[] = [];
  const takeValue = (flag: string, inline: string | undefined, index: number): [string, number] => {
    if (inline !== undefined) return [inline, index];
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) throw new CliUsageError(`${flag} needs a value`);
    return [value, index + 1];
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--') {
      words.push(...argv.slice(index + 1));
      break;
    }
    if (!argument.startsWith('-') || argument === '-') {
      words.push(argument);
      continue;
    }
    const [flag, inline] = argument.includes('=')
      ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
      : [argument, undefined];
    switch (flag) {
      case '--json':
        if (inline !== undefined) throw new CliUsageError('--json takes no value');
        parsed.json = true;
        break;
      case '-h':
      case '--help':
        parsed.help = true;
        break;
      case '-v':
      case '--version':
        parsed.version = true;
        break;
      case '--provider': {
        const [value, next] = takeValue(flag, inline, index);
        index = next;
        if (!PROVIDERS.includes(value as CliProviderName)) {
          throw new CliUsageError(`--provider must be one of ${PROVIDERS.join(', ')}; got "${value}"`);
        }
        parsed.provider = value as CliProviderName;
        break;
      }
      case '--tool': {
        const [value, next] = takeValue(flag, inline, index);
        index = next;
        if (!TOOLS.includes(value as CliToolName)) {
          throw new CliUsageError(`--tool must be one of ${TOOLS.join(', ')}; got "${value}"`);
        }
        parsed.tool = value as CliToolName;
        break;
      }
      case '--router': {
        const [value, next] = takeValue(flag, inline, index);
        index = next;
        if (value !== 'rules' && value !== 'llm')
          throw new CliUsageError(`--router must be rules or llm; got "${value}"`);
        parsed.router = value;
        break;
      }
      case '--dataset': {
        const [value, next] = takeValue(flag, inline, index);
        index = next;
        parsed.dataset = value;
        break;
      }
      case '--date': {
        const [value, next] = takeValue(flag, inline, index);
        index = next;
        if (!parseIsoDate(value))
          throw new CliUsageError(`--date must be a real date YYYY-MM-DD; got "${value}"`);
        parsed.date = value;
        break;
      }
      default:
        throw new CliUsageError(`unknown option ${flag}`);
    }
  }
  parsed.query = words.join(' ').trim();
  if (!parsed.query && !parsed.help && !parsed.version) {
    throw new CliUsageError(
      'missing the query, e.g. dexter-finance "What was Apple\'s revenue in fiscal 2025?"',
    );
  }
  return parsed;
}
