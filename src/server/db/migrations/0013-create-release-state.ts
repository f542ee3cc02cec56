import type { Kysely } from 'kysely';

/**
 * What the release step (npm run migrate) last did, e.g. the hash of the seed it applied,
 * so a server that migrates on start can skip a seed it has already applied
 * (docs/decisions/0036-release-step.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('release_state')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
