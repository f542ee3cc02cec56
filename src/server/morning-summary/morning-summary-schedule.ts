import type { FastifyInstance } from 'fastify';
import type { MorningSummaryDeps } from './morning-summary-job.js';
import { morningSummaryLookMs, runMorningSummaries } from './morning-summary-job.js';

/**
 * Looks for owners' morning e-mails where the outbox worker runs (config.mailWorker): at start,
 * then every five minutes, as records retention does (retention-schedule.ts).
 */
export function attachMorningSummaries(
  app: FastifyInstance,
  deps: MorningSummaryDeps & { config: { mailWorker: boolean } },
): void {
  if (!deps.config.mailWorker) return;
  let timer: NodeJS.Timeout | undefined;
  const look = () =>
    runMorningSummaries(deps)
      .then((queued) => {
        if (queued) app.log.info(`Morning e-mails queued: ${queued}`);
      })
      .catch((error: unknown) => app.log.warn(`Morning e-mails failed: ${String(error)}`));
  app.addHook('onReady', async () => {
    void look();
    timer = setInterval(() => void look(), morningSummaryLookMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
