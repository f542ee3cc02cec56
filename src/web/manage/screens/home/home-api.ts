import { ownerPost } from '@/manage/shared/session-api';

/** Ends every session of this owner, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await ownerPost('/api/manage/logout-everywhere');
}
