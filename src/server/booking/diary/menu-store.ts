import { sql, type Kysely } from 'kysely';
import type { ManageMenu } from '../../../common/diary.js';
import type { Database } from '../../db/schema.js';

/**
 * The owner's menu: categories and treatments, inactive ones included, in the owner's order.
 * New rows take the next id of the client (ids are per client, as in the seed) and go last.
 */

export async function listMenu(db: Kysely<Database>, clientCode: string): Promise<ManageMenu> {
  const [categories, treatments] = await Promise.all([
    db
      .selectFrom('categories')
      .selectAll()
      .where('client_code', '=', clientCode)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('treatments')
      .selectAll()
      .where('client_code', '=', clientCode)
      .orderBy('category_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      active: c.active === 1,
      position: c.sort_order,
    })),
    treatments: treatments.map((t) => ({
      id: t.id,
      categoryId: t.category_id,
      name: t.name,
      description: t.description,
      price: t.price_pence / 100,
      duration: t.duration_minutes,
      active: t.active === 1,
      position: t.sort_order,
      patchTestHours: t.patch_test_hours,
      isPatchTest: t.is_patch_test === 1,
    })),
  };
}

/** The next id and the next position of a client's rows in `table` (optionally one category's). */
async function nextIdAndPosition(
  db: Kysely<Database>,
  table: 'categories' | 'treatments',
  clientCode: string,
  categoryId?: number,
): Promise<{ id: number; position: number }> {
  const ids = await db
    .selectFrom(table)
    .select(({ fn }) => fn.max<number | null>('id').as('max'))
    .where('client_code', '=', clientCode)
    .executeTakeFirstOrThrow();
  let positions = db
    .selectFrom(table)
    .select(({ fn }) => fn.max<number | null>('sort_order').as('max'))
    .where('client_code', '=', clientCode);
  if (table === 'treatments' && categoryId !== undefined) {
    positions = positions.where(sql.ref('category_id'), '=', categoryId);
  }
  const position = await positions.executeTakeFirstOrThrow();
  return { id: Number(ids.max ?? 0) + 1, position: Number(position.max ?? 0) + 1 };
}

export async function insertCategory(
  db: Kysely<Database>,
  clientCode: string,
  name: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id, position } = await nextIdAndPosition(trx, 'categories', clientCode);
    await trx
      .insertInto('categories')
      .values({ client_code: clientCode, id, name, sort_order: position })
      .execute();
    return id;
  });
}

/** True when the client has a category (or treatment) with this id. */
export async function rowExists(
  db: Kysely<Database>,
  table: 'categories' | 'treatments',
  clientCode: string,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Updates one of the client's categories; false when the client has no such category. */
export async function updateCategory(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  change: { name?: string; active?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('categories')
    .set((eb) => ({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.active !== undefined ? { active: change.active ? 1 : 0 } : {}),
      version: eb('version', '+', 1),
    }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface TreatmentValues {
  name: string;
  description: string;
  pricePence: number;
  durationMinutes: number;
  categoryId: number;
  /** Absent: unchanged (a new treatment: none). */
  patchTestHours?: number | null | undefined;
  isPatchTest?: boolean | undefined;
}

export async function insertTreatment(
  db: Kysely<Database>,
  clientCode: string,
  values: TreatmentValues,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id, position } = await nextIdAndPosition(
      trx,
      'treatments',
      clientCode,
      values.categoryId,
    );
    await trx
      .insertInto('treatments')
      .values({
        client_code: clientCode,
        id,
        category_id: values.categoryId,
        name: values.name,
        description: values.description,
        price_pence: values.pricePence,
        duration_minutes: values.durationMinutes,
        active: 1,
        sort_order: position,
        patch_test_hours: values.patchTestHours ?? null,
        is_patch_test: values.isPatchTest ? 1 : 0,
      })
      .execute();
    return id;
  });
}

/** Updates one of the client's treatments; false when the client has no such treatment. */
export async function updateTreatment(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  change: Partial<TreatmentValues> & { active?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('treatments')
    .set((eb) => ({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.pricePence !== undefined ? { price_pence: change.pricePence } : {}),
      ...(change.durationMinutes !== undefined ? { duration_minutes: change.durationMinutes } : {}),
      ...(change.categoryId !== undefined ? { category_id: change.categoryId } : {}),
      ...(change.active !== undefined ? { active: change.active ? 1 : 0 } : {}),
      ...(change.patchTestHours !== undefined ? { patch_test_hours: change.patchTestHours } : {}),
      ...(change.isPatchTest !== undefined ? { is_patch_test: change.isPatchTest ? 1 : 0 } : {}),
      version: eb('version', '+', 1),
    }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The ids of the client's categories, or of one category's treatments. */
export async function idsOf(
  db: Kysely<Database>,
  table: 'categories' | 'treatments',
  clientCode: string,
  categoryId?: number,
): Promise<number[]> {
  let query = db.selectFrom(table).select('id').where('client_code', '=', clientCode);
  if (table === 'treatments' && categoryId !== undefined) {
    query = query.where(sql.ref('category_id'), '=', categoryId);
  }
  return (await query.execute()).map((row) => row.id);
}

/** Gives each id its position in `ids` (1, 2, …), in one transaction. */
export async function setOrder(
  db: Kysely<Database>,
  table: 'categories' | 'treatments',
  clientCode: string,
  ids: number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable(table)
        .set({ sort_order: index + 1 })
        .where('client_code', '=', clientCode)
        .where('id', '=', id)
        .execute();
    }
  });
}
