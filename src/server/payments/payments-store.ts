import type { Kysely, Transaction } from 'kysely';
import type { Database, OrdersTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

/** The statements of card payment (issue 36); payments-service.ts decides what goes together. */

export type PaymentSettingsRow = Selectable<Database['payment_settings']>;

export async function readPaymentSettings(
  db: Kysely<Database>,
  clientCode: string,
): Promise<PaymentSettingsRow | undefined> {
  return db
    .selectFrom('payment_settings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
}

/** Saves the sealed keys if the stored version is still `version`; false when it moved on. */
export async function writePaymentSettings(
  db: Kysely<Database>,
  row: Omit<PaymentSettingsRow, 'version'>,
  version: number,
): Promise<boolean> {
  if (version === 0) {
    const inserted = await db
      .insertInto('payment_settings')
      .values({ ...row, version: 1 })
      .onConflict((c) => c.column('client_code').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('payment_settings')
    .set({ ...row, version: version + 1 })
    .where('client_code', '=', row.client_code)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Records an event once, with the order or the booking (deposit) it is about: false when this
 * client already has it (a replay or another instance).
 */
export async function insertPaymentEventOnce(
  trx: Transaction<Database>,
  event: {
    clientCode: string;
    eventId: string;
    eventType: string;
    orderId?: number | null;
    bookingId?: number | null;
  },
  now: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({
      client_code: event.clientCode,
      event_id: event.eventId,
      event_type: event.eventType,
      order_id: event.orderId ?? null,
      booking_id: event.bookingId ?? null,
      received_at: now.toISOString(),
    })
    .onConflict((c) => c.columns(['client_code', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export type PaymentOrderRow = Pick<
  Selectable<OrdersTable>,
  | 'id'
  | 'order_number'
  | 'payment_status'
  | 'paid_pence'
  | 'refunded_pence'
  | 'payment_session_id'
  | 'payment_intent_id'
  | 'gross_pence'
  | 'customer_name'
  | 'customer_email'
>;

/**
 * The order's payment row, locked for this transaction: the first statement is an UPDATE that
 * changes nothing, which takes PostgreSQL's row lock (SQLite has one writer anyway), so two
 * events for one order are applied one after the other, never from the same stale read.
 */
export async function lockPaymentOrder(
  trx: Transaction<Database>,
  clientCode: string,
  find: { orderId?: number; sessionId?: string; paymentIntentId?: string },
): Promise<PaymentOrderRow | undefined> {
  let query = trx
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'payment_status',
      'paid_pence',
      'refunded_pence',
      'payment_session_id',
      'payment_intent_id',
      'gross_pence',
      'customer_name',
      'customer_email',
    ])
    .where('client_code', '=', clientCode)
    .where('payment_status', 'is not', null);
  if (find.orderId !== undefined) query = query.where('id', '=', find.orderId);
  else if (find.sessionId !== undefined)
    query = query.where('payment_session_id', '=', find.sessionId);
  else if (find.paymentIntentId !== undefined)
    query = query.where('payment_intent_id', '=', find.paymentIntentId);
  else return undefined;
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  await trx
    .updateTable('orders')
    .set((eb) => ({ paid_pence: eb.ref('paid_pence') }))
    .where('id', '=', row.id)
    .execute();
  // Read again under the lock: another transaction may have changed it before we had it.
  return query.where('id', '=', row.id).executeTakeFirst();
}

export async function writeOrderPayment(
  trx: Transaction<Database>,
  orderId: number,
  change: {
    paymentStatus: string;
    paidPence: number;
    refundedPence: number;
    paymentIntentId: string | null;
    now: Date;
  },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      payment_status: change.paymentStatus,
      paid_pence: change.paidPence,
      refunded_pence: change.refundedPence,
      payment_intent_id: change.paymentIntentId,
      updated_at: change.now.toISOString(),
    })
    .where('id', '=', orderId)
    .execute();
}

export async function recordCheckoutSession(
  db: Kysely<Database>,
  orderId: number,
  session: { id: string; url: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      payment_session_id: session.id,
      payment_url: session.url,
      payment_started_at: now.toISOString(),
    })
    .where('id', '=', orderId)
    .execute();
}

/** Unpaid card orders whose session started between `from` and `before`: webhooks maybe lost. */
export async function listStaleUnpaidOrders(
  db: Kysely<Database>,
  before: Date,
  from: Date,
): Promise<{ id: number; client_code: string; payment_session_id: string }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'client_code', 'payment_session_id'])
    .where('payment_status', '=', 'unpaid')
    .where('payment_session_id', 'is not', null)
    .where('payment_started_at', '<', before.toISOString())
    .where('payment_started_at', '>=', from.toISOString())
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.flatMap((r) =>
    r.payment_session_id ? [{ ...r, payment_session_id: r.payment_session_id }] : [],
  );
}
