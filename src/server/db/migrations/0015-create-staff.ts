import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * The salon as its people (issue 32): staff members per client, the treatments each performs
 * (optionally at their own length and price), their weekly hours (a day's spans; the gaps
 * between them are breaks) and their time off as date ranges.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  // Written out here, not shared: a shipped migration must not change with a helper.
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('staff_members')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull())
    // A picture's media name (media/), or null for none.
    .addColumn('photo', 'varchar(200)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_members_by_client')
    .on('staff_members')
    .columns(['client_code', 'active', 'display_order'])
    .execute();

  await db.schema
    .createTable('staff_treatments')
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) =>
      c.notNull().references('staff_members.id').onDelete('cascade'),
    )
    .addColumn('treatment_id', 'integer', (c) => c.notNull())
    // Null: the treatment's own length and price.
    .addColumn('duration_minutes', 'integer')
    .addColumn('price_pence', 'integer')
    .addPrimaryKeyConstraint('staff_treatments_pk', ['staff_id', 'treatment_id'])
    .execute();
  await db.schema
    .createIndex('staff_treatments_by_client')
    .on('staff_treatments')
    .columns(['client_code', 'treatment_id'])
    .execute();

  await db.schema
    .createTable('staff_hours')
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) =>
      c.notNull().references('staff_members.id').onDelete('cascade'),
    )
    // sun … sat, as in the booking rules' weeklyHours.
    .addColumn('weekday', 'varchar(3)', (c) => c.notNull())
    // HH:mm, local to the client.
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_hours_by_client')
    .on('staff_hours')
    .columns(['client_code', 'staff_id'])
    .execute();

  await db.schema
    .createTable('staff_time_off')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) =>
      c.notNull().references('staff_members.id').onDelete('cascade'),
    )
    // YYYY-MM-DD, local to the client, both days included.
    .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_date', 'varchar(10)', (c) => c.notNull())
    // holiday | sickness | other
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('staff_time_off_by_client')
    .on('staff_time_off')
    .columns(['client_code', 'to_date', 'from_date'])
    .execute();
}
