import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs } from '../support/owner-session.js';
import { repoRoot, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The operator's screen's API (issue 38, docs/decisions/0080-the-operators-screen.md): no
 * session 401, a business owner 403, the operator adds a business (the same service as
 * `npm run client -- add`), lists, disables and enables; the server serves the new host at once.
 */

const operatorToken = 'operator-token-for-the-tests-0123';
const host = 'localhost';
const sameSite = { host, origin: `http://${host}`, 'x-requested-with': 'highstreet' };

describeEachDatabase('the operator API', (kind) => {
  let t: TestApp;
  let themesDir: string;
  let operatorCookie: string;

  beforeAll(async () => {
    themesDir = mkdtempSync(join(tmpdir(), 'highstreet-operator-themes-'));
    cpSync(join(repoRoot, 'public/themes'), themesDir, { recursive: true });
    t = await startTestApp(kind, { OPERATOR_TOKEN: operatorToken, THEMES_DIR: themesDir });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(themesDir, { recursive: true, force: true });
  });

  const add = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/operator/businesses', headers, payload: body });

  const nell = {
    code: 'NELL',
    name: "Nell's Nails",
    hostNames: ['nellsnails.example'],
    kind: 'salon',
    colour: '#ffb6c1',
    font: 'Georgia',
    ownerEmail: 'nell@nellsnails.example',
  };

  it('answers 401 without a session and 403 to a business owner, adding nothing', async () => {
    const none = await t.app.inject({ url: '/api/operator/businesses', headers: { host } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ message: 'Please sign in with the operator token.' });
    const owner = await signInAs(t, 'RRB');
    const asOwner = await add(owner.headers, nell);
    expect(asOwner.statusCode).toBe(403);
    const ownerList = await t.app.inject({
      url: '/api/operator/businesses',
      headers: owner.headers,
    });
    expect(ownerList.statusCode).toBe(403);
    expect(t.registry.byCode('NELL')).toBeUndefined();
  });

  it('signs the operator in with the token only, from this site', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/operator/session',
      headers: sameSite,
      payload: { token: 'not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ issues: [{ path: 'token' }] });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/operator/session',
      headers: { host, origin: 'https://elsewhere.example', 'x-requested-with': 'highstreet' },
      payload: { token: operatorToken },
    });
    expect(crossSite.statusCode).toBe(403);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/operator/session',
      headers: sameSite,
      payload: { token: operatorToken },
    });
    expect(signedIn.statusCode).toBe(204);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    operatorCookie = setCookie.split(';')[0]!;
  });

  it('adds a business: theme with its contrast notes, record served at once, owner link', async () => {
    const headers = { ...sameSite, cookie: operatorCookie };
    const added = await add(headers, nell);
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json<{
      code: string;
      hostNames: string[];
      adjustments: { field: string; message: string }[];
      invitation: { email: string; link: string };
    }>();
    expect(body.code).toBe('NELL');
    expect(body.hostNames).toEqual(['nellsnails.example', 'nell.localhost']);
    expect(body.adjustments).toContainEqual({
      field: 'colour',
      message: expect.stringContaining(
        '#ffb6c1 is too light for text on the page',
      ) as unknown as string,
    });
    expect(body.invitation.email).toBe('nell@nellsnails.example');
    expect(body.invitation.link).toMatch(
      /^http:\/\/nell\.localhost:\d+\/login\/set-password\?token=\S+$/,
    );
    expect(readFileSync(join(themesDir, 'NELL.css'), 'utf8')).toContain(
      "--font-heading: 'Georgia'",
    );
    // No poll needed on the instance that added it.
    const page = await t.app.inject({ url: '/', headers: { host: 'nellsnails.example' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Welcome to Nell');

    const list = await t.app.inject({ url: '/api/operator/businesses', headers });
    expect(list.json()).toContainEqual({
      code: 'NELL',
      title: "Nell's Nails",
      hostNames: ['nellsnails.example', 'nell.localhost'],
      disabledAt: null,
      owners: 1,
    });
  });

  it('refuses what is taken or wrong, each on its field, adding nothing', async () => {
    const headers = { ...sameSite, cookie: operatorCookie };
    const refused = await add(headers, {
      ...nell,
      code: 'RRB',
      colour: 'pink',
      hostNames: ['nellsnails.example', 'not a host'],
      ownerEmail: 'nobody',
    });
    expect(refused.statusCode).toBe(400);
    const issues = refused.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'code', message: 'There is already a client RRB.' },
        { path: 'hostNames', message: '"not a host" is not a host name.' },
        { path: 'hostNames', message: "The host name nellsnails.example is already NELL's." },
        { path: 'ownerEmail', message: '"nobody" is not an e-mail address.' },
        { path: 'colour', message: '"pink" is not a colour like #7a2e5a.' },
      ]),
    );
    const missing = await add(headers, { code: '', name: '', hostNames: [], kind: 'castle' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['code', 'name', 'hostNames', 'kind']),
    );
  });

  it('disables a business (its host answers "not available") and enables it again', async () => {
    const headers = { ...sameSite, cookie: operatorCookie };
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/businesses/nell/active',
      headers,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      off.json<{ code: string; disabledAt: string | null }[]>().find((b) => b.code === 'NELL')
        ?.disabledAt,
    ).not.toBeNull();
    expect(
      (await t.app.inject({ url: '/', headers: { host: 'nellsnails.example' } })).statusCode,
    ).toBe(404);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/businesses/NELL/active',
      headers,
      payload: { active: true },
    });
    expect(on.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/', headers: { host: 'nellsnails.example' } })).statusCode,
    ).toBe(200);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/businesses/NOPE/active',
      headers,
      payload: { active: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes the token as a bearer for scripts, and refuses a change sent from another site', async () => {
    const bearer = await t.app.inject({
      url: '/api/operator/businesses',
      headers: { host, authorization: `Bearer ${operatorToken}` },
    });
    expect(bearer.statusCode).toBe(200);
    const crossSite = await add(
      {
        host,
        cookie: operatorCookie,
        origin: 'https://elsewhere.example',
        'x-requested-with': 'highstreet',
      },
      { ...nell, code: 'XSITE', hostNames: ['xsite.example'] },
    );
    expect(crossSite.statusCode).toBe(403);
  });
});

it('has no operator API without OPERATOR_TOKEN', async () => {
  const t = await startTestApp('sqlite');
  try {
    const answer = await t.app.inject({ url: '/api/operator/businesses', headers: { host } });
    expect(answer.statusCode).toBe(404);
  } finally {
    await t.close();
  }
});
