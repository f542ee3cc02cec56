import type { ServerConfig } from './config.js';
import { loadClientRegistry, type ClientRegistry } from './clients/client-registry.js';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/database.js';
import { migrateToLatest } from './db/migrations.js';
import { applySeed, readSeed } from './db/seed.js';
import { ensurePlaceholderImages } from './media/placeholder-images.js';

/** The statement time-out for migrating and seeding at start-up (PostgreSQL). */
const maintenanceStatementMs = 10 * 60_000;

export interface PreparedData {
  handle: DatabaseHandle;
  registry: ClientRegistry;
  imagesCreated: number;
}

/**
 * Everything start-up does before serving: validate the seed (a bad record stops here, naming
 * the client and field), migrate, seed, draw missing placeholder images, load the client records.
 */
export async function prepareData(
  config: ServerConfig,
  target: DatabaseTarget = config.database,
  options: { images?: boolean; warn?: (message: string) => void } = {},
): Promise<PreparedData> {
  const seed = readSeed(config.seedDir);
  const handle = openDatabase(target, {
    timeouts: config.databaseTimeouts,
    warn: options.warn,
  });
  try {
    // Migrations (an index on a big table) may take far longer than a request's statement
    // time-out: on PostgreSQL they run on a connection of their own with a long one.
    const maintenance =
      target.kind === 'postgres'
        ? openDatabase(target, {
            timeouts: { ...config.databaseTimeouts, statementMs: maintenanceStatementMs },
            warn: options.warn,
          })
        : handle;
    try {
      await migrateToLatest(
        maintenance.db,
        maintenance.kind,
        target.kind === 'postgres' ? target.schema : undefined,
      );
      await applySeed(maintenance.db, seed);
    } finally {
      if (maintenance !== handle) await maintenance.close();
    }
    const imagesCreated =
      options.images === false
        ? 0
        : await ensurePlaceholderImages(
            config.mediaDir,
            seed.clients,
            seed.products.map((p) => ({
              clientCode: p.clientCode,
              id: p.id,
              title: p.title,
              pictureCount: p.pictureCount,
            })),
          );
    const registry = await loadClientRegistry(handle.db);
    return { handle, registry, imagesCreated };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
