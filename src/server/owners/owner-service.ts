import { insertAudit } from '../audit/audit-store.js';
import type { Kysely } from 'kysely';
import { doAndTakeBack, inTransaction } from '../db/transaction.js';
import type { ClientConfig } from '../../common/client-config.js';
import { ownerMessages } from '../../common/owners.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { deviceProof, isKnownDevice } from './known-device.js';
import { renderResetEmail, renderSignInSlowedEmail } from './owner-emails.js';
import {
  countTokensSince,
  createSession,
  deleteExpiredSessions,
  deleteOwnerSessions,
  findOwnerByEmail,
  findOwnerById,
  insertOneTimeToken,
  newSecret,
  normaliseEmail,
  setOwnerPassword,
  useOneTimeToken,
  type OwnerAccount,
} from './owner-store.js';
import {
  defaultScryptCost,
  hashPassword,
  needsRehash,
  verifyAgainstNothing,
  verifyPassword,
  type ScryptCost,
} from './password-hash.js';
import { passwordProblem } from './password-rules.js';
import { startsWaiting, type SignInThrottle } from './sign-in-throttle.js';

export const setPasswordLinkValidMs = 24 * 60 * 60_000;
export const resetLinkValidMs = 60 * 60_000;

export interface SignInThrottles {
  /** The visitor's address with the account: the delay one attacker meets. */
  addressAccount: SignInThrottle;
  /** The visitor's address across accounts. */
  address: SignInThrottle;
  /** The account, for devices that never signed in to it: guessing spread over many addresses. */
  account: SignInThrottle;
}

export interface SignInContext {
  db: Kysely<Database>;
  client: ClientConfig;
  throttles: SignInThrottles;
  sessionMaxMs: number;
  /** The visitor's address, for the per-address throttle and the audit line. */
  address: string;
  /** The request's Cookie header: a known-device cookie there skips the account-wide wait. */
  cookieHeader: string | undefined;
  production: boolean;
  /** The hash cost owner passwords should have (password-hash.ts's default unless a test). */
  passwordCost?: ScryptCost | undefined;
  /** For the e-mail that tells the owner sign-ins are being slowed. */
  mailFrom: string;
  /** The site's origin, for the reset link in that e-mail (site-origin.ts). */
  origin: string;
  now?: Date;
}

export interface SignedIn {
  owner: OwnerAccount;
  token: string;
  /** The known-device proof for this browser's cookie (known-device.ts). */
  deviceProof: string;
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

const accountKeyOf = (client: ClientConfig, email: string) =>
  `${client.name}:${normaliseEmail(email)}`;

/**
 * Signs an owner in to the request's client: the account must belong to this client, be enabled
 * and have a password that matches. Every failure is the same 401 message, with the same work
 * done whether or not the address has an account. Failures count against the address with the
 * account, the address, and the account; after a few each waits longer before the next attempt
 * is looked at. A device that has signed in to the account before waits only for its own
 * address's failures on it, so strangers' failures never lock the owner out
 * (docs/decisions/0049-sign-in-throttle.md). A hash made with an older, lower cost is re-made.
 */
export async function signIn(
  context: SignInContext,
  input: { email: string; password: string },
): Promise<SignedIn> {
  const { db, client, throttles, address } = context;
  const now = context.now ?? new Date();
  const cost = context.passwordCost ?? defaultScryptCost;
  const accountKey = accountKeyOf(client, input.email);
  const addressAccountKey = `${address}|${accountKey}`;
  const owner = await findOwnerByEmail(db, client.name, input.email);
  const storedHash = owner && !owner.disabled ? owner.passwordHash : null;
  const knownDevice =
    owner !== undefined &&
    storedHash !== null &&
    isKnownDevice(context.cookieHeader, context.production, {
      id: owner.id,
      passwordHash: storedHash,
    });
  const waits = await Promise.all([
    throttles.addressAccount.waitMs(addressAccountKey),
    ...(knownDevice
      ? []
      : [throttles.address.waitMs(address), throttles.account.waitMs(accountKey)]),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) throw new SignInThrottled(Math.ceil(wait / 1000));

  const matches = storedHash
    ? await verifyPassword(input.password, storedHash)
    : await verifyAgainstNothing(input.password, cost);
  if (!owner || !storedHash || !matches) {
    await throttles.addressAccount.recordFailure(addressAccountKey);
    await throttles.address.recordFailure(address);
    const accountFailures = await throttles.account.recordFailure(accountKey);
    if (owner) {
      await recordFailedSignIn(context, owner, accountFailures, now);
    }
    throw new AppError(401, ownerMessages.signInFailed);
  }
  await throttles.addressAccount.recordSuccess(addressAccountKey);
  // A known device's success leaves the account-wide count: strangers keep their wait.
  if (!knownDevice) await throttles.account.recordSuccess(accountKey);
  let passwordHash = storedHash;
  if (needsRehash(storedHash, cost)) {
    passwordHash = await hashPassword(input.password, cost);
    await setOwnerPassword(db, owner.id, passwordHash);
  }
  // Sign-ins are rare: a good moment to drop sessions that can no longer be used.
  await deleteExpiredSessions(db, now);
  const token = await createSession(db, owner.id, context.sessionMaxMs, now);
  await insertAudit(
    db,
    {
      clientCode: client.name,
      ownerId: owner.id,
      action: 'signed-in',
      detail: {
        address,
        ...(knownDevice ? { knownDevice } : {}),
        ...(passwordHash !== storedHash ? { passwordHashUpgraded: true } : {}),
      },
    },
    now,
  );
  return {
    owner: { ...owner, passwordHash },
    token,
    deviceProof: deviceProof(owner.id, passwordHash),
  };
}

/**
 * The audit line of a failed sign-in; when the failure starts the account-wide wait, also the
 * e-mail that tells the owner (once per wave: the count is forgotten a day after the last one).
 */
async function recordFailedSignIn(
  context: SignInContext,
  owner: OwnerAccount,
  accountFailures: number,
  now: Date,
): Promise<void> {
  const { db, client, address } = context;
  const audit = { clientCode: client.name, ownerId: owner.id };
  if (!startsWaiting(accountFailures, context.throttles.account.policy)) {
    await insertAudit(db, { ...audit, action: 'sign-in-failed', detail: { address } }, now);
    return;
  }
  const resetLink = `${context.origin}/login/reset`;
  await inTransaction(db, async (trx) => {
    await insertAudit(trx, { ...audit, action: 'sign-in-failed', detail: { address } }, now);
    await insertAudit(
      trx,
      { ...audit, action: 'sign-in-slowed', detail: { failures: accountFailures } },
      now,
    );
    await enqueueMessage(
      trx,
      renderSignInSlowedEmail(
        client,
        owner.email,
        { failures: accountFailures, resetLink },
        context.mailFrom,
      ),
      now,
    );
  });
}

/**
 * Sets a password with the token of a set-password or reset link, for the request's client. The
 * password is checked before the token is used, so a refused password leaves the link working.
 * Every other session of the account ends; the owner is signed in with a new one, on a device
 * that is now known, and the account's sign-in waits are cleared: a reset always lets the owner
 * back in.
 */
export async function setPasswordWithToken(
  context: {
    db: Kysely<Database>;
    client: ClientConfig;
    sessionMaxMs: number;
    throttles: SignInThrottles;
    address: string;
    passwordCost?: ScryptCost | undefined;
    now?: Date;
  },
  input: { token: string; password: string },
): Promise<SignedIn> {
  const { db, client } = context;
  const now = context.now ?? new Date();
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError(400, problem);
  const passwordHash = await hashPassword(input.password, context.passwordCost);
  const ownerId = await useOneTimeToken(db, input.token, now);
  const owner = ownerId === undefined ? undefined : await findOwnerById(db, ownerId);
  // A link made for another client's account does not work on this client's site.
  if (!owner || owner.clientCode !== client.name || owner.disabled) {
    throw new AppError(400, ownerMessages.badToken);
  }
  await setOwnerPassword(db, owner.id, passwordHash);
  const accountKey = accountKeyOf(client, owner.email);
  await context.throttles.account.recordSuccess(accountKey);
  await context.throttles.addressAccount.recordSuccess(`${context.address}|${accountKey}`);
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
  return {
    owner: { ...owner, passwordHash },
    token,
    deviceProof: deviceProof(owner.id, passwordHash),
  };
}

/** Reset e-mails one account may be sent per hour; more requests are answered alike, unsent. */
export const resetEmailsPerAccountPerHour = 3;

/**
 * Sends a reset link when the address has an enabled account with this client and fewer than
 * `resetEmailsPerAccountPerHour` were sent in the last hour; says nothing either way (the route
 * answers the same whatever happens here). The work is the same whatever the address: one
 * look-up, one count, a link made and rendered, one transaction with an audit line, so the
 * answer's time does not tell which addresses have accounts. Without a link to send, the
 * e-mail is still written and then rolled back to a savepoint.
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
  const found = await findOwnerByEmail(db, client.name, email);
  const owner = found && !found.disabled ? found : undefined;
  // Id 0 is no account's: the count runs, and finds nothing, for an unknown address too.
  const sentLastHour = await countTokensSince(
    db,
    owner?.id ?? 0,
    'reset',
    new Date(now.getTime() - 60 * 60_000),
  );
  const send = owner !== undefined && sentLastHour < resetEmailsPerAccountPerHour;
  const token = newSecret();
  const link = `${context.origin}/login/reset?token=${token}`;
  const message = renderResetEmail(client, owner?.email ?? email, link, context.mailFrom);
  await inTransaction(db, async (trx) => {
    if (send) {
      await insertOneTimeToken(trx, token, owner.id, 'reset', resetLinkValidMs, now);
      await enqueueMessage(trx, message, now);
    } else {
      // The same write as a sent link's e-mail, taken back: the database does the same work.
      await doAndTakeBack(trx, () => enqueueMessage(trx, message, now));
    }
    const action = !owner
      ? 'password-reset-unknown-address'
      : send
        ? 'password-reset-requested'
        : 'password-reset-capped';
    await insertAudit(
      trx,
      { clientCode: client.name, ownerId: owner?.id ?? null, action, detail: {} },
      now,
    );
  });
}
