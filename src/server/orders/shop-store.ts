import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DiscountRule } from '../../common/shop-pricing.js';
import {
  noShopSettings,
  shopSettingsSchema,
  type DiscountCodeInput,
  type DiscountCodeRecord,
  type ShopSettings,
  type ShopSettingsAnswer,
} from '../../common/shop-settings.js';
import * as z from 'zod/mini';
import type { Database, DiscountCodesTable } from '../db/schema.js';

/**
 * The queries of a client's shop settings and discount codes (issue 35): settings as one
 * versioned row, codes unique per client whatever their case, and a code's use counted by one
 * conditional update inside the order's transaction.
 */
type Queryable = Kysely<Database> | Transaction<Database>;

export async function getShopSettings(
  db: Queryable,
  clientCode: string,
): Promise<ShopSettingsAnswer> {
  const row = await db
    .selectFrom('shop_settings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
  if (!row) return { settings: noShopSettings, version: 0 };
  // A row the schema no longer reads is treated as none rather than failing every checkout.
  const parsed = z.safeParse(shopSettingsSchema, JSON.parse(row.settings));
  return { settings: parsed.success ? parsed.data : noShopSettings, version: row.version };
}

/** Stores the settings if still at `version` (0: never saved); false if someone was first. */
export async function saveShopSettings(
  db: Kysely<Database>,
  clientCode: string,
  settings: ShopSettings,
  version: number,
  now: Date,
): Promise<boolean> {
  const values = { settings: JSON.stringify(settings), updated_at: now.toISOString() };
  if (version === 0) {
    const inserted = await db
      .insertInto('shop_settings')
      .values({ client_code: clientCode, ...values, version: 1 })
      .onConflict((oc) => oc.column('client_code').doNothing())
      .returning('client_code')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const updated = await db
    .updateTable('shop_settings')
    .set({ ...values, version: version + 1 })
    .where('client_code', '=', clientCode)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

type CodeRow = Selectable<DiscountCodesTable>;

export const codeKey = (code: string) => code.trim().toUpperCase();

export function toDiscountRecord(row: CodeRow): DiscountCodeRecord {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === 'fixed' ? 'fixed' : 'percent',
    value: row.value,
    minSpendPence: row.min_spend_pence,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    totalLimit: row.total_limit,
    perCustomerLimit: row.per_customer_limit,
    freeDelivery: row.free_delivery === 1,
    active: row.active === 1,
    usedCount: row.used_count,
    version: row.version,
  };
}

export function toDiscountRule(record: DiscountCodeRecord): DiscountRule {
  return {
    code: record.code,
    kind: record.kind,
    value: record.value,
    minSpendPence: record.minSpendPence,
    startsOn: record.startsOn,
    endsOn: record.endsOn,
    freeDelivery: record.freeDelivery,
    active: record.active,
  };
}

export async function findDiscountCode(
  db: Queryable,
  clientCode: string,
  code: string,
): Promise<DiscountCodeRecord | undefined> {
  const row = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('code_key', '=', codeKey(code))
    .executeTakeFirst();
  return row && toDiscountRecord(row);
}

export async function findDiscountCodeById(
  db: Queryable,
  clientCode: string,
  id: number,
): Promise<DiscountCodeRecord | undefined> {
  const row = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toDiscountRecord(row);
}

export async function listDiscountCodes(
  db: Queryable,
  clientCode: string,
): Promise<DiscountCodeRecord[]> {
  const rows = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('client_code', '=', clientCode)
    .orderBy('active', 'desc')
    .orderBy('code_key')
    .execute();
  return rows.map(toDiscountRecord);
}

function codeColumns(input: DiscountCodeInput) {
  return {
    code: input.code,
    code_key: codeKey(input.code),
    kind: input.kind,
    value: input.value,
    min_spend_pence: input.minSpendPence,
    starts_on: input.startsOn,
    ends_on: input.endsOn,
    total_limit: input.totalLimit,
    per_customer_limit: input.perCustomerLimit,
    free_delivery: input.freeDelivery ? 1 : 0,
    active: input.active ? 1 : 0,
  };
}

/** Adds a code; undefined when the client already has it (in any case). */
export async function insertDiscountCode(
  db: Kysely<Database>,
  clientCode: string,
  input: DiscountCodeInput,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .insertInto('discount_codes')
    .values({
      client_code: clientCode,
      ...codeColumns(input),
      version: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['client_code', 'code_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Changes a code if still at `version`; false if someone changed it meanwhile. */
export async function updateDiscountCode(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  input: DiscountCodeInput,
  version: number,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('discount_codes')
    .set({ ...codeColumns(input), version: version + 1, updated_at: now.toISOString() })
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Counts one use of a code, only while it is under its total limit: one conditional UPDATE, so
 * the row lock (PostgreSQL, whose READ COMMITTED re-reads the row after the lock) or the write
 * lock (SQLite) lets exactly `total_limit` orders through however many arrive at once.
 */
export async function takeDiscountUse(
  trx: Transaction<Database>,
  clientCode: string,
  codeId: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('discount_codes')
    .set({ used_count: sql`used_count + 1` })
    .where('client_code', '=', clientCode)
    .where('id', '=', codeId)
    .where((eb) =>
      eb.or([eb('total_limit', 'is', null), eb('used_count', '<', eb.ref('total_limit'))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How often this customer (lower-cased e-mail) has used a code. */
export async function countCustomerUses(
  db: Queryable,
  codeId: number,
  customerEmail: string,
): Promise<number> {
  const row = await db
    .selectFrom('discount_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('uses'))
    .where('code_id', '=', codeId)
    .where('customer_email', '=', customerEmail.trim().toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.uses);
}

export async function insertRedemption(
  trx: Transaction<Database>,
  redemption: {
    clientCode: string;
    codeId: number;
    orderId: number;
    customerEmail: string;
    now: Date;
  },
): Promise<void> {
  await trx
    .insertInto('discount_redemptions')
    .values({
      client_code: redemption.clientCode,
      code_id: redemption.codeId,
      order_id: redemption.orderId,
      customer_email: redemption.customerEmail.trim().toLowerCase(),
      created_at: redemption.now.toISOString(),
    })
    .execute();
}
