import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  defaultDepositSettings,
  depositSettingsSchema,
  refundableDepositStatuses,
  type DepositSettings,
} from '../../../common/deposits.js';
import type { BookingsTable, Database } from '../../db/schema.js';

/** The statements of booking deposits (issue 36, decision 0079); deposit-service.ts decides. */

export async function readDepositSettings(
  db: Kysely<Database>,
  clientCode: string,
): Promise<{ settings: DepositSettings; version: number }> {
  const row = await db
    .selectFrom('deposit_settings')
    .select(['settings', 'version'])
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
  if (!row) return { settings: defaultDepositSettings, version: 0 };
  // Stored by this code through the same schema; a row that no longer parses asks no deposit.
  const parsed = depositSettingsSchema.safeParse(JSON.parse(row.settings));
  return { settings: parsed.success ? parsed.data : defaultDepositSettings, version: row.version };
}

/** Saves the settings if the stored version is still `version`; false when it moved on. */
export async function writeDepositSettings(
  db: Kysely<Database>,
  clientCode: string,
  settings: DepositSettings,
  version: number,
  now: Date,
): Promise<boolean> {
  const values = { settings: JSON.stringify(settings), updated_at: now.toISOString() };
  if (version === 0) {
    const inserted = await db
      .insertInto('deposit_settings')
      .values({ client_code: clientCode, ...values, version: 1 })
      .onConflict((c) => c.column('client_code').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('deposit_settings')
    .set({ ...values, version: version + 1 })
    .where('client_code', '=', clientCode)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export type DepositBookingRow = Selectable<BookingsTable>;

/**
 * A booking with a deposit, locked for this transaction (an UPDATE that changes nothing takes
 * PostgreSQL's row lock; SQLite has one writer), then read again under the lock.
 */
export async function lockDepositBooking(
  trx: Transaction<Database>,
  clientCode: string,
  bookingId: number,
): Promise<DepositBookingRow | undefined> {
  const touched = await trx
    .updateTable('bookings')
    .set((eb) => ({ deposit_pence: eb.ref('deposit_pence') }))
    .where('id', '=', bookingId)
    .where('client_code', '=', clientCode)
    .where('deposit_status', 'is not', null)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return trx.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirst();
}

export async function recordDepositSession(
  db: Kysely<Database>,
  bookingId: number,
  session: { id: string; url: string },
): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ deposit_session_id: session.id, deposit_url: session.url })
    .where('id', '=', bookingId)
    .execute();
}

/** Changes the deposit's status only from `from` (so two paths cannot both settle it). */
export async function moveDepositStatus(
  db: Kysely<Database>,
  bookingId: number,
  from: readonly string[],
  to: string,
  intentId?: string | null,
): Promise<boolean> {
  const updated = await db
    .updateTable('bookings')
    .set({ deposit_status: to, ...(intentId ? { deposit_intent_id: intentId } : {}) })
    .where('id', '=', bookingId)
    .where('deposit_status', 'in', [...from])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Releases a deposit hold at once (Stripe could not make the payment page). */
export async function releaseDepositHold(
  db: Kysely<Database>,
  bookingId: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('bookings')
    .set({
      status: 'cancelled',
      cancelled_at: now.toISOString(),
      cancel_reason: 'Card payment could not be started',
    })
    .where('id', '=', bookingId)
    .where('status', '=', 'pending')
    .execute();
}

/** A booking's deposit as the refund needs it. */
export async function readBookingDeposit(
  db: Kysely<Database>,
  clientCode: string,
  bookingId: number,
) {
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'reference',
      'deposit_pence',
      'deposit_status',
      'deposit_intent_id',
      'deposit_refunded_pence',
      'customer_name',
      'customer_email',
    ])
    .where('id', '=', bookingId)
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
}

/**
 * Records a refund of the deposit: refunded goes from `refundedBefore` to `refundedAfter` only if
 * nothing was refunded meanwhile and money is still held; the whole deposit refunded is
 * `refunded`, less is `part-refunded`. False when another refund got there first.
 */
export async function addDepositRefund(
  db: Kysely<Database>,
  booking: { id: number; deposit_pence: number },
  refundedBefore: number,
  refundedAfter: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('bookings')
    .set({
      deposit_refunded_pence: refundedAfter,
      deposit_status: refundedAfter >= booking.deposit_pence ? 'refunded' : 'part-refunded',
    })
    .where('id', '=', booking.id)
    .where('deposit_refunded_pence', '=', refundedBefore)
    .where('deposit_status', 'in', [...refundableDepositStatuses])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Stripe's charge.refunded says how much of the charge is refunded in all (a refund made in the
 * dashboard, or the echo of ours): the deposit catches up to it, never goes back.
 */
export async function catchUpDepositRefunded(
  db: Kysely<Database>,
  booking: { id: number; deposit_pence: number },
  refundedInAll: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('bookings')
    .set({
      deposit_refunded_pence: refundedInAll,
      deposit_status: refundedInAll >= booking.deposit_pence ? 'refunded' : 'part-refunded',
    })
    .where('id', '=', booking.id)
    .where('deposit_refunded_pence', '<', refundedInAll)
    .where('deposit_status', 'in', [...refundableDepositStatuses, 'unpaid'])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Deposit holds whose payment page was made but whose payment Stripe has not told us about, made
 * between `since` and `olderThan`: the reconcile run asks Stripe about each. A hold that has
 * lapsed is included: a payment made then is refunded, not kept without a booking.
 */
export async function listUnsettledDepositSessions(
  db: Kysely<Database>,
  olderThan: Date,
  since: Date,
): Promise<Array<{ id: number; client_code: string; deposit_session_id: string }>> {
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'client_code', 'deposit_session_id'])
    .where('deposit_status', '=', 'unpaid')
    .where('deposit_session_id', 'is not', null)
    .where('created_at', '<=', olderThan.toISOString())
    .where('created_at', '>=', since.toISOString())
    .orderBy('id')
    .execute();
  return rows.flatMap((row) =>
    row.deposit_session_id
      ? [{ id: row.id, client_code: row.client_code, deposit_session_id: row.deposit_session_id }]
      : [],
  );
}
