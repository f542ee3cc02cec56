import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../db/raw-statements.js';
import type { Database } from '../db/schema.js';

import type { ReadinessCheck } from '../kernel/readiness-check.js';

export interface HealthOptions {
  checks: ReadinessCheck[];
  /** How long one check may take before the instance is reported not ready. */
  timeoutMs?: number;
}

export function databaseCheck(db: Kysely<Database>): ReadinessCheck {
  return { name: 'database', probe: () => pingDatabase(db) };
}

/**
 * Health for load balancers and orchestrators (docs/decisions/0029-readiness.md):
 * - GET /api/health/live: the process answers; never looks at a dependency, so a database outage
 *   does not get the process restarted.
 * - GET /api/health/ready: 200 when every required dependency answers within timeoutMs, else 503
 *   naming the one that did not; take the instance out of rotation on 503. An optional one (Redis)
 *   that does not answer is named under `degraded`, still 200.
 * - GET /api/health: kept as it was, `{"ok":true}` while the process answers (the benchmarks,
 *   the browser tests and existing monitors wait for it): an alias of live.
 * A check already in flight is shared, so a frozen database does not collect one stuck query per
 * probe.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (
  app,
  { checks, timeoutMs = 1000 },
) => {
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/health/live', async () => ({ ok: true }));

  const inFlight = new Map<string, Promise<string>>();
  const run = (check: ReadinessCheck): Promise<string> => {
    let running = inFlight.get(check.name);
    if (!running) {
      running = check.probe().then(
        () => 'ok',
        (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      inFlight.set(check.name, running);
      void running.finally(() => inFlight.delete(check.name));
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
    });
    return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
  };

  app.get('/api/health/ready', async (request, reply) => {
    const results = await Promise.all(
      checks.map(async (c) => ({ check: c, status: await run(c) })),
    );
    const failing = results.filter(({ status }) => status !== 'ok');
    const ready = failing.every(({ check }) => check.required === false);
    const checksBody = Object.fromEntries(results.map(({ check, status }) => [check.name, status]));
    if (failing.length > 0) {
      request.log.warn({ checks: checksBody }, ready ? 'ready, degraded' : 'not ready');
    }
    reply.header('cache-control', 'no-store');
    return reply.code(ready ? 200 : 503).send({
      ok: ready,
      ...(ready && failing.length > 0 ? { degraded: failing.map(({ check }) => check.name) } : {}),
      checks: checksBody,
    });
  });
};
