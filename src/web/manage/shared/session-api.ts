import * as z from 'zod/mini';
import { ownerSchema, type OwnerView } from '@common/owners';
import { apiJson } from '@/lib/api-client';

/**
 * The owner's session, which the shell and several screens share: who is signed in, signing
 * out, and the POST every owner-API call makes. Each screen's own calls live beside the screen;
 * every answer is parsed with the shared schema.
 */

export const ownerPost = (path: string, body?: unknown, retried = false) =>
  apiJson(path, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    // A failed sign-in answers 401 too: that is the form's error, not the 401 rule's sign-out.
    retried,
  });

export async function signOut(): Promise<void> {
  await ownerPost('/api/owner/logout', undefined, true).catch(() => undefined);
}

export const meQueryKey = ['manage', 'me'] as const;
export async function fetchMe(): Promise<OwnerView> {
  return ownerSchema.parse(await apiJson('/api/manage/me'));
}

export const signedInSchema = z.object({ owner: ownerSchema });

/** /login and the sign-in-again dialog (an ended session during an edit) both sign in here. */
export async function signIn(email: string, password: string): Promise<OwnerView> {
  return signedInSchema.parse(await ownerPost('/api/owner/login', { email, password }, true)).owner;
}
