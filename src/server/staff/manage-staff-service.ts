import type { ReorderRequest } from '../../common/diary.js';
import type {
  ManagedStaffList,
  ManagedStaffMember,
  StaffEdit,
  StaffFields,
  StaffTimeOffRequest,
} from '../../common/manage-staff.js';
import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { DataChanges } from '../kernel/data-changes.js';
import { AppError } from '../kernel/errors.js';
import {
  deleteManagedTimeOff,
  insertManagedStaff,
  insertManagedTimeOff,
  listManagedStaff,
  ownTreatmentIds,
  setManagedStaffActive,
  setStaffOrder,
  staffIdsInOrder,
  updateManagedStaff,
} from './manage-staff-store.js';

/**
 * The owner's staff (issue 32, docs/decisions/0057-editing-staff.md): list, add, edit with a
 * version, set active, reorder, and time off. Only for a client that takes bookings; every id is
 * the signed-in owner's client's (another client's answers 404, as an unknown one). Every write is
 * audited and announced with the full change signal: the visitors' staff list (a cached reference
 * list) and every free time and day derived from the staff drop at once.
 */
export interface StaffContext {
  db: Kysely<Database>;
  /** The signed-in owner's client (the session's, never one named in the request). */
  client: ClientConfig;
  changes: DataChanges;
  now: Date;
  /** Records an owner's action in the audit trail, as the signed-in owner. */
  audit: (action: string, detail: Record<string, unknown>) => Promise<void>;
  /** Whether `file` (`library/m-….jpeg`) is a picture of the client's library. */
  isLibraryPicture: (file: string) => Promise<boolean>;
}

/**
 * A client that does not take bookings has no staff screen: 404, in the words booking uses
 * (booking-service.ts's requireBookingEnabled; not imported, as booking/ reads staff/).
 */
function requireBookingEnabled(client: ClientConfig): void {
  if (!client.booking) {
    throw new AppError(
      404,
      `${client.title} does not take bookings online. Please contact ${client.email} to arrange an appointment.`,
    );
  }
}

export async function listStaffForOwner(context: StaffContext): Promise<ManagedStaffList> {
  requireBookingEnabled(context.client);
  return { staff: await listManagedStaff(context.db, context.client.name) };
}

async function memberOf(context: StaffContext, id: number): Promise<ManagedStaffMember> {
  const member = (await listManagedStaff(context.db, context.client.name)).find((m) => m.id === id);
  if (!member) throw new AppError(404, `There is no staff member ${id}.`);
  return member;
}

/**
 * Refuses, on their fields, treatments that are not the client's own and a photo that is not a
 * picture of its library (both pass the schema's shape check).
 */
async function checkReferences(context: StaffContext, fields: StaffFields): Promise<void> {
  const ids = fields.treatments.map((t) => t.treatmentId);
  const own = await ownTreatmentIds(context.db, context.client.name, ids);
  const issues = fields.treatments.flatMap((t, index) =>
    own.has(t.treatmentId)
      ? []
      : [
          {
            path: `treatments.${index}.treatmentId`,
            message: `There is no treatment ${t.treatmentId} on your menu`,
          },
        ],
  );
  if (fields.photo !== null && !(await context.isLibraryPicture(fields.photo))) {
    issues.push({
      path: 'photo',
      message: 'That picture is not in your library (it may have been deleted); choose another',
    });
  }
  if (issues.length > 0) {
    throw new AppError(
      400,
      `Invalid staff member: ${issues.map((i) => i.message).join('; ')}.`,
      issues,
    );
  }
}

async function changed(
  context: StaffContext,
  action: string,
  detail: Record<string, unknown>,
  id: number,
): Promise<ManagedStaffMember> {
  context.changes.clientChanged(context.client.name);
  await context.audit(action, detail);
  return memberOf(context, id);
}

export async function addStaffMember(
  context: StaffContext,
  fields: StaffFields,
): Promise<ManagedStaffMember> {
  requireBookingEnabled(context.client);
  await checkReferences(context, fields);
  const id = await inTransaction(context.db, (trx) =>
    insertManagedStaff(trx, context.client.name, fields, context.now),
  );
  return changed(context, 'staff.add', { staffId: id, name: fields.name }, id);
}

/** Saves the fields if nobody saved since `edit.version` was read; else 409 (the screen shows both). */
export async function editStaffMember(
  context: StaffContext,
  id: number,
  edit: StaffEdit,
): Promise<ManagedStaffMember> {
  requireBookingEnabled(context.client);
  const before = await memberOf(context, id);
  await checkReferences(context, edit);
  const { version, ...fields } = edit;
  const saved = await inTransaction(context.db, (trx) =>
    updateManagedStaff(trx, context.client.name, id, version, fields),
  );
  if (!saved) {
    throw new AppError(
      409,
      `Someone else changed ${before.name} since you opened them (now version ${before.version}). Compare the two versions and choose which to keep.`,
    );
  }
  return changed(
    context,
    'staff.edit',
    { staffId: id, name: fields.name, version: version + 1 },
    id,
  );
}

export async function setStaffActive(
  context: StaffContext,
  id: number,
  active: boolean,
): Promise<ManagedStaffMember> {
  requireBookingEnabled(context.client);
  if (!(await setManagedStaffActive(context.db, context.client.name, id, active))) {
    throw new AppError(404, `There is no staff member ${id}.`);
  }
  return changed(context, active ? 'staff.activate' : 'staff.deactivate', { staffId: id }, id);
}

export async function reorderStaff(
  context: StaffContext,
  request: ReorderRequest,
): Promise<ManagedStaffList> {
  requireBookingEnabled(context.client);
  const existing = await staffIdsInOrder(context.db, context.client.name);
  const same =
    request.ids.length === existing.length && existing.every((id) => request.ids.includes(id));
  if (!same) {
    throw new AppError(
      400,
      `Please list every staff member exactly once in the new order (${existing.length} staff members).`,
    );
  }
  await inTransaction(context.db, (trx) => setStaffOrder(trx, context.client.name, request.ids));
  context.changes.clientChanged(context.client.name);
  await context.audit('staff.reorder', { ids: request.ids });
  return listStaffForOwner(context);
}

/**
 * The one place time off is saved. A check of the bookings the new time off covers (issue 32:
 * list them first, offer to cancel or keep) belongs here, before the insert.
 */
export async function addStaffTimeOff(
  context: StaffContext,
  id: number,
  off: StaffTimeOffRequest,
): Promise<ManagedStaffMember> {
  requireBookingEnabled(context.client);
  await memberOf(context, id);
  const timeOffId = await insertManagedTimeOff(context.db, context.client.name, id, off);
  return changed(
    context,
    'staff.time-off.add',
    { staffId: id, timeOffId, from: off.from, to: off.to, kind: off.kind },
    id,
  );
}

export async function removeStaffTimeOff(
  context: StaffContext,
  id: number,
  timeOffId: number,
): Promise<ManagedStaffMember> {
  requireBookingEnabled(context.client);
  await memberOf(context, id);
  if (!(await deleteManagedTimeOff(context.db, context.client.name, id, timeOffId))) {
    throw new AppError(404, `There is no time off ${timeOffId} for this staff member.`);
  }
  return changed(context, 'staff.time-off.remove', { staffId: id, timeOffId }, id);
}
