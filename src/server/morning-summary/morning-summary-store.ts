import type { Kysely } from 'kysely';
import {
  morningSummaryDefaults,
  type MorningSummaryFields,
  type MorningSummarySetting,
} from '../../common/morning-summary.js';
import { listBookingTreatmentNames } from '../db/booking-treatment-names.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/** The owner's setting; the defaults (off, 7 o'clock) at version 0 until first saved. */
export async function getMorningSummarySetting(
  db: Db,
  ownerId: number,
): Promise<MorningSummarySetting> {
  const row = await db
    .selectFrom('morning_summary_settings')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return { ...morningSummaryDefaults, version: 0 };
  return { enabled: row.enabled === 1, sendHour: row.send_hour, version: row.version };
}

/** Stores the setting if it is still at `version` (0: never saved); false if someone was first. */
export async function saveMorningSummarySetting(
  db: Db,
  owner: { id: number; clientCode: string },
  fields: MorningSummaryFields,
  version: number,
): Promise<boolean> {
  const values = { enabled: fields.enabled ? 1 : 0, send_hour: fields.sendHour };
  if (version === 0) {
    const inserted = await db
      .insertInto('morning_summary_settings')
      .values({ owner_id: owner.id, client_code: owner.clientCode, ...values, version: 1 })
      .onConflict((oc) => oc.column('owner_id').doNothing())
      .returning('owner_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const updated = await db
    .updateTable('morning_summary_settings')
    .set({ ...values, version: version + 1 })
    .where('owner_id', '=', owner.id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export interface MorningSummaryRecipient {
  ownerId: number;
  clientCode: string;
  email: string;
  sendHour: number;
}

/** Every owner (not staff, not disabled) who has the morning e-mail on. */
export async function listMorningSummaryRecipients(db: Db): Promise<MorningSummaryRecipient[]> {
  const rows = await db
    .selectFrom('morning_summary_settings')
    .innerJoin('owners', 'owners.id', 'morning_summary_settings.owner_id')
    .select([
      'owners.id',
      'owners.client_code',
      'owners.email',
      'morning_summary_settings.send_hour',
    ])
    .where('morning_summary_settings.enabled', '=', 1)
    .where('owners.disabled', '=', 0)
    .where('owners.role', '=', 'owner')
    .orderBy('owners.id')
    .execute();
  return rows.map((r) => ({
    ownerId: r.id,
    clientCode: r.client_code,
    email: r.email,
    sendHour: r.send_hour,
  }));
}

/** Whether the outbox already has a message with this key for the client (sent or not). */
export async function outboxHasKey(db: Db, clientCode: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('client_code', '=', clientCode)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

export interface DayBooking {
  startMinute: number;
  customerName: string;
  status: string;
  staffName: string | null;
  treatments: string;
}

/** The client's bookings on `day` that take a slot (not cancelled), by time. */
export async function bookingsOfDay(
  db: Db,
  clientCode: string,
  day: string,
): Promise<DayBooking[]> {
  const rows = await db
    .selectFrom('bookings')
    .leftJoin('staff_members', 'staff_members.id', 'bookings.staff_id')
    .select([
      'bookings.id',
      'bookings.start_minute',
      'bookings.customer_name',
      'bookings.status',
      'staff_members.name as staff_name',
    ])
    .where('bookings.client_code', '=', clientCode)
    .where('bookings.booking_date', '=', day)
    .where('bookings.status', '!=', 'cancelled')
    .orderBy('bookings.start_minute')
    .orderBy('bookings.id')
    .execute();
  const names = await listBookingTreatmentNames(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    startMinute: r.start_minute,
    customerName: r.customer_name,
    status: r.status,
    staffName: r.staff_name,
    treatments: (names.get(r.id) ?? []).join(', '),
  }));
}

/** Orders nobody has acted on yet (status new). */
export async function countOrdersWaiting(db: Db, clientCode: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('client_code', '=', clientCode)
    .where('status', '=', 'new')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** E-mails the outbox gave up on (status failed), as the E-mails screen lists them. */
export async function countFailedEmails(db: Db, clientCode: string): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('client_code', '=', clientCode)
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
