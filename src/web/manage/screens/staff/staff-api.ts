import type {
  ManagedStaffList,
  ManagedStaffMember,
  StaffEdit,
  StaffFields,
  StaffTimeOffRequest,
} from '@common/manage-staff';
import { ApiError } from '@/lib/api-client';
import { typed } from '@/manage/shared/booking-queries';

/**
 * The staff screen's calls (/api/manage/staff). The answers are typed, not parsed, as the diary's
 * and the hours' are (docs/decisions/0054-back-office-answers-typed.md); the requests are checked
 * with the shared schemas by the form and again by the server.
 */

export { fetchMenu, menuQueryKey } from '@/manage/shared/booking-queries';

export const staffQueryKey = ['manage', 'staff'] as const;

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

export async function fetchStaff(): Promise<ManagedStaffMember[]> {
  return (await typed<ManagedStaffList>('/api/manage/staff')).staff;
}

/** One member as stored now (after a 409: the version someone else saved). */
export async function fetchStaffMember(id: number): Promise<ManagedStaffMember> {
  const member = (await fetchStaff()).find((m) => m.id === id);
  if (!member) throw new ApiError(404, `There is no staff member ${id} any more.`);
  return member;
}

export function addStaffMember(fields: StaffFields): Promise<ManagedStaffMember> {
  return typed('/api/manage/staff', json('POST', fields));
}

export function saveStaffMember(id: number, edit: StaffEdit): Promise<ManagedStaffMember> {
  return typed(`/api/manage/staff/${id}`, json('PUT', edit));
}

export function setStaffActive(id: number, active: boolean): Promise<ManagedStaffMember> {
  return typed(`/api/manage/staff/${id}/active`, json('PUT', { active }));
}

/** Saves the order visitors see the staff in: every member's id, once. */
export async function saveStaffOrder(ids: number[]): Promise<ManagedStaffMember[]> {
  return (await typed<ManagedStaffList>('/api/manage/staff/order', json('PUT', { ids }))).staff;
}

/**
 * The one call that saves time off (the screen's TimeOffAdder is its one caller). A check of the
 * bookings the new time off covers goes before it.
 */
export function saveTimeOff(id: number, off: StaffTimeOffRequest): Promise<ManagedStaffMember> {
  return typed(`/api/manage/staff/${id}/time-off`, json('POST', off));
}

export function removeTimeOff(id: number, timeOffId: number): Promise<ManagedStaffMember> {
  return typed(`/api/manage/staff/${id}/time-off/${timeOffId}`, { method: 'DELETE' });
}
