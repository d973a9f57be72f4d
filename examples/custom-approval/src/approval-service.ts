/**
 * A stand-in for a team's approval service: a `node:http` server on 127.0.0.1 that reads
 * each `WebhookApprovalRequest`, records it, and answers with `policy(request)`. The
 * example's main and tests run it; in production the URL points at your own service
 * (a chat-ops bot, a ticketing system, ...).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookApprovalRequest } from './webhook-prompter';

export interface ApprovalService {
  readonly url: string;
  /** Requests received, in order. */
  readonly received: WebhookApprovalRequest[];
  close(): Promise<void>;
}

/** What the service answers: a verdict, or a raw HTTP status to simulate a failure. */
export type ApprovalPolicy = (
  request: WebhookApprovalRequest,
) => { approved: boolean; message?: string } | { status: number };

export async function startApprovalService(policy: ApprovalPolicy): Promise<ApprovalService> {
  const received: WebhookApprovalRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookApprovalRequest;
      received.push(body);
      const verdict = policy(body);
      if ('status' in verdict) {
        response.writeHead(verdict.status, { 'content-type': 'text/plain' });
        response.end('approval service unavailable');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(verdict));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/approve`,
    received,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The demo policy: documentation may be written, nothing else. */
export const markdownOnly: ApprovalPolicy = (request) => {
  const path = request.subject?.kind === 'file' ? request.subject.path : undefined;
  return path?.endsWith('.md')
    ? { approved: true, message: 'Approved by the docs policy.' }
    : { approved: false, message: `Only Markdown files may be written (asked for ${path ?? request.tool}).` };
};
