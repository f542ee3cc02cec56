import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ErrorReport } from '../../src/server/errors/error-reporter.js';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookSink, type WebhookSink } from '../support/webhook-sink.js';

/**
 * ERROR_REPORT_URL (issue 38, docs/decisions/0072-error-reports.md): a 5xx answer is POSTed to
 * a real receiver with the request id, route pattern and client, and no personal data.
 */
describeEachDatabase('error reports', (kind) => {
  let t: TestApp;
  let sink: WebhookSink;
  beforeAll(async () => {
    sink = await startWebhookSink();
    t = await startTestApp(kind, { ERROR_REPORT_URL: sink.url });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('reports a 500 scrubbed: the route, not the address; no e-mail, number or query', async () => {
    const answer = await t.app.inject({
      url: '/api/test/fail?email=visitor%40example.com&tel=07700900123',
      headers: { host: 'rrb.localhost', cookie: 'hs_owner=secret-session-token' },
    });
    expect(answer.statusCode).toBe(500);
    // The visitor sees no details.
    expect(answer.body).not.toContain('jane.doe');
    const [report] = (await sink.waitFor(1)) as ErrorReport[];
    expect(report).toMatchObject({
      kind: 'request',
      requestId: answer.headers['x-request-id'],
      method: 'GET',
      route: '/api/test/fail',
      client: 'RRB',
      status: 500,
      error: {
        name: 'Error',
        message: 'Forced failure for owner [email], tel [number]',
      },
    });
    expect(report!.error.stack).toContain('build-app');
    const sent = JSON.stringify(report);
    for (const secret of ['jane.doe', '07700', 'visitor', 'secret-session-token', '?email'])
      expect(sent).not.toContain(secret);
  });

  it('does not report a 4xx', async () => {
    const before = sink.received.length;
    const answer = await t.app.inject({
      url: '/api/products/999999',
      headers: { host: 'se.localhost' },
    });
    expect(answer.statusCode).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received).toHaveLength(before);
  });
});
