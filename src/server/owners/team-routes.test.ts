import { afterAll, beforeAll, expect, it } from 'vitest';
import { teamMessages, type Team } from '../../common/team.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import {
  cheapPasswordCost,
  signInAs,
  type OwnerSession,
} from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { insertStaffMember } from '../staff/staff-store.js';
import { invitationTemplateId } from './team-emails.js';

const goodPassword = 'lantern orchard velvet tide';

/** The team (issue 32): invitations, roles, disabling, and never losing the last owner. */
describeEachDatabase('the team API', (kind) => {
  let t: TestApp;
  let owner: OwnerSession;
  let therapistId: number;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { ownerPasswordCost: cheapPasswordCost });
    owner = await signInAs(t, 'RRB');
    therapistId = await insertStaffMember(
      t.handle.db,
      'RRB',
      {
        name: 'Amy Therapist',
        bio: '',
        photo: null,
        active: true,
        displayOrder: 1,
        treatments: [],
        hours: [],
        timeOff: [],
      },
      new Date(),
    );
  });
  afterAll(async () => t?.close());

  const call = (
    session: Pick<OwnerSession, 'headers'>,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  /** The set-password link of the newest invitation e-mailed to `email`. */
  const invitationToken = async (email: string) => {
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select(['text', 'template_id', 'subject'])
      .where('mail_to', '=', email)
      .where('template_id', '=', invitationTemplateId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/login\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`No link in:\n${mail.text}`);
    return token;
  };

  const memberOf = (team: Team, email: string) => {
    const member = team.members.find((m) => m.email === email);
    if (!member) throw new Error(`${email} is not on the team`);
    return member;
  };

  it('invites a therapist as staff; they choose a password through the link and sign in as staff', async () => {
    const email = `amy-${kind}@example.com`;
    const invited = await call(owner, 'POST', '/api/manage/team/invitations', {
      email: ` ${email.toUpperCase()} `,
      role: 'staff',
      staffId: therapistId,
    });
    expect(invited.statusCode).toBe(201);
    const team = invited.json<Team>();
    expect(memberOf(team, email)).toMatchObject({
      role: 'staff',
      staffId: therapistId,
      staffName: 'Amy Therapist',
      status: 'invited',
      you: false,
    });
    expect(memberOf(team, owner.owner.email)).toMatchObject({ role: 'owner', you: true });
    expect(team.staff).toContainEqual({ id: therapistId, name: 'Amy Therapist' });

    // Invited: no password, so signing in fails until the link is used.
    const token = await invitationToken(email);
    const tokenRow = await t.handle.db
      .selectFrom('owner_tokens')
      .select(['created_at', 'expires_at', 'purpose'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(tokenRow.purpose).toBe('set-password');
    expect(Date.parse(tokenRow.expires_at) - Date.parse(tokenRow.created_at)).toBe(
      7 * 24 * 60 * 60_000,
    );

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/owner/set-password',
      headers: { ...owner.headers, cookie: '' },
      payload: { token, password: goodPassword },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ owner: { email, role: 'staff', staffId: therapistId } });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/owner/login',
      headers: { ...owner.headers, cookie: '' },
      payload: { email, password: goodPassword },
    });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const staff = { headers: { ...owner.headers, cookie } };
    expect((await call(staff, 'GET', '/api/manage/me')).json()).toMatchObject({ role: 'staff' });
    expect((await call(staff, 'GET', '/api/manage/diary?date=2030-01-07')).statusCode).toBe(200);
    const refused = await call(staff, 'GET', '/api/manage/team');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('Only the business owner'),
    });
    expect((await call(staff, 'PUT', '/api/manage/booking-rules', {})).statusCode).toBe(403);

    const after = (await call(owner, 'GET', '/api/manage/team')).json<Team>();
    expect(memberOf(after, email).status).toBe('active');
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('client_code', '=', 'RRB')
      .where('action', '=', 'team-invited')
      .execute();
    expect(audit.map((a) => JSON.parse(a.detail) as unknown)).toContainEqual({
      email,
      role: 'staff',
      staffId: therapistId,
    });
  });

  it('refuses an address already on the team (409 on the field), and bad input on its field', async () => {
    const email = `twice-${kind}@example.com`;
    const first = await call(owner, 'POST', '/api/manage/team/invitations', {
      email,
      role: 'owner',
    });
    expect(first.statusCode).toBe(201);
    const again = await call(owner, 'POST', '/api/manage/team/invitations', {
      email: email.toUpperCase(),
      role: 'staff',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      issues: [{ path: 'email', message: teamMessages.alreadyOnTeam }],
    });
    const bad = await call(owner, 'POST', '/api/manage/team/invitations', {
      email: 'not an address',
      role: 'boss',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ issues: Array<{ path: string }> }>()
        .issues.map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'role']);
    // Another client's therapist, or none that exists, is refused on the staffId field.
    const strange = await call(owner, 'POST', '/api/manage/team/invitations', {
      email: `strange-${kind}@example.com`,
      role: 'staff',
      staffId: 999_999,
    });
    expect(strange.statusCode).toBe(400);
    expect(strange.json()).toMatchObject({ issues: [{ path: 'staffId' }] });
  });

  it('sends an invitation again with a new link; the old one stops working', async () => {
    const email = `again-${kind}@example.com`;
    const invited = await call(owner, 'POST', '/api/manage/team/invitations', {
      email,
      role: 'staff',
    });
    const id = memberOf(invited.json<Team>(), email).id;
    const oldToken = await invitationToken(email);
    const resent = await call(owner, 'POST', `/api/manage/team/${id}/invitation`);
    expect(resent.statusCode).toBe(200);
    const newToken = await invitationToken(email);
    expect(newToken).not.toBe(oldToken);
    const setWith = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/owner/set-password',
        headers: { ...owner.headers, cookie: '' },
        payload: { token, password: goodPassword },
      });
    expect((await setWith(oldToken)).statusCode).toBe(400);
    expect((await setWith(newToken)).statusCode).toBe(200);
    // Now they have a password: nothing to send again.
    const none = await call(owner, 'POST', `/api/manage/team/${id}/invitation`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: teamMessages.notInvited });
    // Another client's owner cannot touch this account: it answers as unknown.
    const se = await signInAs(t, 'SE');
    expect((await call(se, 'POST', `/api/manage/team/${id}/invitation`)).statusCode).toBe(404);
  });

  it('refuses disabling or demoting the last active owner, and yourself (409)', async () => {
    // A client of its own here: BBG's only owner.
    const sole = await signInAs(t, 'BBG');
    const demote = await call(sole, 'PUT', `/api/manage/team/${sole.owner.id}/role`, {
      role: 'staff',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ message: teamMessages.lastOwner });
    const disable = await call(sole, 'PUT', `/api/manage/team/${sole.owner.id}/active`, {
      active: false,
    });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ message: teamMessages.lastOwner });

    // With a second owner it is still not yourself; the other owner can.
    const second = await signInAs(t, 'BBG');
    const self = await call(sole, 'PUT', `/api/manage/team/${sole.owner.id}/active`, {
      active: false,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ message: teamMessages.notYourself });
    const byOther = await call(second, 'PUT', `/api/manage/team/${sole.owner.id}/role`, {
      role: 'staff',
    });
    expect(byOther.statusCode).toBe(200);
    expect(memberOf(byOther.json<Team>(), sole.owner.email).role).toBe('staff');
    // Demoted, the same session is staff at once.
    expect((await call(sole, 'GET', '/api/manage/team')).statusCode).toBe(403);
    // And now `second` is the last owner.
    const last = await call(second, 'PUT', `/api/manage/team/${second.owner.id}/role`, {
      role: 'staff',
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ message: teamMessages.lastOwner });
  });

  it('disabling an account ends its sessions at once; enabling lets it sign in again', async () => {
    const member = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await call(member, 'GET', '/api/manage/diary?date=2030-01-07')).statusCode).toBe(200);
    const disabled = await call(owner, 'PUT', `/api/manage/team/${member.owner.id}/active`, {
      active: false,
    });
    expect(disabled.statusCode).toBe(200);
    expect(memberOf(disabled.json<Team>(), member.owner.email).status).toBe('disabled');
    expect((await call(member, 'GET', '/api/manage/diary?date=2030-01-07')).statusCode).toBe(401);
    const sessions = await t.handle.db
      .selectFrom('owner_sessions')
      .select('owner_id')
      .where('owner_id', '=', member.owner.id)
      .execute();
    expect(sessions).toEqual([]);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/owner/login',
        headers: { ...owner.headers, cookie: '' },
        payload: { email: member.owner.email, password: member.password },
      });
    expect((await login()).statusCode).toBe(401);

    const enabled = await call(owner, 'PUT', `/api/manage/team/${member.owner.id}/active`, {
      active: true,
    });
    expect(memberOf(enabled.json<Team>(), member.owner.email).status).toBe('active');
    expect((await login()).statusCode).toBe(200);
    const actions = await t.handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('client_code', '=', 'RRB')
      .where('action', 'in', ['team-disabled', 'team-enabled'])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['team-disabled', 'team-enabled']);
  });
});
