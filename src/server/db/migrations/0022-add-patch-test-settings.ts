import type { Kysely } from 'kysely';

/**
 * Patch tests (issue 33, docs/decisions/0065-patch-tests.md): a treatment may need a passed patch
 * test at least `patch_test_hours` before it (null: none needed), and a treatment may be the
 * patch-test appointment itself (`is_patch_test`). A patch-test note may name the treatment it
 * was for. The seed sets RRB's values when it adds RRB's patch-test appointment (db/seed.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('treatments').addColumn('patch_test_hours', 'integer').execute();
  await db.schema
    .alterTable('treatments')
    .addColumn('is_patch_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('customer_notes')
    .addColumn('patch_test_treatment_id', 'integer')
    .execute();
}
