import type { Kysely } from 'kysely';
import type { OwnerRole } from '../../common/owners.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { roleOf } from './owner-store.js';

/** The team's statements (issue 32): one client's accounts as the team screen lists them. */
type Db = Kysely<Database>;

export interface TeamRow {
  id: number;
  email: string;
  role: OwnerRole;
  staffId: number | null;
  staffName: string | null;
  hasPassword: boolean;
  disabled: boolean;
}

/** The client's accounts by address, each with the name of the staff member it is linked to. */
export async function listTeam(db: Db, clientCode: string): Promise<TeamRow[]> {
  const rows = await db
    .selectFrom('owners as o')
    .leftJoin('staff_members as s', (join) =>
      join.onRef('s.id', '=', 'o.staff_id').onRef('s.client_code', '=', 'o.client_code'),
    )
    .select(['o.id', 'o.email', 'o.role', 'o.staff_id', 'o.password_hash', 'o.disabled', 's.name'])
    .where('o.client_code', '=', clientCode)
    .orderBy('o.email')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    staffId: row.staff_id,
    staffName: row.name,
    hasPassword: row.password_hash !== null,
    disabled: Number(row.disabled) !== 0,
  }));
}

/** The client's active staff members an account can be linked to, in display order. */
export async function listStaffChoices(
  db: Db,
  clientCode: string,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('staff_members')
    .select(['id', 'name'])
    .where('client_code', '=', clientCode)
    .where('active', '=', 1)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/**
 * Owners who can sign in (enabled, with a password), other than `exceptId`. On PostgreSQL the
 * client's owner rows are locked first, so two owners disabling each other at once cannot both
 * pass this check (SQLite runs one writing transaction at a time).
 */
export async function countOtherActiveOwners(
  trx: Db,
  kind: DatabaseKind,
  clientCode: string,
  exceptId: number,
): Promise<number> {
  if (kind === 'postgres') {
    await trx
      .selectFrom('owners')
      .select('id')
      .where('client_code', '=', clientCode)
      .forUpdate()
      .execute();
  }
  const row = await trx
    .selectFrom('owners')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('client_code', '=', clientCode)
    .where('role', '=', 'owner')
    .where('disabled', '=', 0)
    .where('password_hash', 'is not', null)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setOwnerDisabled(db: Db, ownerId: number, disabled: boolean) {
  await db
    .updateTable('owners')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', ownerId)
    .execute();
}

export async function setOwnerRole(
  db: Db,
  ownerId: number,
  role: OwnerRole,
  staffId: number | null,
) {
  await db
    .updateTable('owners')
    .set({ role, staff_id: staffId })
    .where('id', '=', ownerId)
    .execute();
}

/** Ends the account's unused set-password links (a new invitation replaces them). */
export async function voidSetPasswordTokens(db: Db, ownerId: number, now: Date) {
  await db
    .updateTable('owner_tokens')
    .set({ used_at: now.toISOString() })
    .where('owner_id', '=', ownerId)
    .where('purpose', '=', 'set-password')
    .where('used_at', 'is', null)
    .execute();
}
