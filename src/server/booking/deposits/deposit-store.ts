import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  defaultDepositSettings,
  depositSettingsSchema,
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

/** Records the event once for the booking: false when this client already has it. */
export async function insertDepositEventOnce(
  trx: Transaction<Database>,
  event: { clientCode: string; eventId: string; eventType: string; bookingId: number | null },
  now: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({
      client_code: event.clientCode,
      event_id: event.eventId,
      event_type: event.eventType,
      order_id: null,
      booking_id: event.bookingId,
      received_at: now.toISOString(),
    })
    .onConflict((c) => c.columns(['client_code', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
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
    .select(['id', 'reference', 'deposit_pence', 'deposit_status', 'deposit_intent_id'])
    .where('id', '=', bookingId)
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
}
