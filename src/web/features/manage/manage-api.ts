import * as z from 'zod/mini';
import {
  auditListSchema,
  ownerMessages,
  ownerSchema,
  type AuditEntry,
  type OwnerView,
} from '@common/owners';
import { apiJson } from '@/lib/api-client';

/** The back office's calls to the owner API; every answer is parsed with the shared schema. */

const signedInSchema = z.object({ owner: ownerSchema });
const messageSchema = z.object({ message: z.string() });

const post = (path: string, body?: unknown, retried = false) =>
  apiJson(path, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    // A failed sign-in answers 401 too: that is the form's error, not the 401 rule's sign-out.
    retried,
  });

export async function signIn(email: string, password: string): Promise<OwnerView> {
  return signedInSchema.parse(await post('/api/owner/login', { email, password }, true)).owner;
}

export async function setPassword(token: string, password: string): Promise<OwnerView> {
  return signedInSchema.parse(await post('/api/owner/set-password', { token, password }, true))
    .owner;
}

export async function requestReset(email: string): Promise<string> {
  const answer = messageSchema.safeParse(await post('/api/owner/reset-request', { email }));
  return answer.success ? answer.data.message : ownerMessages.resetRequested;
}

export async function signOut(): Promise<void> {
  await post('/api/owner/logout', undefined, true).catch(() => undefined);
}

export async function signOutEverywhere(): Promise<void> {
  await post('/api/owner/logout-everywhere');
}

export const meQueryKey = ['manage', 'me'] as const;
export async function fetchMe(): Promise<OwnerView> {
  return ownerSchema.parse(await apiJson('/api/manage/me'));
}

export const auditQueryKey = ['manage', 'audit'] as const;
export async function fetchAudit(): Promise<AuditEntry[]> {
  return auditListSchema.parse(await apiJson('/api/manage/audit?limit=100')).entries;
}
