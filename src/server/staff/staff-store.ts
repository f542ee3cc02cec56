import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Staff members (issue 32): who they are, the treatments each performs, their weekly hours and
 * their time off. Every query about staff is here; bookings' staff are in booking/booking-store.ts.
 */

/** A weekday key as in the booking rules' weeklyHours. */
export type Weekday = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';

export interface StaffTreatment {
  treatmentId: number;
  /** Null: the treatment's own length. */
  durationMinutes: number | null;
  /** Null: the treatment's own price. */
  pricePence: number | null;
}

export interface StaffHoursSpan {
  weekday: Weekday;
  /** HH:mm, local. */
  start: string;
  end: string;
}

export type TimeOffKind = 'holiday' | 'sickness' | 'other';

export interface StaffTimeOff {
  id: number;
  /** YYYY-MM-DD, both days included. */
  from: string;
  to: string;
  kind: TimeOffKind;
  note?: string | null;
}

/** A staff member with everything booking needs to know about them. */
export interface StaffMember {
  id: number;
  name: string;
  bio: string;
  photo: string | null;
  active: boolean;
  displayOrder: number;
  /** Bumped by every owner save (the staff screen's 409 check); new members start at 1. */
  version: number;
  treatments: StaffTreatment[];
  hours: StaffHoursSpan[];
  timeOff: StaffTimeOff[];
}

/** Time off before it is stored (no id yet). */
export type NewStaffTimeOff = Omit<StaffTimeOff, 'id'>;

export type NewStaffMember = Omit<StaffMember, 'id' | 'version' | 'timeOff'> & {
  timeOff: NewStaffTimeOff[];
};

/** Adds a staff member with their treatments, hours and time off; returns the new id. */
export async function insertStaffMember(
  db: Kysely<Database>,
  clientCode: string,
  member: NewStaffMember,
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('staff_members')
    .values({
      client_code: clientCode,
      name: member.name,
      bio: member.bio,
      photo: member.photo,
      active: member.active ? 1 : 0,
      display_order: member.displayOrder,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (member.treatments.length > 0) {
    await db
      .insertInto('staff_treatments')
      .values(
        member.treatments.map((t) => ({
          client_code: clientCode,
          staff_id: id,
          treatment_id: t.treatmentId,
          duration_minutes: t.durationMinutes,
          price_pence: t.pricePence,
        })),
      )
      .execute();
  }
  if (member.hours.length > 0) {
    await db
      .insertInto('staff_hours')
      .values(
        member.hours.map((h) => ({
          client_code: clientCode,
          staff_id: id,
          weekday: h.weekday,
          start_time: h.start,
          end_time: h.end,
        })),
      )
      .execute();
  }
  for (const off of member.timeOff) await insertTimeOff(db, clientCode, id, off);
  return id;
}

/** Adds a range of time off to a staff member of the client. */
export async function insertTimeOff(
  db: Kysely<Database>,
  clientCode: string,
  staffId: number,
  off: NewStaffTimeOff,
): Promise<void> {
  await db
    .insertInto('staff_time_off')
    .values({
      client_code: clientCode,
      staff_id: staffId,
      from_date: off.from,
      to_date: off.to,
      kind: off.kind,
      note: off.note ?? null,
    })
    .execute();
}

/** Whether the client has any staff member (active or not). */
export async function clientHasStaff(db: Kysely<Database>, clientCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_members')
    .select('id')
    .where('client_code', '=', clientCode)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The client's staff members in display order (then id), each with treatments and hours, and the
 * time off that touches the dates from `from` to `to` (all of it when no dates are given).
 */
export async function listStaff(
  db: Kysely<Database>,
  clientCode: string,
  options: { activeOnly: boolean; from?: string; to?: string },
): Promise<StaffMember[]> {
  let members = db
    .selectFrom('staff_members')
    .select(['id', 'name', 'bio', 'photo', 'active', 'display_order', 'version'])
    .where('client_code', '=', clientCode);
  if (options.activeOnly) members = members.where('active', '=', 1);
  const rows = await members.orderBy('display_order').orderBy('id').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [treatments, hours] = await Promise.all([
    // In the menu's order (category, then place in it), as the staff screen lists them.
    db
      .selectFrom('staff_treatments')
      .leftJoin('treatments', (join) =>
        join
          .onRef('treatments.client_code', '=', 'staff_treatments.client_code')
          .onRef('treatments.id', '=', 'staff_treatments.treatment_id'),
      )
      .select([
        'staff_treatments.staff_id',
        'staff_treatments.treatment_id',
        'staff_treatments.duration_minutes',
        'staff_treatments.price_pence',
      ])
      .where('staff_treatments.client_code', '=', clientCode)
      .where('staff_treatments.staff_id', 'in', ids)
      .orderBy('treatments.category_id')
      .orderBy('treatments.sort_order')
      .orderBy('staff_treatments.treatment_id')
      .execute(),
    db
      .selectFrom('staff_hours')
      .select(['staff_id', 'weekday', 'start_time', 'end_time'])
      .where('client_code', '=', clientCode)
      .where('staff_id', 'in', ids)
      .orderBy('start_time')
      .execute(),
  ]);
  let offQuery = db
    .selectFrom('staff_time_off')
    .select(['id', 'staff_id', 'from_date', 'to_date', 'kind', 'note'])
    .where('client_code', '=', clientCode)
    .where('staff_id', 'in', ids);
  if (options.from) offQuery = offQuery.where('to_date', '>=', options.from);
  if (options.to) offQuery = offQuery.where('from_date', '<=', options.to);
  const timeOff = await offQuery.orderBy('from_date').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    bio: row.bio,
    photo: row.photo,
    active: row.active === 1,
    displayOrder: row.display_order,
    version: row.version,
    treatments: treatments
      .filter((t) => t.staff_id === row.id)
      .map((t) => ({
        treatmentId: t.treatment_id,
        durationMinutes: t.duration_minutes,
        pricePence: t.price_pence,
      })),
    hours: hours
      .filter((h) => h.staff_id === row.id)
      .map((h) => ({ weekday: h.weekday as Weekday, start: h.start_time, end: h.end_time })),
    timeOff: timeOff
      .filter((o) => o.staff_id === row.id)
      .map((o) => ({
        id: o.id,
        from: o.from_date,
        to: o.to_date,
        kind: o.kind as TimeOffKind,
        note: o.note,
      })),
  }));
}

/** A staff member's name (any state), or undefined when the client has no such member. */
export async function findStaffName(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff_members')
    .select('name')
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}
