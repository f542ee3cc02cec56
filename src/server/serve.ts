import { buildApp } from './http/build-app.js';
import { loadConfig, startupWarnings } from './config.js';

import { runningBanner } from './banner.js';
import { createLogger } from './logger.js';
import { attachOutboxWorker } from './mail/outbox-worker.js';
import { attachRecordsRetention } from './retention/retention-schedule.js';
import { attachPaymentsReconcile } from './payments/payments-reconcile.js';
import { reconcileDepositHolds } from './booking/deposits/deposit-service.js';
import { attachMorningSummaries } from './morning-summary/morning-summary-schedule.js';
import { prepareData, warmUpPages } from './startup.js';
import { startBackgroundCheckpoints } from './db/sqlite-checkpoints.js';
import { configurationReport } from './config-report.js';
import { readEnvFile } from './env-file.js';

/** How long a stop waits for requests in flight before it gives up on them. */
const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  // .env beside the code, under what the environment already sets (env-file.ts).
  const envFile = readEnvFile();
  if (process.argv.includes('--check-config')) {
    // Prints the configuration (secrets masked) and stops, without starting anything.
    const report = configurationReport(process.env, process.cwd(), envFile);
    process.stdout.write(report.text);
    process.exit(report.ok ? 0 : 1);
  }
  const config = loadConfig();
  for (const warning of startupWarnings(config, process.env)) {
    console.warn(`\n*** WARNING: ${warning} ***\n`);
  }
  const { handle, registry, imagesCreated } = await prepareData(config);
  const checkpoints =
    config.database.kind === 'sqlite'
      ? await startBackgroundCheckpoints(handle.db, config.database.file)
      : undefined;
  const app = await buildApp({
    config,
    db: handle.db,
    dbKind: handle.kind,
    registry,
    // Request logs on, written in batches (docs/decisions/0022-logging.md).
    logger: createLogger(config),
  });
  attachOutboxWorker(app, { config, db: handle.db, dbKind: handle.kind });
  attachRecordsRetention(app, { config, db: handle.db });
  attachPaymentsReconcile(app, {
    config,
    db: handle.db,
    registry,
    // Issue 36: deposit holds whose webhook never came (booking/ sits above payments/).
    depositHolds: reconcileDepositHolds({ config, db: handle.db, registry }),
  });
  attachMorningSummaries(app, { config, db: handle.db, registry });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    // Requests in flight get their answers; one that never ends (a stalled client, a hung
    // upstream) must not keep a stopping instance, and its port, for ever.
    setTimeout(() => {
      console.error(`Highstreet did not close within ${shutdownGraceMs / 1000} s; exiting.`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    await app.close();
    await checkpoints?.stop();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Before listening, so that /api/health/ready answering means serving at full speed.
  await warmUpPages(app, registry);
  await app.listen({ port: config.port, host: config.host });
  console.log(runningBanner(config, handle.kind, registry, imagesCreated));
}

main().catch((error: unknown) => {
  console.error(
    `Highstreet could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
