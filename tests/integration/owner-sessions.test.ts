import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerMessages } from '../../src/common/owners.js';
import { createOwner, hashSecret } from '../../src/server/owners/owner-store.js';
import { crossSiteMessage } from '../../src/server/kernel/same-site-request.js';
import { describeEachDatabase } from '../support/each-database.js';
import { cheapPasswordCost, signInAs } from '../support/owner-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const sameSite = (host: string) => ({
  host,
  origin: `http://${host}`,
  'x-requested-with': 'highstreet',
});

function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const owner = all.find((c) => c.startsWith('hs_owner='));
  if (!owner) throw new Error(`No session cookie in ${JSON.stringify(all)}`);
  return owner.split(';')[0]!;
}

/** Signing in and out, sessions, the guard's 401/403, the cross-site check, and throttling. */
describeEachDatabase('owner sessions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { ownerPasswordCost: cheapPasswordCost });
  });
  afterAll(async () => t?.close());

  const login = (
    email: string,
    password: string,
    host = 'rrb.localhost',
    remoteAddress = '198.51.100.1',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/owner/login',
      headers: sameSite(host),
      payload: { email, password },
      remoteAddress,
    });
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/manage/me', headers });

  it('signs in with the right password, sets a HttpOnly Lax cookie, and answers /me', async () => {
    const { owner, password } = await signInAs(t, 'RRB');
    const res = await login(owner.email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      owner: { id: owner.id, clientCode: 'RRB', email: owner.email },
    });
    const [session, device] = res.headers['set-cookie'] as string[];
    expect(session).toMatch(
      /^hs_owner=[A-Za-z0-9_-]{43}; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(device).toMatch(
      /^hs_device=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    const answer = await me({ host: 'rrb.localhost', cookie });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({
      id: owner.id,
      clientCode: 'RRB',
      email: owner.email,
      businessName: t.registry.byCode('RRB')!.title,
      role: 'owner',
      staffId: null,
    });
    // Only the hash of the token is stored.
    const token = cookie.split('=')[1]!;
    const rows = await t.handle.db.selectFrom('owner_sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashSecret(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('answers every failure with the same 401 message: wrong password, unknown address, another client, no password yet', async () => {
    const { owner } = await signInAs(t, 'RRB');
    const wrong = await login(
      owner.email,
      'not the password at all',
      'rrb.localhost',
      '198.51.100.2',
    );
    const unknown = await login(
      'nobody@example.com',
      'whatever it is',
      'rrb.localhost',
      '198.51.100.3',
    );
    const otherClient = await login(
      owner.email,
      'copper kettle morning walk',
      'se.localhost',
      '198.51.100.4',
    );
    const pending = await createOwner(t.handle.db, 'RRB', 'not-yet@example.com');
    expect(pending?.passwordHash).toBeNull();
    const noPassword = await login('not-yet@example.com', '', 'rrb.localhost', '198.51.100.8');
    expect(noPassword.statusCode).toBe(400);
    const noPasswordYet = await login(
      'not-yet@example.com',
      'copper kettle morning walk',
      'rrb.localhost',
      '198.51.100.8',
    );
    const bodies = [wrong, unknown, otherClient, noPasswordYet].map((r) => {
      expect(r.statusCode).toBe(401);
      expect(r.headers['set-cookie']).toBeUndefined();
      return r.json() as { message: string };
    });
    expect(new Set(bodies.map((b) => b.message))).toEqual(new Set([ownerMessages.signInFailed]));
  });

  it('answers 401 "Please sign in." without a session, and with an unknown or removed one', async () => {
    const none = await me({ host: 'rrb.localhost' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please sign in.',
    });
    const forged = await me({ host: 'rrb.localhost', cookie: `hs_owner=${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
    const audit = await t.app.inject({
      url: '/api/manage/audit',
      headers: { host: 'rrb.localhost' },
    });
    expect(audit.statusCode).toBe(401);
  });

  it("answers 403 to an RRB owner on SE's site, by host or by preview", async () => {
    const { cookie } = await signInAs(t, 'RRB');
    const byHost = await me({ host: 'se.localhost', cookie });
    expect(byHost.statusCode).toBe(403);
    const byPreview = await t.app.inject({
      url: '/api/manage/me?client=SE',
      headers: { host: 'rrb.localhost', cookie },
    });
    expect(byPreview.statusCode).toBe(403);
    expect((await me({ host: 'rrb.localhost', cookie })).statusCode).toBe(200);
  });

  it('shows each owner only their own client’s audit trail, newest first, whatever ids are asked for', async () => {
    const se = await signInAs(t, 'SE');
    const rrb = await signInAs(t, 'RRB');
    // RRB's sign-in first: every SE line is newer, so `before` reaches past them all.
    await login(rrb.owner.email, rrb.password, 'rrb.localhost', '198.51.100.6');
    await login(se.owner.email, se.password, 'se.localhost', '198.51.100.5');
    const seEntries = await t.handle.db
      .selectFrom('audit_log')
      .select('id')
      .where('client_code', '=', 'SE')
      .execute();
    expect(seEntries.length).toBeGreaterThan(0);
    const highest = Math.max(...seEntries.map((e) => e.id)) + 1;
    const res = await t.app.inject({
      url: `/api/manage/audit?before=${highest}&limit=200`,
      headers: rrb.headers,
    });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json() as {
      entries: Array<{ id: number; ownerEmail: string | null; action: string }>;
    };
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    expect(entries.some((e) => e.ownerEmail === rrb.owner.email && e.action === 'signed-in')).toBe(
      true,
    );
    expect(entries.some((e) => seEntries.some((s) => s.id === e.id))).toBe(false);
    expect(entries.some((e) => e.ownerEmail === se.owner.email)).toBe(false);
  });

  it('refuses a state-changing request without the header or from another origin', async () => {
    const { headers } = await signInAs(t, 'RRB');
    const post = (h: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/manage/logout-everywhere', headers: h });
    const { 'x-requested-with': _omitted, ...withoutHeader } = headers;
    const noHeader = await post(withoutHeader);
    expect(noHeader.statusCode).toBe(403);
    expect((noHeader.json() as { message: string }).message).toBe(crossSiteMessage);
    expect((await post({ ...headers, origin: 'http://evil.example' })).statusCode).toBe(403);
    const { origin: _origin, ...noOrigin } = headers;
    expect((await post(noOrigin)).statusCode).toBe(403);
    expect((await post({ ...noOrigin, referer: `http://${headers.host}/manage` })).statusCode).toBe(
      204,
    );
    // The session is still there after the refusals... and gone after the accepted one.
    expect((await me(headers)).statusCode).toBe(401);
    // Sign-in is a state change too (no logging a victim into an attacker's account).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/owner/login',
      headers: {
        host: 'rrb.localhost',
        origin: 'http://evil.example',
        'x-requested-with': 'highstreet',
      },
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(login.statusCode).toBe(403);
  });

  it('signs out (this session) and signs out everywhere (every session)', async () => {
    const { owner, password, headers } = await signInAs(t, 'RRB');
    const second = sessionCookieOf(
      (await login(owner.email, password, 'rrb.localhost', '198.51.100.7')).headers['set-cookie'],
    );
    const logout = await t.app.inject({ method: 'POST', url: '/api/owner/logout', headers });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toContain('hs_owner=; Max-Age=0');
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me({ ...headers, cookie: second })).statusCode).toBe(200);

    const third = sessionCookieOf(
      (await login(owner.email, password, 'rrb.localhost', '198.51.100.7')).headers['set-cookie'],
    );
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/manage/logout-everywhere',
      headers: { ...headers, cookie: second },
    });
    expect(everywhere.statusCode).toBe(204);
    expect((await me({ ...headers, cookie: second })).statusCode).toBe(401);
    expect((await me({ ...headers, cookie: third })).statusCode).toBe(401);
  });

  it('ends a session unused for longer than the idle time, and one past its absolute expiry', async () => {
    const idle = await signInAs(t, 'RRB');
    const old = await signInAs(t, 'RRB');
    const hours = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();
    await t.handle.db
      .updateTable('owner_sessions')
      .set({ last_seen_at: hours(2.1) })
      .where('owner_id', '=', idle.owner.id)
      .execute();
    await t.handle.db
      .updateTable('owner_sessions')
      .set({ expires_at: hours(0.01) })
      .where('owner_id', '=', old.owner.id)
      .execute();
    expect((await me(idle.headers)).statusCode).toBe(401);
    expect((await me(old.headers)).statusCode).toBe(401);

    // Used within the idle time, a session slides on.
    const fresh = await signInAs(t, 'RRB');
    await t.handle.db
      .updateTable('owner_sessions')
      .set({ last_seen_at: hours(1.9) })
      .where('owner_id', '=', fresh.owner.id)
      .execute();
    expect((await me(fresh.headers)).statusCode).toBe(200);
    const row = await t.handle.db
      .selectFrom('owner_sessions')
      .select('last_seen_at')
      .where('owner_id', '=', fresh.owner.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_seen_at)).toBeLessThan(60_000);
  });

  it('refuses a disabled account', async () => {
    const { owner, headers } = await signInAs(t, 'RRB');
    await t.handle.db
      .updateTable('owners')
      .set({ disabled: 1 })
      .where('id', '=', owner.id)
      .execute();
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('serves the sign-in and back-office pages with noindex, and visitor pages without', async () => {
    const { headers } = await signInAs(t, 'RRB');
    for (const url of [
      '/login',
      '/login/reset',
      '/login/set-password?token=x',
      '/manage',
      '/manage/audit',
    ]) {
      const page = await t.app.inject({ url, headers });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(page.body, url).toContain('<meta name="robots" content="noindex, nofollow">');
    }
    // Without a session the back office sends the browser to sign in, keeping where it was going.
    const signedOut = await t.app.inject({
      url: '/manage/audit',
      headers: { host: 'rrb.localhost' },
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/login?next=%2Fmanage%2Faudit');
    // Another client's owner is not signed in here.
    const { headers: seOwner } = await signInAs(t, 'SE');
    const foreign = await t.app.inject({
      url: '/manage',
      headers: { ...seOwner, host: headers.host! },
    });
    expect(foreign.statusCode).toBe(303);
    const home = await t.app.inject({ url: '/about', headers: { host: 'rrb.localhost' } });
    expect(home.headers['x-robots-tag']).toBeUndefined();
    expect(home.body).not.toContain('name="robots"');
  });

  describe('throttling', () => {
    it('makes one address wait on an account after repeated failures, with growing delays', async () => {
      const { owner, password } = await signInAs(t, 'RRB');
      const address = '203.0.113.9';
      for (let i = 0; i < 4; i++) {
        expect(
          (await login(owner.email, 'wrong password!', 'rrb.localhost', address)).statusCode,
        ).toBe(401);
      }
      // The fifth failure starts the waiting: 2 s, then 4 s.
      expect(
        (await login(owner.email, 'wrong password!', 'rrb.localhost', address)).statusCode,
      ).toBe(401);
      const refused = await login(owner.email, password, 'rrb.localhost', address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((refused.json() as { message: string }).message).toMatch(/Please wait [12] seconds/);
      await new Promise((r) => setTimeout(r, 2_100));
      expect(
        (await login(owner.email, 'wrong password!', 'rrb.localhost', address)).statusCode,
      ).toBe(401);
      const longer = await login(owner.email, password, 'rrb.localhost', address);
      expect(longer.statusCode).toBe(429);
      expect((longer.json() as { message: string }).message).toMatch(/Please wait [34] seconds/);
      // Another address is not held up by this one's failures.
      expect((await login(owner.email, password, 'rrb.localhost', '203.0.113.10')).statusCode).toBe(
        200,
      );
    });

    it('makes an address wait after failures across many accounts; other addresses may still sign in', async () => {
      const { owner, password } = await signInAs(t, 'RRB');
      const address = '192.0.2.77';
      for (let i = 0; i < 11; i++) {
        expect(
          (await login(`guess${i}@example.com`, 'some password', 'rrb.localhost', address))
            .statusCode,
        ).toBe(401);
      }
      expect((await login(owner.email, password, 'rrb.localhost', address)).statusCode).toBe(429);
      expect((await login(owner.email, password, 'rrb.localhost', '192.0.2.78')).statusCode).toBe(
        200,
      );
    });
  });
});
