import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { connectionPoolOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { ClientRegistry } from '../kernel/client-registry.js';
import type { AppMetrics } from '../kernel/app-metrics.js';
import type { ReadinessCheck } from '../kernel/readiness-check.js';
import { readOutboxSummary, readScheduledRuns } from './metrics-store.js';

export interface MetricsOptions {
  db: Kysely<Database>;
  registry: ClientRegistry;
  /** The readiness checks (/api/health/ready's): `highstreet_ready` is 1 when every required one answers. */
  readiness?: ReadinessCheck[];
  /** The event-loop, heap and RSS metrics of Node (prom-client's defaults); tests may leave them out. */
  processMetrics?: boolean;
  now?: () => number;
}

/** Latency buckets, in seconds: answers from memory take well under a millisecond, a cold page tens. */
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const unmatchedRoute = 'unmatched';
const otherClient = 'other';
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics(options: MetricsOptions): AppMetrics {
  const { db, registry } = options;
  const now = options.now ?? Date.now;
  const register = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register });
  const registers = [register];

  const requests = new Counter({
    name: 'highstreet_http_requests_total',
    help: 'HTTP answers, by route pattern, method, status and client code.',
    labelNames: ['route', 'method', 'status', 'client'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'highstreet_http_request_duration_seconds',
    help: 'Time to answer, by route pattern, method, status class (2xx…5xx) and client code.',
    labelNames: ['route', 'method', 'status_class', 'client'] as const,
    buckets: latencyBuckets,
    registers,
  });
  const refusals = new Counter({
    name: 'highstreet_rate_limit_refusals_total',
    help: 'Requests refused with 429 (a rate limit), by route pattern and client code.',
    labelNames: ['route', 'client'] as const,
    registers,
  });

  const pageCaches: Parameters<AppMetrics['watchPageCache']>[0][] = [];
  const pageCacheCount = (kind: 'hits' | 'misses' | 'shared' | 'renders') =>
    pageCaches.reduce((sum, cache) => sum + cache.counts[kind], 0);
  new Counter({
    name: 'highstreet_page_cache_hits_total',
    help: 'Pages served from the rendered-page cache.',
    registers,
    collect() {
      this.reset();
      this.inc(pageCacheCount('hits'));
    },
  });
  new Counter({
    name: 'highstreet_page_cache_misses_total',
    help: 'Pages rendered (or waited for) because the page cache did not hold them.',
    registers,
    collect() {
      this.reset();
      this.inc(pageCacheCount('misses'));
    },
  });
  new Counter({
    name: 'highstreet_page_cache_shared_total',
    help: 'Pages not in memory found in the pages shared by every instance (Redis), not rendered.',
    registers,
    collect() {
      this.reset();
      this.inc(pageCacheCount('shared'));
    },
  });
  new Counter({
    name: 'highstreet_page_renders_total',
    help: 'Pages rendered by this instance for the page cache (found neither in memory nor shared).',
    registers,
    collect() {
      this.reset();
      this.inc(pageCacheCount('renders'));
    },
  });
  new Gauge({
    name: 'highstreet_page_cache_bytes',
    help: 'Bytes held by the page cache (HTML and both compressed forms).',
    registers,
    collect() {
      this.set(pageCaches.reduce((sum, cache) => sum + cache.size.bytes, 0));
    },
  });
  new Gauge({
    name: 'highstreet_page_cache_entries',
    help: 'Pages held by the page cache.',
    registers,
    collect() {
      this.set(pageCaches.reduce((sum, cache) => sum + cache.size.entries, 0));
    },
  });
  let remembered: Parameters<AppMetrics['watchRememberedAnswers']>[0] | undefined;
  new Gauge({
    name: 'highstreet_remembered_answers_bytes',
    help: 'Bytes held by the answers kept whole for repeat requests.',
    registers,
    collect() {
      this.set(remembered?.bytes ?? 0);
    },
  });

  const pool = connectionPoolOf(db);
  if (pool) {
    new Gauge({
      name: 'highstreet_db_pool_connections',
      help: 'PostgreSQL pool connections: open in all (total), in use, idle.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'highstreet_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection.',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  const outboxMessages = new Gauge({
    name: 'highstreet_outbox_messages',
    help: 'E-mails in the outbox by status (pending, failed) and client code.',
    labelNames: ['status', 'client'] as const,
    registers,
  });
  const oldestPending = new Gauge({
    name: 'highstreet_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest pending e-mail that is due has waited, by client code (0: none).',
    labelNames: ['client'] as const,
    registers,
  });
  const lastRun = new Gauge({
    name: 'highstreet_scheduled_job_last_run_timestamp_seconds',
    help: 'When a scheduled job last ran (by any instance), in Unix seconds.',
    labelNames: ['name'] as const,
    registers,
  });
  const databaseReadFailures = new Counter({
    name: 'highstreet_metrics_database_read_failures_total',
    help: 'Scrapes that could not read the outbox and scheduled jobs (the last figures read stay).',
    registers,
  });
  const ready = new Gauge({
    name: 'highstreet_ready',
    help: '1 when every required readiness check answers (as /api/health/ready), else 0.',
    registers,
  });

  const clientLabel = (code: string | undefined): string =>
    code !== undefined && registry.byCode(code) ? code : otherClient;

  /** Read from the database at scrape time: one grouped query per table, both databases alike. */
  const readDatabase = async (): Promise<void> => {
    const [outbox, runs] = await Promise.all([readOutboxSummary(db), readScheduledRuns(db)]);
    outboxMessages.reset();
    oldestPending.reset();
    // Every known client, so that a series does not vanish when its count falls to 0.
    for (const client of registry.all) {
      outboxMessages.set({ status: 'pending', client: client.name }, 0);
      outboxMessages.set({ status: 'failed', client: client.name }, 0);
      oldestPending.set({ client: client.name }, 0);
    }
    const at = now();
    // "other" gathers several codes: its age is the oldest of theirs.
    const oldestAge = new Map<string, number>();
    for (const row of outbox) {
      const client = clientLabel(row.client_code);
      const status = row.status as 'pending' | 'failed';
      outboxMessages.inc({ status, client }, Number(row.count));
      if (status === 'pending' && row.oldest) {
        const age = Math.max(0, Math.round((at - Date.parse(row.oldest)) / 1000));
        oldestAge.set(client, Math.max(oldestAge.get(client) ?? 0, age));
      }
    }
    for (const [client, age] of oldestAge) oldestPending.set({ client }, age);
    lastRun.reset();
    for (const run of runs) lastRun.set({ name: run.name }, Date.parse(run.last_run_at) / 1000);
  };

  const readReadiness = async (): Promise<void> => {
    const checks = (options.readiness ?? []).filter((check) => check.required !== false);
    const results = await Promise.all(
      checks.map((check) =>
        Promise.race([
          check.probe().then(
            () => true,
            () => false,
          ),
          new Promise<boolean>((resolve) => setTimeout(resolve, 1000, false).unref()),
        ]),
      ),
    );
    ready.set(results.every(Boolean) ? 1 : 0);
  };

  return {
    answered(line) {
      const route = line.route ?? unmatchedRoute;
      const method = methods.has(line.method) ? line.method : 'OTHER';
      const client = clientLabel(line.client);
      const status = line.statusCode;
      requests.inc({ route, method, status: String(status), client });
      latency.observe(
        { route, method, status_class: `${Math.floor(status / 100)}xx`, client },
        line.ms / 1000,
      );
      if (status === 429) refusals.inc({ route, client });
    },
    watchPageCache(cache) {
      pageCaches.push(cache);
    },
    watchRememberedAnswers(answers) {
      remembered = answers;
    },
    async scrape() {
      // A database that does not answer must not take Node's figures and readiness down with it.
      await Promise.all([readDatabase().catch(() => databaseReadFailures.inc()), readReadiness()]);
      return register.metrics();
    },
    contentType: register.contentType,
  };
}
