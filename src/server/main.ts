import { buildApp } from './http/build-app.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { attachOutboxWorker } from './mail/outbox-worker.js';
import { prepareData } from './startup.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { handle, registry, imagesCreated } = await prepareData(config);
  const app = await buildApp({
    config,
    db: handle.db,
    dbKind: handle.kind,
    registry,
    // Request logs on, written asynchronously (docs/decisions/logging.md).
    logger: createLogger(config),
  });
  attachOutboxWorker(app, { config, db: handle.db, dbKind: handle.kind });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Highstreet is running on ${base} (${handle.kind === 'sqlite' ? `SQLite ${config.database.kind === 'sqlite' ? config.database.file : ''}` : 'PostgreSQL'})`,
    imagesCreated > 0 ? `Drew ${imagesCreated} placeholder images under ${config.mediaDir}` : '',
    'Open each client:',
    ...registry.all.map((c) => {
      const host = c.hostNames.find((h) => h.endsWith('.localhost'));
      const byHost = host ? `  or  http://${host}:${config.port}/` : '';
      const preview = config.clientPreview ? `${base}/?client=${c.name}` : '(preview off)';
      return `  ${c.name.padEnd(5)} ${c.title.padEnd(34)} ${preview}${byHost}`;
    }),
    '',
  ].filter((l) => l !== '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(
    `Highstreet could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
