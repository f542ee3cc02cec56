import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type { OwnerRole } from '../../common/owners.js';
import {
  teamMessages,
  type Team,
  type TeamInviteRequest,
  type TeamRoleRequest,
} from '../../common/team.js';
import { recordAudit } from '../audit/audit-store.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { SignedInOwner } from '../kernel/signed-in-owner.js';
import { AppError } from '../kernel/errors.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { findStaffName } from '../staff/staff-store.js';
import {
  createOwner,
  deleteOwnerSessions,
  findOwnerById,
  insertOneTimeToken,
  newSecret,
  type OwnerAccount,
} from './owner-store.js';
import { invitationValidDays, renderInvitationEmail } from './team-emails.js';
import {
  countOtherActiveOwners,
  listStaffChoices,
  listTeam,
  setOwnerDisabled,
  setOwnerRole,
  voidSetPasswordTokens,
} from './team-store.js';

/**
 * The team (issue 32): an owner invites co-owners and staff by e-mail, sends an invitation again,
 * disables or enables an account and changes its role. Never leaves a business without an owner
 * who can sign in, and never lets an owner lock themselves out. Every change is audited.
 */
export interface TeamContext {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  client: ClientConfig;
  /** The signed-in owner doing it (the guard has made sure it is an owner of `client`). */
  owner: SignedInOwner;
  mailFrom: string;
  /** The site's origin, for the invitation's link (site-origin.ts). */
  origin: string;
  now?: Date;
}

export const invitationValidMs = invitationValidDays * 24 * 60 * 60_000;

export async function getTeam(context: TeamContext): Promise<Team> {
  const { db, client, owner } = context;
  const [rows, staff] = await Promise.all([
    listTeam(db, client.name),
    listStaffChoices(db, client.name),
  ]);
  return {
    members: rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      staffId: row.staffId,
      staffName: row.staffName,
      status: row.disabled ? 'disabled' : row.hasPassword ? 'active' : 'invited',
      you: row.id === owner.id,
    })),
    staff,
  };
}

/** The staff member an account is to be linked to: only a staff account, only this client's. */
async function staffLinkOf(
  context: TeamContext,
  role: OwnerRole,
  staffId: number | null | undefined,
): Promise<number | null> {
  if (role !== 'staff' || staffId === null || staffId === undefined) return null;
  if ((await findStaffName(context.db, context.client.name, staffId)) === undefined) {
    throw new AppError(400, teamMessages.staffId, [
      { path: 'staffId', message: teamMessages.staffId },
    ]);
  }
  return staffId;
}

/** An account of this client's team, or 404 (another client's id answers as an unknown one). */
async function memberOf(context: TeamContext, id: number): Promise<OwnerAccount> {
  const account = await findOwnerById(context.db, id);
  if (!account || account.clientCode !== context.client.name) {
    throw new AppError(404, teamMessages.notFound);
  }
  return account;
}

/** Writes the set-password link and queues the invitation, in the caller's transaction. */
async function sendInvitation(
  trx: Kysely<Database>,
  context: TeamContext,
  account: { id: number; email: string; role: OwnerRole },
  now: Date,
) {
  const token = newSecret();
  await insertOneTimeToken(trx, token, account.id, 'set-password', invitationValidMs, now);
  const link = `${context.origin}/login/set-password?token=${token}`;
  await enqueueMessage(
    trx,
    renderInvitationEmail(
      context.client,
      account.email,
      { role: account.role, invitedBy: context.owner.email, link },
      context.mailFrom,
    ),
    now,
  );
}

/**
 * Makes the account, without a password, and e-mails its set-password link (7 days). An address
 * already on the team is refused on the e-mail field (409).
 */
export async function inviteMember(
  context: TeamContext,
  request: TeamInviteRequest,
): Promise<Team> {
  const now = context.now ?? new Date();
  const staffId = await staffLinkOf(context, request.role, request.staffId);
  await inTransaction(context.db, async (trx) => {
    const account = await createOwner(trx, context.client.name, request.email, now, {
      role: request.role,
      staffId,
    });
    if (!account) {
      throw new AppError(409, teamMessages.alreadyOnTeam, [
        { path: 'email', message: teamMessages.alreadyOnTeam },
      ]);
    }
    await sendInvitation(trx, context, account, now);
    await recordAudit({ db: trx }, context.owner, 'team-invited', {
      email: account.email,
      role: account.role,
      ...(staffId === null ? {} : { staffId }),
    });
  });
  return getTeam(context);
}

/** A new link for someone who has not chosen a password yet; the older links stop working. */
export async function resendInvitation(context: TeamContext, id: number): Promise<Team> {
  const now = context.now ?? new Date();
  const account = await memberOf(context, id);
  if (account.disabled) throw new AppError(409, teamMessages.disabledAccount);
  if (account.passwordHash !== null) throw new AppError(409, teamMessages.notInvited);
  await inTransaction(context.db, async (trx) => {
    await voidSetPasswordTokens(trx, account.id, now);
    await sendInvitation(trx, context, account, now);
    await recordAudit({ db: trx }, context.owner, 'team-invitation-resent', {
      email: account.email,
    });
  });
  return getTeam(context);
}

/**
 * Refuses a change that would take away an owner who can sign in: the last one (409), or the
 * owner doing it (409; another owner can). Run inside the change's transaction.
 */
async function refuseLosingAnOwner(
  trx: Kysely<Database>,
  context: TeamContext,
  account: OwnerAccount,
) {
  const activeOwner =
    account.role === 'owner' && !account.disabled && account.passwordHash !== null;
  if (
    activeOwner &&
    (await countOtherActiveOwners(trx, context.dbKind, context.client.name, account.id)) === 0
  ) {
    throw new AppError(409, teamMessages.lastOwner);
  }
  if (account.id === context.owner.id) throw new AppError(409, teamMessages.notYourself);
}

/** Disables (ending every session of the account at once) or enables an account. */
export async function setMemberActive(
  context: TeamContext,
  id: number,
  active: boolean,
): Promise<Team> {
  const account = await memberOf(context, id);
  await inTransaction(context.db, async (trx) => {
    if (!active) {
      await refuseLosingAnOwner(trx, context, account);
      await setOwnerDisabled(trx, account.id, true);
      const endedSessions = await deleteOwnerSessions(trx, account.id);
      await recordAudit({ db: trx }, context.owner, 'team-disabled', {
        email: account.email,
        endedSessions,
      });
    } else {
      await setOwnerDisabled(trx, account.id, false);
      await recordAudit({ db: trx }, context.owner, 'team-enabled', { email: account.email });
    }
  });
  return getTeam(context);
}

/** Changes an account's role (and the staff member a staff account is). */
export async function changeMemberRole(
  context: TeamContext,
  id: number,
  request: TeamRoleRequest,
): Promise<Team> {
  const account = await memberOf(context, id);
  const staffId = await staffLinkOf(context, request.role, request.staffId);
  await inTransaction(context.db, async (trx) => {
    if (account.role === 'owner' && request.role !== 'owner') {
      await refuseLosingAnOwner(trx, context, account);
    }
    await setOwnerRole(trx, account.id, request.role, staffId);
    await recordAudit({ db: trx }, context.owner, 'team-role-changed', {
      email: account.email,
      from: account.role,
      to: request.role,
      ...(staffId === null ? {} : { staffId }),
    });
  });
  return getTeam(context);
}
