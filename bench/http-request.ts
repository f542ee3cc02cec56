import { Agent, request } from 'node:http';

/** Keep-alive connections for the benchmarks' own requests (50, as the load generators use). */
const agent = new Agent({ keepAlive: true, maxSockets: 50 });

export interface PlainAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One HTTP request with the headers as given. fetch() cannot be used here: it does not let a
 * request name its Host, and every client is reached by its host name.
 */
export function httpRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        }),
      );
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
