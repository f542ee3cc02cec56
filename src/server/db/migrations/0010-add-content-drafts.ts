import type { Kysely } from 'kysely';

/**
 * The owner edits the site's words (issue 19): the published record gets a version (the
 * publish check), and each client may have one draft of its content, started from a version.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('client_drafts')
    .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('draft_version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}
