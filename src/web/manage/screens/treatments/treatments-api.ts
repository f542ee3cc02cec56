import type { ManageMenu, TreatmentInput } from '@common/diary';
import { typed } from '@/manage/shared/booking-queries';

/** The menu's changes: categories and treatments, their order, and what is offered. */

export { fetchMenu, menuQueryKey } from '@/manage/shared/booking-queries';

/** Every menu change answers the whole menu again. */
export async function changeMenu(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<ManageMenu> {
  return typed(`/api/manage/${path}`, { method, body: JSON.stringify(body) });
}

export type { TreatmentInput };
