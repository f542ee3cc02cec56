import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { describeRetentionCounts } from '../../common/retention.js';
import { recordsRetentionPeriodMs, runRecordsRetention } from './retention-job.js';

/**
 * Runs the retention job where the outbox worker runs (config.mailWorker): at start, then every
 * hour asks for the day's run, which one instance a day gets (scheduled_runs). Asking hourly, not
 * daily, means a restart never pushes the run back by most of a day.
 */
export function attachRecordsRetention(
  app: FastifyInstance,
  deps: { config: ServerConfig; db: Kysely<Database> },
): void {
  if (!deps.config.mailWorker) return;
  let timer: NodeJS.Timeout | undefined;
  const tidy = () =>
    runRecordsRetention(deps.db, { sessionIdleMs: deps.config.ownerSession.idleMs })
      .then(({ ran, totals, byClient }) => {
        if (ran)
          app.log.info(
            { retention: totals, clients: byClient.size },
            `Retention: ${describeRetentionCounts(totals)}`,
          );
      })
      .catch((error: unknown) => {
        app.log.warn(`Retention failed: ${String(error)}`);
        app.errorReporter?.job('records-retention', error);
      });
  app.addHook('onReady', async () => {
    void tidy();
    timer = setInterval(() => void tidy(), Math.min(recordsRetentionPeriodMs, 60 * 60_000));
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
