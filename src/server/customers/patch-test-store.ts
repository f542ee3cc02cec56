import type { Kysely } from 'kysely';
import type { RecordedPatchTest } from '../../common/patch-tests.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/**
 * The patch tests recorded for the client's customers with this e-mail (issue 33): compared
 * trimmed and lower-cased, as customer records keep it (customer-matching.ts).
 */
export async function findPatchTestsByEmail(
  db: Db,
  clientCode: string,
  email: string,
): Promise<RecordedPatchTest[]> {
  const address = email.trim().toLowerCase();
  if (address === '') return [];
  const rows = await db
    .selectFrom('customer_notes')
    .innerJoin('customers', 'customers.id', 'customer_notes.customer_id')
    .select([
      'customer_notes.patch_test_date',
      'customer_notes.patch_test_result',
      'customer_notes.created_at',
    ])
    .where('customers.client_code', '=', clientCode)
    .where('customers.email', '=', address)
    .where('customer_notes.client_code', '=', clientCode)
    .where('customer_notes.kind', '=', 'patch-test')
    .execute();
  return rows.flatMap((row) =>
    row.patch_test_date && (row.patch_test_result === 'pass' || row.patch_test_result === 'fail')
      ? [{ date: row.patch_test_date, result: row.patch_test_result, recordedAt: row.created_at }]
      : [],
  );
}

/** The names of the client's treatments with these ids. */
export async function findTreatmentNames(
  db: Db,
  clientCode: string,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('treatments')
    .select(['id', 'name'])
    .where('client_code', '=', clientCode)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The client's patch-test appointment that visitors can book (issue 33), if it has one. */
export async function findPatchTestAppointment(
  db: Db,
  clientCode: string,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('treatments')
    .select(['id', 'name'])
    .where('client_code', '=', clientCode)
    .where('is_patch_test', '=', 1)
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();
}
