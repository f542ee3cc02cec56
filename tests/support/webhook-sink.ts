import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server that keeps every JSON body POSTed to it (an error-report receiver). */
export interface WebhookSink {
  url: string;
  received: unknown[];
  /** Resolves once `count` bodies have arrived (or rejects after timeoutMs). */
  waitFor: (count: number, timeoutMs?: number) => Promise<unknown[]>;
  close: () => Promise<void>;
}

export async function startWebhookSink(
  answer: (body: unknown) => number = () => 204,
): Promise<WebhookSink> {
  const received: unknown[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed: unknown = JSON.parse(body);
      received.push(parsed);
      response.statusCode = answer(parsed);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    waitFor: async (count, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${received.length} of ${count} reports arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
