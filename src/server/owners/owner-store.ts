import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OwnerRole } from '../../common/owners.js';
import type { Database } from '../db/schema.js';

/**
 * Owner accounts, sessions and one-time tokens (the audit trail: audit/audit-store.ts). Secrets (session tokens, link
 * tokens) are random 32-byte values that only the owner holds; the tables keep their SHA-256.
 */
type Db = Kysely<Database>;

export interface OwnerAccount {
  id: number;
  clientCode: string;
  email: string;
  passwordHash: string | null;
  disabled: boolean;
  createdAt: string;
  /** What the account may do (staff-permissions.ts); an unknown stored value reads as staff. */
  role: OwnerRole;
  /** The staff member this account is, if any. */
  staffId: number | null;
}

export type TokenPurpose = 'set-password' | 'reset';

const iso = (date: Date) => date.toISOString();

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const ownerColumns = [
  'id',
  'client_code',
  'email',
  'password_hash',
  'disabled',
  'created_at',
  'role',
  'staff_id',
] as const;

/** Deny by default: only the stored word 'owner' is an owner. */
export const roleOf = (stored: string): OwnerRole => (stored === 'owner' ? 'owner' : 'staff');

function toAccount(row: {
  id: number;
  client_code: string;
  email: string;
  password_hash: string | null;
  disabled: number;
  created_at: string;
  role: string;
  staff_id: number | null;
}): OwnerAccount {
  return {
    id: row.id,
    clientCode: row.client_code,
    email: row.email,
    passwordHash: row.password_hash,
    disabled: Number(row.disabled) !== 0,
    createdAt: row.created_at,
    role: roleOf(row.role),
    staffId: row.staff_id,
  };
}

/**
 * A new account without a password (an owner unless `access` says otherwise); undefined when the
 * client already has that address.
 */
export async function createOwner(
  db: Db,
  clientCode: string,
  email: string,
  now = new Date(),
  access: { role: OwnerRole; staffId: number | null } = { role: 'owner', staffId: null },
): Promise<OwnerAccount | undefined> {
  const row = await db
    .insertInto('owners')
    .values({
      client_code: clientCode,
      email: normaliseEmail(email),
      password_hash: null,
      created_at: iso(now),
      disabled: 0,
      role: access.role,
      staff_id: access.staffId,
    })
    .onConflict((oc) => oc.columns(['client_code', 'email']).doNothing())
    .returning(ownerColumns)
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findOwnerByEmail(
  db: Db,
  clientCode: string,
  email: string,
): Promise<OwnerAccount | undefined> {
  const row = await db
    .selectFrom('owners')
    .select(ownerColumns)
    .where('client_code', '=', clientCode)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row && toAccount(row);
}

/** Every account, or one client's, by client then address. */
export async function listOwners(db: Db, clientCode?: string): Promise<OwnerAccount[]> {
  let query = db.selectFrom('owners').select(ownerColumns);
  if (clientCode) query = query.where('client_code', '=', clientCode);
  const rows = await query.orderBy('client_code').orderBy('email').execute();
  return rows.map(toAccount);
}

/** Removes the account with its sessions and tokens (foreign keys cascade); its audit rows stay. */
export async function removeOwner(db: Db, clientCode: string, email: string): Promise<boolean> {
  const owner = await findOwnerByEmail(db, clientCode, email);
  if (!owner) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('owner_sessions').where('owner_id', '=', owner.id).execute();
    await trx.deleteFrom('owner_tokens').where('owner_id', '=', owner.id).execute();
    await trx.deleteFrom('owners').where('id', '=', owner.id).execute();
  });
  return true;
}

export async function setOwnerPassword(db: Db, ownerId: number, passwordHash: string) {
  await db
    .updateTable('owners')
    .set({ password_hash: passwordHash })
    .where('id', '=', ownerId)
    .execute();
}

/** A one-time token for a set-password or reset link; the token is returned once, here. */
export async function createOneTimeToken(
  db: Db,
  ownerId: number,
  purpose: TokenPurpose,
  validForMs: number,
  now = new Date(),
): Promise<string> {
  const token = newSecret();
  await insertOneTimeToken(db, token, ownerId, purpose, validForMs, now);
  return token;
}

/** Stores a one-time token made by the caller (newSecret), by its hash. */
export async function insertOneTimeToken(
  db: Db,
  token: string,
  ownerId: number,
  purpose: TokenPurpose,
  validForMs: number,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('owner_tokens')
    .values({
      token_hash: hashSecret(token),
      owner_id: ownerId,
      purpose,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + validForMs)),
      used_at: null,
    })
    .execute();
}

/** How many tokens of this purpose the account was given since `since` (the reset cap). */
export async function countTokensSince(
  db: Db,
  ownerId: number,
  purpose: TokenPurpose,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('owner_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', iso(since))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Uses a one-time token: marks it used in the same statement that checks it is unused and
 * unexpired, so two requests with one token cannot both succeed. Gives the owner's id.
 */
export async function useOneTimeToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<number | undefined> {
  const row = await db
    .updateTable('owner_tokens')
    .set({ used_at: iso(now) })
    .where('token_hash', '=', hashSecret(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .returning('owner_id')
    .executeTakeFirst();
  return row?.owner_id;
}

export async function findOwnerById(db: Db, id: number): Promise<OwnerAccount | undefined> {
  const row = await db
    .selectFrom('owners')
    .select(ownerColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function createSession(
  db: Db,
  ownerId: number,
  maxMs: number,
  now = new Date(),
): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('owner_sessions')
    .values({
      token_hash: hashSecret(token),
      owner_id: ownerId,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(new Date(now.getTime() + maxMs)),
    })
    .execute();
  return token;
}

/** Writing last_seen_at on every request would make each read a write; once a minute is enough. */
const touchAfterMs = 60_000;

/**
 * The account behind a session token, when the session is within both expiries and the account
 * may sign in; moves the idle expiry on.
 */
export async function findSessionOwner(
  db: Db,
  token: string,
  idleMs: number,
  now = new Date(),
): Promise<OwnerAccount | undefined> {
  const tokenHash = hashSecret(token);
  const row = await db
    .selectFrom('owner_sessions as s')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .select([
      'o.id',
      'o.client_code',
      'o.email',
      'o.password_hash',
      'o.disabled',
      'o.created_at',
      'o.role',
      'o.staff_id',
      's.last_seen_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', iso(now))
    .where('s.last_seen_at', '>', iso(new Date(now.getTime() - idleMs)))
    .executeTakeFirst();
  if (!row || Number(row.disabled) !== 0) return undefined;
  if (now.getTime() - Date.parse(row.last_seen_at) > touchAfterMs) {
    await db
      .updateTable('owner_sessions')
      .set({ last_seen_at: iso(now) })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return toAccount(row);
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('owner_sessions').where('token_hash', '=', hashSecret(token)).execute();
}

/** Ends every session of the account; gives how many there were. */
export async function deleteOwnerSessions(db: Db, ownerId: number): Promise<number> {
  const result = await db
    .deleteFrom('owner_sessions')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops sessions past their absolute expiry (sign-in calls it now and then). */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('owner_sessions').where('expires_at', '<=', iso(now)).execute();
}
