import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManagedReview, Review } from '../../common/reviews.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

describeEachDatabase("the owner's reviews API", (kind) => {
  let t: TestApp;
  let se: OwnerSession;
  let rrb: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [se, rrb] = [await signInAs(t, 'SE'), await signInAs(t, 'RRB')];
  });
  afterAll(async () => t?.close());

  const list = async (session: OwnerSession) => {
    const res = await t.app.inject({ url: '/api/manage/reviews', headers: session.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ reviews: ManagedReview[] }>().reviews;
  };
  const send = (
    session: OwnerSession,
    url: string,
    payload: object,
    method: 'POST' | 'PUT' = 'POST',
  ) => t.app.inject({ method, url, headers: session.headers, payload });
  const shown = async () =>
    (await t.app.inject({ url: '/api/reviews', headers: { host: se.headers.host! } })).json<
      Review[]
    >();

  it("lists the seed's reviews published in order; adds one as typed, shown escaped on /reviews", async () => {
    const before = await list(se);
    expect(before.length).toBe(5);
    expect(before.every((r) => r.status === 'published' && r.source === 'seed')).toBe(true);
    const hostile = '<script>alert("x")</script> & <b>great</b>';
    const added = await send(se, '/api/manage/reviews', {
      reviewer: '  Ann <i>Lee</i> ',
      stars: 4,
      review: hostile,
    });
    expect(added.statusCode).toBe(201);
    const review = added.json<ManagedReview>();
    expect(review).toMatchObject({
      reviewer: 'Ann <i>Lee</i>',
      review: hostile,
      status: 'published',
      source: 'owner',
    });
    expect((await shown()).at(-1)).toMatchObject({ id: review.id, review: hostile });
    const page = await t.app.inject({ url: '/reviews', headers: { host: se.headers.host! } });
    expect(page.body).not.toContain('<script>alert("x")</script>');
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('client_code', '=', 'SE')
      .where('action', '=', 'review.add')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses bad stars and empty text on the field, never a 5xx', async () => {
    for (const stars of [0, 6, 2.5, '5']) {
      const res = await send(se, '/api/manage/reviews', {
        reviewer: 'A',
        stars,
        review: 'Fine work',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('stars');
    }
    const empty = await send(se, '/api/manage/reviews', { reviewer: 'A', stars: 3, review: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('review');
  });

  it('edits with a version check (409 when stale); hides and publishes; replies in public', async () => {
    const [first] = await list(se);
    const edit = {
      reviewer: first!.reviewer,
      stars: 3,
      review: 'Edited words',
      version: first!.version,
    };
    const edited = await send(se, `/api/manage/reviews/${first!.id}`, edit, 'PUT');
    expect(edited.statusCode).toBe(200);
    const stale = await send(se, `/api/manage/reviews/${first!.id}`, edit, 'PUT');
    expect(stale.statusCode).toBe(409);
    let version = edited.json<ManagedReview>().version;

    const hidden = await send(se, `/api/manage/reviews/${first!.id}/status`, {
      status: 'hidden',
      version,
    });
    expect(hidden.statusCode).toBe(200);
    version = hidden.json<ManagedReview>().version;
    expect((await shown()).some((r) => r.id === first!.id)).toBe(false);

    const replied = await send(se, `/api/manage/reviews/${first!.id}/reply`, {
      reply: 'Thank you, <b>come again</b>',
      version,
    });
    expect(replied.statusCode).toBe(200);
    version = replied.json<ManagedReview>().version;
    const published = await send(se, `/api/manage/reviews/${first!.id}/status`, {
      status: 'published',
      version,
    });
    expect(published.statusCode).toBe(200);
    expect((await shown()).find((r) => r.id === first!.id)).toMatchObject({
      review: 'Edited words',
      reply: 'Thank you, <b>come again</b>',
    });
  });

  it('reorders the whole list; the site follows; refuses a partial or foreign list', async () => {
    const ids = (await list(se)).map((r) => r.id);
    const reversed = [...ids].reverse();
    expect((await send(se, '/api/manage/reviews/order', { ids: reversed })).statusCode).toBe(200);
    expect((await shown()).map((r) => r.id)).toEqual(reversed);
    expect((await send(se, '/api/manage/reviews/order', { ids: ids.slice(1) })).statusCode).toBe(
      409,
    );
    const foreign = (await list(rrb))[0]!.id;
    expect(
      (await send(se, '/api/manage/reviews/order', { ids: [...ids.slice(1), foreign] })).statusCode,
    ).toBe(404);
  });

  it("never touches another client's review", async () => {
    const [theirs] = await list(rrb);
    const res = await send(se, `/api/manage/reviews/${theirs!.id}/status`, {
      status: 'hidden',
      version: theirs!.version,
    });
    expect(res.statusCode).toBe(404);
  });
});
