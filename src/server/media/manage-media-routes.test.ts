import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LibraryPicture } from '../../common/picture-library.js';
import type { ContentState, SiteContent } from '../../common/site-content.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

function multipart(data: Buffer) {
  const boundary = '----highstreet-library-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="p.jpeg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase("the owner's picture library", (kind) => {
  let t: TestApp;
  let js: OwnerSession;
  let rrb: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [js, rrb] = [await signInAs(t, 'JS'), await signInAs(t, 'RRB')];
  });
  afterAll(async () => t?.close());

  const upload = async (session: OwnerSession) => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#c84' },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipart(photo);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/media',
      headers: { ...session.headers, ...headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ picture: LibraryPicture }>().picture;
  };
  const remove = (picture: LibraryPicture, headers: Record<string, string>) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/manage/media/${picture.path.split('/').at(-1)}`,
      headers,
    });
  const content = async () =>
    (await t.app.inject({ url: '/api/manage/content', headers: js.headers })).json<ContentState>();
  const saveAndMaybePublish = async (home: SiteContent['home'], publish: boolean) => {
    const state = await content();
    const base = (state.draft?.content ?? state.published.content) as unknown as SiteContent;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/content/draft',
      headers: js.headers,
      payload: {
        content: { ...base, home },
        baseVersion: state.published.version,
        draftVersion: state.draft?.draftVersion ?? null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    if (!publish) return;
    const draft = saved.json<ContentState>().draft!;
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/manage/content/publish',
      headers: js.headers,
      payload: { baseVersion: draft.baseVersion, draftVersion: draft.draftVersion },
    });
    expect(published.statusCode, published.body).toBe(200);
  };

  it('stores an upload with the JPEG a content block names, and lists it', async () => {
    const picture = await upload(js);
    expect(picture).toMatchObject({ width: 900, height: 600, widths: [320, 640, 900] });
    expect(picture.file).toMatch(/^library\/m-[0-9a-f]{12}\.jpeg$/);
    for (const url of [`${picture.path}.jpeg`, `${picture.path}-320.avif`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    const listed = await t.app.inject({ url: '/api/manage/media', headers: js.headers });
    expect(listed.json<{ pictures: LibraryPicture[] }>().pictures[0]).toEqual(picture);
  });

  it('refuses to delete a picture the draft, the published site or a product uses; deletes it once unused', async () => {
    const picture = await upload(js);
    const original = (await content()).published.content as unknown as SiteContent;
    const placed = { file: picture.file, alt: 'A copper bath', width: 900, height: 600 };
    await saveAndMaybePublish(
      [...original.home, { type: 'imageRow', style: 'photos', pictures: [placed] }],
      false,
    );
    const listed = await t.app.inject({ url: '/api/manage/media', headers: js.headers });
    const inUse = listed.json<{ pictures: LibraryPicture[] }>().pictures;
    expect(inUse.find((p) => p.path === picture.path)?.inUse).toBe(true);
    const inDraft = await remove(picture, js.headers);
    expect(inDraft.statusCode).toBe(409);
    expect(inDraft.json<{ message: string }>().message).toBe(
      'This picture is used in the draft of the site content, so it was not deleted. Take it out there first.',
    );

    await saveAndMaybePublish(
      ((await content()).draft!.content as unknown as SiteContent).home,
      true,
    );
    const published = await remove(picture, js.headers);
    expect(published.statusCode).toBe(409);
    expect(published.json<{ message: string }>().message).toMatch(/used in the published site/);

    await saveAndMaybePublish(original.home, true);
    // No product screen places library pictures yet; a product naming one is refused the same.
    const product = await t.handle.db
      .selectFrom('products')
      .select(['id', 'title'])
      .where('client_code', '=', 'JS')
      .executeTakeFirst();
    if (product) {
      await t.handle.db
        .updateTable('products')
        .set({ pictures: JSON.stringify([{ ...picture, alt: '' }]) })
        .where('client_code', '=', 'JS')
        .where('id', '=', product.id)
        .execute();
      const byProduct = await remove(picture, js.headers);
      expect(byProduct.statusCode).toBe(409);
      expect(byProduct.json<{ message: string }>().message).toContain(`“${product.title}”`);
      await t.handle.db
        .updateTable('products')
        .set({ pictures: null })
        .where('client_code', '=', 'JS')
        .where('id', '=', product.id)
        .execute();
    }

    const deleted = await remove(picture, js.headers);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await t.app.inject({ url: `${picture.path}-320.avif` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${picture.path}.jpeg` })).statusCode).toBe(404);
    const after = await t.app.inject({ url: '/api/manage/media', headers: js.headers });
    expect(after.json<{ pictures: LibraryPicture[] }>().pictures.map((p) => p.path)).not.toContain(
      picture.path,
    );
    expect((await remove(picture, js.headers)).statusCode).toBe(404);
  });

  it('lets only the signed-in owner of the client delete, from its back office', async () => {
    const picture = await upload(js);
    const noSession = await remove(picture, {
      host: js.headers.host!,
      origin: js.headers.origin!,
      'x-requested-with': js.headers['x-requested-with']!,
    });
    expect(noSession.statusCode).toBe(401);
    const otherClientsOwner = await remove(picture, {
      ...rrb.headers,
      host: js.headers.host!,
      origin: js.headers.origin!,
    });
    expect(otherClientsOwner.statusCode).toBe(403);
    // Their own host is their own library: the name is not one of theirs.
    expect((await remove(picture, rrb.headers)).statusCode).toBe(404);
    const { 'x-requested-with': _, ...crossSite } = js.headers;
    expect((await remove(picture, crossSite)).statusCode).toBe(403);
    expect((await remove({ ...picture, path: '/media/x/../etc' }, js.headers)).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: `${picture.path}-320.avif` })).statusCode).toBe(200);
  });
});
