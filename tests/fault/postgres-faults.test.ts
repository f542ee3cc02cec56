import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createOutboxWorker,
  defaultWorkerSettings,
  type OutboxWorker,
} from '../../src/server/mail/outbox-worker.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { isPostgresReachable, testPostgresUrl } from '../support/test-database.js';

/**
 * PostgreSQL misbehaving under a running app (issue 14, probes 1 and 2; docs/fault-probes.md).
 * The app reaches PostgreSQL through a TCP proxy of ours, so a test can freeze the network or
 * have PostgreSQL terminate exactly this app's connections.
 */
const postgresUp = await isPostgresReachable();
const target = new URL(testPostgresUrl);

const relayBody = (marker: string) => ({
  user_id: 'hs_pub_JS',
  service_id: 'highstreet',
  template_id: 'contact',
  template_params: {
    name: 'Ann Example',
    email: 'ann@example.com',
    telephone: '07700 900123',
    message: marker,
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminateBackends(ports: number[]): Promise<number> {
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where client_port = any($1::int[])',
      [ports],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

(postgresUp ? describe : describe.skip)('PostgreSQL faults', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let worker: OutboxWorker | undefined;

  beforeAll(async () => {
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(testPostgresUrl);
    viaProxy.port = String(proxy.port);
    t = await startTestApp(
      'postgres',
      {
        MAIL_RELAY_LIMIT_PER_IP: '1000000',
        MAIL_RELAY_LIMIT_PER_CLIENT: '1000000',
        REFERENCE_CACHE_SECONDS: '0',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '1500',
      },
      { postgresUrl: viaProxy.toString() },
    );
  });
  afterEach(async () => {
    proxy?.thaw();
    await worker?.stop();
    worker = undefined;
  });
  afterAll(async () => {
    proxy?.thaw();
    await t?.close();
    await proxy?.close();
  });

  it('survives its connections being terminated mid-traffic, recovers within 5 s and loses nothing accepted', async () => {
    const delivered = new Set<string>();
    worker = createOutboxWorker({
      ...defaultWorkerSettings,
      pollIntervalMs: 50,
      baseDelayMs: 10,
      // A claim whose answer was lost with its connection is only known after its lease ends:
      // short here so that the test sees those messages delivered too.
      leaseMs: 1000,
      db: t.handle.db,
      dbKind: 'postgres',
      deliver: async (row) => {
        delivered.add(/fault-[0-9]+/.exec(row.text)?.[0] ?? '?');
        return 'recorded';
      },
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    worker.start();

    const accepted: string[] = [];
    const answers: Array<{ at: number; status: number }> = [];
    let n = 0;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const marker = `fault-${n++}`;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1.0/email/send',
          payload: relayBody(marker),
        });
        answers.push({ at: Date.now(), status: res.statusCode });
        if (res.statusCode === 200) accepted.push(marker);
        else expect([503]).toContain(res.statusCode);
        const list = await t.app.inject({ url: '/api/products' });
        answers.push({ at: Date.now(), status: list.statusCode });
        expect([200, 503]).toContain(list.statusCode);
      }
    };
    const traffic = Promise.all([client(), client(), client(), client()]);
    await sleep(400);
    const ports = proxy.upstreamPorts();
    expect(ports.length).toBeGreaterThan(0);
    const killedAt = Date.now();
    expect(await terminateBackends(ports)).toBeGreaterThan(0);
    await sleep(1500);
    // Once more, while the pool holds new connections, some of them idle.
    expect(await terminateBackends(proxy.upstreamPorts())).toBeGreaterThan(0);
    await sleep(2000);
    stop = true;
    await traffic;

    // The pool reported the lost connections instead of crashing the process.
    expect(t.warnings.some((w) => /connection .*lost|lost/.test(w))).toBe(true);
    const firstOkAfterKill = answers.find((a) => a.at > killedAt && a.status === 200);
    expect(firstOkAfterKill, 'a request succeeded after the termination').toBeDefined();
    expect(firstOkAfterKill!.at - killedAt).toBeLessThan(5000);
    console.info(
      `terminated: first 200 after ${firstOkAfterKill!.at - killedAt} ms; ${answers.filter((a) => a.status === 503).length} answers 503 of ${answers.length}; ${accepted.length} accepted`,
    );
    const last = answers.slice(-8);
    expect(last.every((a) => a.status === 200)).toBe(true);

    // Every message answered 200 is stored, and delivered.
    const stored = await t.handle.db.selectFrom('outbox').select('text').execute();
    const storedMarkers = new Set(stored.map((row) => /fault-[0-9]+/.exec(row.text)?.[0]));
    expect(accepted.filter((m) => !storedMarkers.has(m))).toEqual([]);
    const deadline = Date.now() + 8000;
    while (accepted.some((m) => !delivered.has(m)) && Date.now() < deadline) await sleep(50);
    expect(accepted.filter((m) => !delivered.has(m))).toEqual([]);
    expect(accepted.length).toBeGreaterThan(10);
  });

  it('answers 503 within 5 s while the database is frozen, reports not ready, and recovers after', async () => {
    expect((await t.app.inject({ url: '/api/treatments/list' })).statusCode).toBe(200);
    proxy.freeze();

    const started = Date.now();
    const [list, send, ready, live] = await Promise.all([
      t.app.inject({ url: '/api/treatments/list', headers: { host: 'rrb.localhost' } }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1.0/email/send',
        payload: relayBody('frozen-1'),
      }),
      t.app.inject({ url: '/api/health/ready' }).then((res) => ({ res, ms: Date.now() - started })),
      t.app.inject({ url: '/api/health/live' }).then((res) => ({ res, ms: Date.now() - started })),
    ]);
    const elapsed = Date.now() - started;
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toMatch(/^\d+$/);
    expect(list.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expect(send.statusCode).toBe(503);
    expect(elapsed).toBeLessThan(5000);
    expect(ready.res.statusCode).toBe(503);
    expect(ready.res.json()).toMatchObject({ ok: false, checks: { database: /no answer|failed/ } });
    expect(ready.ms).toBeLessThan(2500);
    expect(live.res.statusCode).toBe(200);
    expect(live.ms).toBeLessThan(500);

    // The connections that stopped answering are closed, not kept with a query stuck at their head.
    expect(t.warnings.some((w) => /closing that connection/.test(w))).toBe(true);
    proxy.thaw();
    const thawedAt = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - thawedAt < 5000) {
      const [r, l] = await Promise.all([
        t.app.inject({ url: '/api/health/ready' }),
        t.app.inject({ url: '/api/treatments/list', headers: { host: 'rrb.localhost' } }),
      ]);
      recovered = r.statusCode === 200 && l.statusCode === 200;
      if (!recovered) await sleep(100);
    }
    expect(recovered, 'ready and serving within 5 s of the thaw').toBe(true);
    console.info(
      `frozen: 503s after ${elapsed} ms, readiness 503 after ${ready.ms} ms, live after ${live.ms} ms; recovered ${Date.now() - thawedAt} ms after the thaw`,
    );
  });

  it('answers pages with a friendly HTML 503 and Retry-After while the database is frozen (issue 30, item 18)', async () => {
    proxy.freeze();
    const page = (url: string) =>
      t.app.inject({
        url,
        headers: { host: 'rrb.localhost', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
    const [product, booking] = await Promise.all([page('/product/6'), page('/booking')]);
    proxy.thaw();
    for (const res of [product, booking]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatch(/^<!doctype html>/i);
      // In the client's name, and no JSON for the visitor to read.
      expect(res.body).toContain('Ruby Rose');
      expect(res.body).toContain('try again');
      expect(res.body).not.toContain('"statusCode"');
      expect(res.body).not.toMatch(/<script/i);
    }
  });
});
