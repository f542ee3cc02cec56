import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface LogLine {
  msg: string;
  reqId?: string;
  route?: string;
  client?: string;
  statusCode?: number;
  ms?: number;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const nginxId = '0f3a9c1d2e4b5a6978a1b2c3d4e5f601';

/**
 * Issue 38: every access line names the client, the route's pattern, the time and the request id:
 * nginx's X-Request-Id when nginx is a trusted proxy (TRUST_PROXY), else one made here; the id
 * comes back in X-Request-Id and is on the request's other log lines.
 */
describeEachDatabase('request ids in the logs', (kind) => {
  const lines: LogLine[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    );
    t = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' }, { logger });
  });
  afterAll(async () => t?.close());

  const answered = () => lines.filter((line) => line.msg === 'answered').at(-1);

  it("carries the proxy's request id, the client, the route pattern and the time", async () => {
    const answer = await t.app.inject({
      url: '/api/categories/list?client=RRB',
      remoteAddress: '127.0.0.1',
      headers: { 'x-request-id': nginxId },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe(nginxId);
    expect(answered()).toMatchObject({
      reqId: nginxId,
      client: 'RRB',
      route: '/api/categories/list',
      statusCode: 200,
    });
    expect(answered()!.ms).toBeGreaterThanOrEqual(0);
  });

  it('makes an id when the proxy sent none, and answers it', async () => {
    const answer = await t.app.inject({ url: '/api/no-such-thing?client=RRB' });
    expect(answer.statusCode).toBe(404);
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(uuid);
    expect(answered()).toMatchObject({ reqId: id, client: 'RRB', statusCode: 404 });
  });

  it("does not take an untrusted peer's X-Request-Id", async () => {
    const answer = await t.app.inject({
      url: '/api/categories/list?client=RRB',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'chosen-by-the-visitor' },
    });
    expect(answer.headers['x-request-id']).toMatch(uuid);
    expect(answered()!.reqId).toBe(answer.headers['x-request-id']);
  });

  it("puts the proxy's id on the request's other log lines too", async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/diagnostics/failure-probe?client=RRB',
      remoteAddress: '127.0.0.1',
      headers: { 'x-request-id': nginxId },
      payload: { message: 'Unable to read client config' },
    });
    expect(answer.statusCode).toBe(200);
    const warning = lines.findLast((line) => line.msg === 'failure screen shown');
    expect(warning?.reqId).toBe(nginxId);
  });
});

describeEachDatabase('request ids without a trusted proxy', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('never takes X-Request-Id from the request (TRUST_PROXY=off)', async () => {
    const answer = await t.app.inject({
      url: '/api/categories/list?client=RRB',
      headers: { 'x-request-id': nginxId },
    });
    expect(answer.headers['x-request-id']).toMatch(uuid);
  });
});
