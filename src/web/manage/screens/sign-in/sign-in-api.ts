import * as z from 'zod/mini';
import { ownerMessages, type OwnerView } from '@common/owners';
import { ownerPost, signedInSchema } from '@/manage/shared/session-api';

/** Signing in, setting a password and asking for a reset link; answers parsed with the schema. */

const messageSchema = z.object({ message: z.string() });

export { signIn } from '@/manage/shared/session-api';

export async function setPassword(token: string, password: string): Promise<OwnerView> {
  return signedInSchema.parse(await ownerPost('/api/owner/set-password', { token, password }, true))
    .owner;
}

export async function requestReset(email: string): Promise<string> {
  const answer = messageSchema.safeParse(await ownerPost('/api/owner/reset-request', { email }));
  return answer.success ? answer.data.message : ownerMessages.resetRequested;
}
