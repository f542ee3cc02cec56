import type { Kysely } from 'kysely';

/**
 * The team (issue 32): each back-office account has a role, owner (everything) or staff (the
 * diary only; owners/staff-permissions.ts), and may be linked to the staff member it is. Every
 * account made before stays an owner.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('owners')
    .addColumn('role', 'varchar(8)', (c) => c.notNull().defaultTo('owner'))
    .execute();
  // staff_members.id; not a foreign key: SQLite cannot add one to an existing table.
  await db.schema.alterTable('owners').addColumn('staff_id', 'integer').execute();
}
