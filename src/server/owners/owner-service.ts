import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import { ownerMessages } from '../../common/owners.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { renderResetEmail } from './owner-emails.js';
import {
  createOneTimeToken,
  createSession,
  deleteExpiredSessions,
  deleteOwnerSessions,
  findOwnerByEmail,
  findOwnerById,
  insertAudit,
  normaliseEmail,
  setOwnerPassword,
  useOneTimeToken,
  type OwnerAccount,
} from './owner-store.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password-hash.js';
import { passwordProblem } from './password-rules.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export const setPasswordLinkValidMs = 24 * 60 * 60_000;
export const resetLinkValidMs = 60 * 60_000;

export interface SignInThrottles {
  account: SignInThrottle;
  address: SignInThrottle;
}

export interface SignInContext {
  db: Kysely<Database>;
  client: ClientConfig;
  throttles: SignInThrottles;
  sessionMaxMs: number;
  /** The visitor's address, for the per-address throttle and the audit line. */
  address: string;
  now?: Date;
}

export interface SignedIn {
  owner: OwnerAccount;
  token: string;
}

/** A sign-in refused while its account or address waits; the route adds Retry-After. */
export class SignInThrottled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const wait =
      retryAfterSeconds < 120
        ? `${retryAfterSeconds} seconds`
        : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
    super(429, `Too many sign-in attempts. Please wait ${wait} and try again.`);
  }
}

/**
 * Signs an owner in to the request's client: the account must belong to this client, be enabled
 * and have a password that matches. Every failure is the same 401 message, with the same work
 * done whether or not the address has an account; failures count against the account and the
 * address, and after a few each waits longer before the next attempt is looked at.
 */
export async function signIn(
  context: SignInContext,
  input: { email: string; password: string },
): Promise<SignedIn> {
  const { db, client, throttles, address } = context;
  const now = context.now ?? new Date();
  const accountKey = `${client.name}:${normaliseEmail(input.email)}`;
  const wait = Math.max(
    await throttles.account.waitMs(accountKey),
    await throttles.address.waitMs(address),
  );
  if (wait > 0) throw new SignInThrottled(Math.ceil(wait / 1000));

  const owner = await findOwnerByEmail(db, client.name, input.email);
  const usable = owner && !owner.disabled && owner.passwordHash;
  const matches = usable
    ? await verifyPassword(input.password, owner.passwordHash ?? '')
    : await verifyAgainstNothing(input.password);
  if (!owner || !matches) {
    await throttles.account.recordFailure(accountKey);
    await throttles.address.recordFailure(address);
    if (owner) {
      await insertAudit(
        db,
        {
          clientCode: client.name,
          ownerId: owner.id,
          action: 'sign-in-failed',
          detail: { address },
        },
        now,
      );
    }
    throw new AppError(401, ownerMessages.signInFailed);
  }
  await throttles.account.recordSuccess(accountKey);
  // Sign-ins are rare: a good moment to drop sessions that can no longer be used.
  await deleteExpiredSessions(db, now);
  const token = await createSession(db, owner.id, context.sessionMaxMs, now);
  await insertAudit(
    db,
    { clientCode: client.name, ownerId: owner.id, action: 'signed-in', detail: { address } },
    now,
  );
  return { owner, token };
}

/**
 * Sets a password with the token of a set-password or reset link, for the request's client. The
 * password is checked before the token is used, so a refused password leaves the link working.
 * Every other session of the account ends; the owner is signed in with a new one.
 */
export async function setPasswordWithToken(
  context: { db: Kysely<Database>; client: ClientConfig; sessionMaxMs: number; now?: Date },
  input: { token: string; password: string },
): Promise<SignedIn> {
  const { db, client } = context;
  const now = context.now ?? new Date();
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError(400, problem);
  const passwordHash = await hashPassword(input.password);
  const ownerId = await useOneTimeToken(db, input.token, now);
  const owner = ownerId === undefined ? undefined : await findOwnerById(db, ownerId);
  // A link made for another client's account does not work on this client's site.
  if (!owner || owner.clientCode !== client.name || owner.disabled) {
    throw new AppError(400, ownerMessages.badToken);
  }
  await setOwnerPassword(db, owner.id, passwordHash);
  const endedSessions = await deleteOwnerSessions(db, owner.id);
  const token = await createSession(db, owner.id, context.sessionMaxMs, now);
  await insertAudit(
    db,
    {
      clientCode: client.name,
      ownerId: owner.id,
      action: 'password-set',
      detail: { endedSessions },
    },
    now,
  );
  return { owner: { ...owner, passwordHash }, token };
}

/**
 * Sends a reset link when the address has an enabled account with this client; says nothing
 * either way (the route answers the same whatever happens here).
 */
export async function requestPasswordReset(
  context: {
    db: Kysely<Database>;
    client: ClientConfig;
    mailFrom: string;
    /** The site's origin for the link (site-origin.ts). */
    origin: string;
    now?: Date;
  },
  email: string,
): Promise<void> {
  const { db, client } = context;
  const now = context.now ?? new Date();
  const owner = await findOwnerByEmail(db, client.name, email);
  if (!owner || owner.disabled) return;
  await db.transaction().execute(async (trx) => {
    const token = await createOneTimeToken(trx, owner.id, 'reset', resetLinkValidMs, now);
    const link = `${context.origin}/login/reset?token=${token}`;
    await enqueueMessage(trx, renderResetEmail(client, owner.email, link, context.mailFrom), now);
    await insertAudit(
      trx,
      {
        clientCode: client.name,
        ownerId: owner.id,
        action: 'password-reset-requested',
        detail: {},
      },
      now,
    );
  });
}
