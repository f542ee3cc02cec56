import type { Kysely } from 'kysely';
import {
  staffWeekdays,
  type ManagedStaffMember,
  type StaffFields,
  type StaffHours,
  type StaffTimeOffRequest,
  type TimeOffKind,
} from '../../common/manage-staff.js';
import type { Database } from '../db/schema.js';
import { listStaff } from './staff-store.js';

/**
 * The owner's side of the staff tables (issue 32): every member with their version and their
 * time off by id, and the writes the staff screen makes. Prices are stored in pence and answered
 * in pounds, as the treatments are (booking/diary/menu-store.ts). Every statement names the
 * owner's client, so another client's id finds nothing.
 */

const toPence = (pounds: number | null) => (pounds === null ? null : Math.round(pounds * 100));

/**
 * Every staff member of the client (active or not) in display order, then id, as the staff
 * screen shows them: read by the one staff query (staff-store.ts's listStaff), then put in the
 * screen's shape (hours by weekday, prices in pounds).
 */
export async function listManagedStaff(
  db: Kysely<Database>,
  clientCode: string,
): Promise<ManagedStaffMember[]> {
  const members = await listStaff(db, clientCode, { activeOnly: false });
  return members.map((member) => {
    const week = Object.fromEntries(staffWeekdays.map((day) => [day, []])) as unknown as StaffHours;
    for (const span of member.hours)
      week[span.weekday as keyof StaffHours]?.push({ start: span.start, end: span.end });
    return {
      id: member.id,
      name: member.name,
      bio: member.bio,
      photo: member.photo,
      active: member.active,
      displayOrder: member.displayOrder,
      version: member.version,
      treatments: member.treatments.map((t) => ({
        treatmentId: t.treatmentId,
        duration: t.durationMinutes,
        price: t.pricePence === null ? null : t.pricePence / 100,
      })),
      hours: week,
      timeOff: member.timeOff.map((off) => ({
        id: off.id,
        from: off.from,
        to: off.to,
        kind: off.kind as TimeOffKind,
        note: off.note ?? '',
      })),
    };
  });
}

/** The client's staff ids in display order. */
export async function staffIdsInOrder(db: Kysely<Database>, clientCode: string): Promise<number[]> {
  const rows = await db
    .selectFrom('staff_members')
    .select('id')
    .where('client_code', '=', clientCode)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Which of `ids` are treatments of the client (active or not). */
export async function ownTreatmentIds(
  db: Kysely<Database>,
  clientCode: string,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('treatments')
    .select('id')
    .where('client_code', '=', clientCode)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Replaces a member's treatments and hours with the fields'. */
async function replaceTreatmentsAndHours(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  fields: Pick<StaffFields, 'treatments' | 'hours'>,
): Promise<void> {
  await db
    .deleteFrom('staff_treatments')
    .where('client_code', '=', clientCode)
    .where('staff_id', '=', id)
    .execute();
  await db
    .deleteFrom('staff_hours')
    .where('client_code', '=', clientCode)
    .where('staff_id', '=', id)
    .execute();
  if (fields.treatments.length > 0) {
    await db
      .insertInto('staff_treatments')
      .values(
        fields.treatments.map((t) => ({
          client_code: clientCode,
          staff_id: id,
          treatment_id: t.treatmentId,
          duration_minutes: t.duration,
          price_pence: toPence(t.price),
        })),
      )
      .execute();
  }
  const spans = staffWeekdays.flatMap((day) =>
    [...fields.hours[day]]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((span) => ({
        client_code: clientCode,
        staff_id: id,
        weekday: day,
        start_time: span.start,
        end_time: span.end,
      })),
  );
  if (spans.length > 0) await db.insertInto('staff_hours').values(spans).execute();
}

/** Adds a member after the others; returns the new id. */
export async function insertManagedStaff(
  db: Kysely<Database>,
  clientCode: string,
  fields: StaffFields,
  now: Date,
): Promise<number> {
  const last = await db
    .selectFrom('staff_members')
    .select(({ fn }) => fn.max<number | null>('display_order').as('max'))
    .where('client_code', '=', clientCode)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('staff_members')
    .values({
      client_code: clientCode,
      name: fields.name,
      bio: fields.bio,
      photo: fields.photo,
      active: fields.active ? 1 : 0,
      display_order: (last.max ?? 0) + 1,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceTreatmentsAndHours(db, clientCode, id, fields);
  return id;
}

/**
 * Saves a member's fields if they are still at `version` (the version goes up by one); false when
 * the client has no such member or someone saved since.
 */
export async function updateManagedStaff(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  version: number,
  fields: StaffFields,
): Promise<boolean> {
  const updated = await db
    .updateTable('staff_members')
    .set((eb) => ({
      name: fields.name,
      bio: fields.bio,
      photo: fields.photo,
      active: fields.active ? 1 : 0,
      version: eb('version', '+', 1),
    }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await replaceTreatmentsAndHours(db, clientCode, id, fields);
  return true;
}

/** Marks a member active or not (a new version); false when the client has no such member. */
export async function setManagedStaffActive(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  active: boolean,
): Promise<boolean> {
  const updated = await db
    .updateTable('staff_members')
    .set((eb) => ({ active: active ? 1 : 0, version: eb('version', '+', 1) }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Numbers the members 1, 2, 3 … in the order of `ids` (every id of the client, once). */
export async function setStaffOrder(
  db: Kysely<Database>,
  clientCode: string,
  ids: number[],
): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('staff_members')
      .set({ display_order: index + 1 })
      .where('client_code', '=', clientCode)
      .where('id', '=', id)
      .execute();
  }
}

/** Adds a range of time off; returns its id. */
export async function insertManagedTimeOff(
  db: Kysely<Database>,
  clientCode: string,
  staffId: number,
  off: StaffTimeOffRequest,
): Promise<number> {
  const { id } = await db
    .insertInto('staff_time_off')
    .values({
      client_code: clientCode,
      staff_id: staffId,
      from_date: off.from,
      to_date: off.to,
      kind: off.kind,
      note: off.note === '' ? null : off.note,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Removes one range of a member's time off; false when there is no such range. */
export async function deleteManagedTimeOff(
  db: Kysely<Database>,
  clientCode: string,
  staffId: number,
  timeOffId: number,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('staff_time_off')
    .where('client_code', '=', clientCode)
    .where('staff_id', '=', staffId)
    .where('id', '=', timeOffId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
