import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedHostMessage } from '../../src/server/http/host-header.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 30, probe 19: two Host headers were served (the first one picked the site). Over a raw
 * socket, since inject and HTTP clients merge or refuse such headers before they are sent. No
 * database is involved beyond start-up: SQLite only.
 */
describe('two Host headers (RFC 9112: 400)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { NODE_ENV: 'production' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** Sends a request's head as written and gives the whole answer once the server closes. */
  const raw = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(`${head}\r\nConnection: close\r\n\r\n`);
    });

  it('answers 400 in the error shape, for an API path and a cached page alike', async () => {
    const single = await raw('GET /api/client HTTP/1.1\r\nHost: rrb.localhost');
    expect(single).toMatch(/^HTTP\/1\.1 200 /);
    // The page twice with one Host: the second comes from the remembered answers, before Fastify.
    await raw('GET /about HTTP/1.1\r\nHost: rrb.localhost');
    expect(await raw('GET /about HTTP/1.1\r\nHost: rrb.localhost')).toMatch(/^HTTP\/1\.1 200 /);
    for (const path of ['/api/client', '/about']) {
      for (const hosts of [
        'Host: rrb.localhost\r\nHost: se.localhost',
        'Host: rrb.localhost\r\nhost: rrb.localhost',
        'host: se.localhost\r\nAccept: */*\r\nHOST: rrb.localhost',
      ]) {
        const answer = await raw(`GET ${path} HTTP/1.1\r\n${hosts}`);
        expect(answer, `${path} ${hosts}`).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer).toContain(
          JSON.stringify({ statusCode: 400, error: 'Bad Request', message: repeatedHostMessage }),
        );
        expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff');
      }
    }
  });
});
