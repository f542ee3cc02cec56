import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayInTimeZone } from '../../common/booking.js';
import type { VisitsReport } from '../../common/exports.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

const person =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Site visits: counted from the page's beacon, never a bot's, no cookie; both databases. */
describeEachDatabase('site visits', (kind) => {
  let t: TestApp;
  let second: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  let today: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // A second instance on the same database, as behind a load balancer.
    second = await startTestApp(kind, {}, { sameDatabaseAs: t });
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    today = todayInTimeZone(t.registry.byCode('RRB')!.timeZone);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const beacon = (app: TestApp, path: string, userAgent = person, host = 'rrb.localhost') =>
    app.app.inject({
      method: 'POST',
      url: `/api/visit?path=${encodeURIComponent(path)}`,
      headers: { host, 'user-agent': userAgent },
    });
  const report = async (session: OwnerSession, query = `from=${today}&to=${today}`) =>
    t.app.inject({ url: `/api/manage/reports/visits?${query}`, headers: session.headers });

  it('counts people by page and day, never bots, private pages or junk, and sets no cookie', async () => {
    for (const path of ['/', '/', '/booking?utm_source=mail', '/about/']) {
      const res = await beacon(t, path);
      expect(res.statusCode).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toBe('');
    }
    await beacon(t, '/', googlebot);
    await beacon(t, '/', '');
    await beacon(t, '/manage/diary');
    await beacon(t, '/wp-login.php');
    await beacon(t, '/', person, 'se.localhost');
    await beacon(second, '/booking');

    const res = await report(rrb);
    expect(res.statusCode).toBe(200);
    const visits = res.json<VisitsReport>();
    expect(visits.days).toEqual([{ day: today, views: 4 }]);
    expect(visits.total).toBe(4);
    expect(visits.topPages).toEqual([
      { path: '/', views: 2 },
      { path: '/about', views: 1 },
      { path: '/booking', views: 1 },
    ]);
    const stored = await t.handle.db
      .selectFrom('site_visits')
      .selectAll()
      .where('client_code', '=', 'RRB')
      .execute();
    expect(stored.every((row) => !('address' in row) && !('ip' in row))).toBe(true);

    // The second instance's count arrives when it writes: added to, never over, the first's.
    await second.app.close();
    const both = (await report(rrb)).json<VisitsReport>();
    expect(both.topPages.find((p) => p.path === '/booking')?.views).toBe(2);
    expect(both.total).toBe(5);
    expect((await report(se)).json<VisitsReport>().total).toBe(1);
  });

  it('fills every day of the period and refuses a bad one on the field', async () => {
    const week = (await report(rrb, 'from=2031-01-01&to=2031-01-07')).json<VisitsReport>();
    expect(week.days.map((d) => d.views)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(week.days[6]!.day).toBe('2031-01-07');
    const bad = await report(rrb, 'from=2031-01-07&to=2031-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from must be on or before to');
  });

  it('refuses no session, another client’s owner and staff', async () => {
    const url = `/api/manage/reports/visits?from=${today}&to=${today}`;
    expect((await t.app.inject({ url, headers: { host: 'rrb.localhost' } })).statusCode).toBe(401);
    const across = await t.app.inject({ url, headers: { ...se.headers, host: 'rrb.localhost' } });
    expect(across.statusCode).toBe(403);
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await report(staff)).statusCode).toBe(403);
  });
});
