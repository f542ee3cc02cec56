import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateSeed } from '../../bench/generate-clients.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrations.js';
import { applySeed, readSeed } from '../../src/server/db/seed.js';
import { describeEachDatabase } from '../support/each-database.js';
import { createTestDatabase } from '../support/test-database.js';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The release step seeds a thousand clients (`npm run bench:clients`): their reviews passed
 * SQLite's 32,766 variables in one INSERT and the step failed. A thousand generated clients make more
 * than 4,096 reviews of 8 values each (as the benchmark's do).
 */
describeEachDatabase('the seed of many clients', (kind) => {
  it('puts every review of 1,007 clients in, in the seed’s order', async () => {
    const out = mkdtempSync(join(tmpdir(), 'highstreet-seed-many-'));
    cleanups.push(async () => rmSync(out, { recursive: true, force: true }));
    const { seedDir } = generateSeed(resolve(import.meta.dirname, '../../seed'), out, 1000);
    const seed = readSeed(seedDir);
    expect(seed.reviews.length * 8).toBeGreaterThan(32_766);
    const database = await createTestDatabase(kind);
    cleanups.push(database.drop);
    const handle = openDatabase(database.target);
    cleanups.push(handle.close);
    const schema = database.target.kind === 'postgres' ? database.target.schema : undefined;
    await migrateToLatest(handle.db, handle.kind, schema);

    await applySeed(handle.db, seed);

    const rows = await handle.db
      .selectFrom('reviews')
      .select(['display_order'])
      .orderBy('display_order')
      .execute();
    expect(rows).toHaveLength(seed.reviews.length);
    expect(rows.at(-1)?.display_order).toBe(seed.reviews.length);
  }, 120_000);
});
