import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Owner accounts, their sessions and one-time tokens (only hashes of secrets are stored),
 * and the audit trail of what owners do (docs/decisions/0027-owner-sessions.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  // Written out here, not shared: a shipped migration must not change with a helper.
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('owners')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('owners_email_per_client')
    .unique()
    .on('owners')
    .columns(['client_code', 'email'])
    .execute();

  await db.schema
    .createTable('owner_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) =>
      c.notNull().references('owners.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('owner_sessions_by_owner')
    .on('owner_sessions')
    .column('owner_id')
    .execute();

  await db.schema
    .createTable('owner_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) =>
      c.notNull().references('owners.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('owner_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_by_client')
    .on('audit_log')
    .columns(['client_code', 'id'])
    .execute();
}
