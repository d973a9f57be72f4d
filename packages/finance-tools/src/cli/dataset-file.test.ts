/**
 * `dexter-finance dataset add` against a real HTTP server on 127.0.0.1 serving the shared SEC
 * files (the data.sec.gov paths), then the CLI answering offline from the file it wrote.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, sendJson, startLocalServer } from '../../test/local-server';
import { filed } from '../../test/sec-facts';
import { hasSharedSecData, SHARED_SEC_DIRECTORY } from '../../test/shared-data';
import { createEmbeddedProvider } from '../providers/embedded';
import { readDatasetFile } from './dataset-file';
import { defaultCliProviders } from './default-providers';
import { type CliIo, runCli } from './run-cli';

let server: LocalServer;
let directory: string;

async function run(argv: string[], env: Record<string, string> = {}, overrides: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env,
    providers: defaultCliProviders,
    ...overrides,
  });
  return { code, stdout, stderr };
}

describe.skipIf(!hasSharedSecData)('dexter-finance dataset add (local SEC server)', () => {
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'dexter-finance-dataset-'));
    server = await startLocalServer((request, response) => {
      const send = (relative: string) => {
        try {
          const body = readFileSync(path.join(SHARED_SEC_DIRECTORY, relative));
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(body);
        } catch {
          sendJson(response, 404, { error: 'not found' });
        }
      };
      const submissions = /^\/submissions\/(CIK\d{10}\.json)$/.exec(request.path);
      if (submissions) return send(`submissions/${submissions[1]}`);
      const facts = /^\/api\/xbrl\/companyfacts\/(CIK\d{10}\.json)$/.exec(request.path);
      if (facts) return send(`companyfacts/${facts[1]}`);
      return sendJson(response, 404, { error: 'not found' });
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('fetches companyfacts and submissions with the declared User-Agent and writes a dataset the CLI answers from offline', async () => {
    const file = path.join(directory, 'finance.json');
    const env = { SEC_USER_AGENT: 'Dexter Tests tests@example.com', DEXTER_SEC_DATA_URL: server.url };
    const added = await run(['dataset', 'add', 'AMD', 'pg', '--out', file], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`added AMD, PG to ${file}`);
    expect(server.requests.map((request) => request.path).sort()).toEqual([
      '/api/xbrl/companyfacts/CIK0000002488.json',
      '/api/xbrl/companyfacts/CIK0000080424.json',
      '/submissions/CIK0000002488.json',
      '/submissions/CIK0000080424.json',
    ]);
    for (const request of server.requests) expect(request.headers['user-agent']).toBe(env.SEC_USER_AGENT);

    // The file alone answers, with the figures as filed.
    const dataset = readDatasetFile(file);
    expect(dataset.companies.map((company) => company.ticker)).toEqual(['AMD', 'PG']);
    const provider = createEmbeddedProvider({ dataset, name: 'local' });
    const amd = await provider.getIncomeStatements!({ ticker: 'AMD', period: 'annual', fiscalYear: 2025 });
    expect(amd.data[0]?.revenue).toBe(
      filed('AMD', 'RevenueFromContractWithCustomerExcludingAssessedTax', '2024-12-29', '2025-12-27'),
    );

    // The CLI uses it offline: the server is gone.
    const requestsBefore = server.requests.length;
    await server.close();
    const answer = await run(['--json', '--dataset', file, 'PG revenue FY2025'], {});
    expect(answer.code).toBe(0);
    const rows = JSON.parse(answer.stdout).data['PG.income_statements.annual'];
    expect(rows[0].revenue).toBe(filed('PG', 'Revenues', '2024-07-01', '2025-06-30'));
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('refuses without a declared User-Agent, and names unknown tickers', async () => {
    const file = path.join(directory, 'refused.json');
    const noAgent = await run(['dataset', 'add', 'AMD', '--out', file], {});
    expect(noAgent.code).toBe(1);
    expect(noAgent.stderr).toMatch(/SEC_USER_AGENT.*\[configuration\]/);
    const unknown = await run(['dataset', 'add', 'ZZZQX', '--out', file], {
      SEC_USER_AGENT: 'Dexter Tests tests@example.com',
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/ZZZQX is not in the SEC ticker list \[unknown_ticker\]/);
    const usage = await run(['dataset', 'remove', 'AMD'], {});
    expect(usage.code).toBe(2);
  });
});
