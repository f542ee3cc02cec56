import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimScheduledRun } from '../../src/server/shared-state/scheduled-runs-store.js';
import { enqueueMessage } from '../../src/server/mail/outbox-store.js';
import { describeEachDatabase } from '../support/each-database.js';
import { repoRoot, startTestApp, type TestApp } from '../support/test-app.js';

const token = 'metrics-test-token-0123456789abcdef';

/** Issue 38: /metrics in Prometheus's text format, read by a Prometheus text parser. */
describeEachDatabase('/metrics', (kind) => {
  let t: TestApp;
  let families: Map<string, MetricFamily>;
  let text: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { METRICS_TOKEN: token, BOOKING_LIMIT_PER_IP: '1' });
    const hour = 3_600_000;
    const message = (key: string) => ({
      clientCode: 'RRB',
      idempotencyKey: key,
      templateId: 'test',
      from: 'shop@example.com',
      to: 'someone@example.com',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
    });
    const now = Date.now();
    await enqueueMessage(t.handle.db, message('old-pending'), new Date(now - 2 * hour));
    await enqueueMessage(t.handle.db, message('new-pending'), new Date(now - 60_000));
    await enqueueMessage(t.handle.db, message('failed'), new Date(now - hour));
    await t.handle.db
      .updateTable('outbox')
      .set({ status: 'failed' })
      .where('idempotency_key', '=', 'failed')
      .execute();
    await claimScheduledRun(t.handle.db, 'outbox-retention', hour);

    const asked = [
      await t.app.inject({ url: '/api/categories/list?client=RRB' }),
      await t.app.inject({ url: '/api/no-such-thing?client=RRB' }),
      await t.app.inject({ url: '/contact?client=RRB' }),
      // The same page again, past the answers from memory (a conditional request): a cache hit.
      await t.app.inject({ url: '/contact?client=RRB', headers: { 'if-none-match': '"x"' } }),
      await t.app.inject({ method: 'POST', url: '/api/bookings/create?client=RRB', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/bookings/create?client=RRB', payload: {} }),
    ].map((answer) => answer.statusCode);
    expect(asked.slice(0, 4)).toEqual([200, 404, 200, 200]);
    expect(asked[5]).toBe(429);

    const scraped = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = scraped.body;
    families = new Map(parsePrometheusTextFormat(scraped.body).map((f) => [f.name, f]));
  });
  afterAll(async () => t?.close());

  const samples = (name: string) => {
    const family = families.get(name);
    expect(family, `${name} is exposed`).toBeDefined();
    return family!.metrics;
  };
  const valueOf = (name: string, labels: Record<string, string> = {}) => {
    const found = samples(name).find((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    );
    expect(found, `${name} ${JSON.stringify(labels)}`).toBeDefined();
    return Number(found!.value);
  };

  it('counts answers by route pattern, method, status and client, never by the address asked', () => {
    expect(families.get('highstreet_http_requests_total')?.type).toBe('COUNTER');
    expect(
      valueOf('highstreet_http_requests_total', {
        route: '/api/categories/list',
        method: 'GET',
        status: '200',
        client: 'RRB',
      }),
    ).toBe(1);
    expect(
      valueOf('highstreet_http_requests_total', { route: '/api/*', status: '404', client: 'RRB' }),
    ).toBe(1);
    const routes = samples('highstreet_http_requests_total').map((s) => s.labels?.route);
    expect(routes.every((route) => route && !route.includes('?'))).toBe(true);
    expect(routes).not.toContain('/contact');
  });

  it('has a latency histogram with the same bounded labels', () => {
    expect(families.get('highstreet_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser folds a histogram's labelled series into one; its lines are read here instead.
    const labels = 'route="/api/categories/list",method="GET",status_class="2xx",client="RRB"';
    expect(text).toContain(
      `highstreet_http_request_duration_seconds_bucket{le="+Inf",${labels}} 1`,
    );
    expect(text).toContain(`highstreet_http_request_duration_seconds_count{${labels}} 1`);
  });

  it('counts rate-limit refusals', () => {
    // Refused before the client is looked up (the limit comes first): its client is "other".
    expect(valueOf('highstreet_rate_limit_refusals_total', { route: '/api/bookings/create' })).toBe(
      1,
    );
  });

  it('tells page-cache hits, misses and bytes', () => {
    expect(valueOf('highstreet_page_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf('highstreet_page_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(valueOf('highstreet_page_cache_bytes')).toBeGreaterThan(0);
  });

  it(`tells the outbox's pending, failed and oldest pending age per client (${kind})`, () => {
    expect(valueOf('highstreet_outbox_messages', { status: 'pending', client: 'RRB' })).toBe(2);
    expect(valueOf('highstreet_outbox_messages', { status: 'failed', client: 'RRB' })).toBe(1);
    expect(valueOf('highstreet_outbox_messages', { status: 'failed', client: 'JS' })).toBe(0);
    const age = valueOf('highstreet_outbox_oldest_pending_age_seconds', { client: 'RRB' });
    expect(age).toBeGreaterThanOrEqual(7200);
    expect(age).toBeLessThan(7300);
  });

  it('tells when a scheduled job last ran, and readiness', () => {
    const ranAt = valueOf('highstreet_scheduled_job_last_run_timestamp_seconds', {
      // Not "job": Prometheus gives every scraped series a job label of its own.
      name: 'outbox-retention',
    });
    expect(Math.abs(ranAt - Date.now() / 1000)).toBeLessThan(120);
    expect(valueOf('highstreet_ready')).toBe(1);
  });

  it(`tells the database pool where the driver has one (${kind})`, () => {
    if (kind === 'postgres') {
      expect(valueOf('highstreet_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(valueOf('highstreet_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(
        0,
      );
      expect(valueOf('highstreet_db_pool_waiting')).toBe(0);
    } else {
      // SQLite is one connection in this process: no pool to tell of.
      expect(families.has('highstreet_db_pool_connections')).toBe(false);
    }
  });

  it("has Node's event-loop lag, heap and resident memory", () => {
    expect(valueOf('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('has every series the Grafana dashboard and the alert rules in docs/operating/ ask for', () => {
    for (const file of ['grafana-dashboard.json', 'alert-rules.yml']) {
      const text = readFileSync(join(repoRoot, 'docs/operating', file), 'utf8');
      if (file.endsWith('.json')) JSON.parse(text);
      const names = new Set(text.match(/\b(highstreet|nodejs|process)_[a-z0-9_]+/g));
      expect(names.size).toBeGreaterThanOrEqual(4);
      for (const name of names) {
        const family = name.replace(/_(bucket|count|sum)$/, '');
        // The PostgreSQL pool's series exist only on PostgreSQL.
        if (kind === 'sqlite' && family.startsWith('highstreet_db_pool')) continue;
        expect(families.has(family), `${file}: ${name}`).toBe(true);
      }
    }
  });

  it('refuses a wrong or missing token with 401, whatever the host', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', token]) {
      const answer = await t.app.inject({
        url: '/metrics',
        headers: { host: 'unknown.example', ...(authorization ? { authorization } : {}) },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(answer.body).not.toContain('highstreet_');
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('is the not-found of any unknown path, token or not', async () => {
    const metrics = await t.app.inject({
      url: '/metrics?client=RRB',
      headers: { authorization: `Bearer ${token}` },
    });
    const unknown = await t.app.inject({ url: '/no-such-page?client=RRB' });
    expect(metrics.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(metrics.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(metrics.body).not.toContain('highstreet_');
  });
});

describe('/metrics when the database does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { METRICS_TOKEN: token });
  });
  afterAll(async () => t?.close());

  it("still answers, with Node's figures, not ready, and the failed read counted", async () => {
    await t.handle.close();
    const scraped = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    const families = new Map(parsePrometheusTextFormat(scraped.body).map((f) => [f.name, f]));
    const value = (name: string) => Number(families.get(name)?.metrics[0]?.value);
    expect(value('highstreet_ready')).toBe(0);
    expect(value('highstreet_metrics_database_read_failures_total')).toBe(1);
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
