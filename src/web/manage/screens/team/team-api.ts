import type { OwnerRole } from '@common/owners';
import type { Team, TeamInviteRequest } from '@common/team';
import { typed } from '@/manage/shared/booking-queries';

/**
 * The team's calls (/api/manage/team, owner-only). Every answer is the whole team, which the
 * screen puts in its query at once. Typed rather than parsed, as the diary's: see
 * shared/booking-queries.ts on the chunk every visitor form shares.
 */

export const teamQueryKey = ['manage', 'team'] as const;

export async function fetchTeam(): Promise<Team> {
  return typed('/api/manage/team');
}

const send = (path: string, method: 'POST' | 'PUT', body?: unknown): Promise<Team> =>
  typed(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

export const inviteMember = (request: TeamInviteRequest) =>
  send('/api/manage/team/invitations', 'POST', request);

export const resendInvitation = (id: number) => send(`/api/manage/team/${id}/invitation`, 'POST');

export const setMemberActive = (id: number, active: boolean) =>
  send(`/api/manage/team/${id}/active`, 'PUT', { active });

export const changeMemberRole = (id: number, role: OwnerRole, staffId: number | null) =>
  send(`/api/manage/team/${id}/role`, 'PUT', { role, staffId });
