import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Private calendar feeds (issue 32, docs/decisions/0058-calendar-feeds.md): a secret link per
 * feed, for the whole salon (staff_id null) or one therapist. Only the token's SHA-256 is kept;
 * revoking sets revoked_at, and the link answers 404 from then on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  // Written out here, not shared: a shipped migration must not change with a helper.
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    // Null: every booking of the salon. Not a foreign key: a feed outlives nothing it needs.
    .addColumn('staff_id', 'integer')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('calendar_feeds_by_token')
    .on('calendar_feeds')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('calendar_feeds_by_client')
    .on('calendar_feeds')
    .column('client_code')
    .execute();
}
