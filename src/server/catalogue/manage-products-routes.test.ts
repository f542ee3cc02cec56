import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '../../common/catalogue.js';
import { applySeed, readSeed } from '../db/seed.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { ManagedProduct } from '../../common/manage-products.js';

function multipart(data: Buffer, filename: string, type: string) {
  const boundary = '----highstreet-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase("the owner's catalogue API", (kind) => {
  let t: TestApp;
  let se: OwnerSession;
  let rrb: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [se, rrb] = [await signInAs(t, 'SE'), await signInAs(t, 'RRB')];
  });
  afterAll(async () => t?.close());

  const list = async (session: OwnerSession) => {
    const res = await t.app.inject({ url: '/api/manage/products', headers: session.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ products: ManagedProduct[] }>().products;
  };
  const publicProduct = (id: number) =>
    t.app.inject({ url: `/api/products/${id}`, headers: { host: se.headers.host! } });

  it('edits a product with a version check; the site shows the change at once; audited', async () => {
    const [first] = await list(se);
    expect(first).toBeDefined();
    const id = first!.id;
    const edit = {
      title: 'Sofa, newly priced',
      price: 12345,
      category: first!.category,
      blurb: '<p>Soft <script>alert(1)</script><b>and</b> deep</p>',
      version: first!.version,
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${id}`,
      headers: se.headers,
      payload: edit,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ManagedProduct>()).toMatchObject({ price: 12345, version: first!.version + 1 });

    const shown = (await publicProduct(id)).json<{ data: Product } | Product>();
    const product = 'data' in shown ? shown.data : shown;
    expect(product).toMatchObject({ title: 'Sofa, newly priced', price: 12345 });
    expect(product.blurb).not.toContain('script');

    // A second owner still holding the old version is refused, not silently overwriting.
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${id}`,
      headers: se.headers,
      payload: { ...edit, price: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/^Someone else changed this product/);

    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'client_code'])
      .where('client_code', '=', 'SE')
      .where('action', '=', 'product.edit')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('keeps the owner’s edit when the seed is applied again (a restart)', async () => {
    const [first] = await list(se);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${first!.id}`,
      headers: se.headers,
      payload: { ...first!, title: 'Kept across restarts', version: first!.version },
    });
    expect(res.statusCode).toBe(200);
    await applySeed(t.handle.db, readSeed(join(import.meta.dirname, '../../../seed')));
    const after = (await list(se)).find((p) => p.id === first!.id);
    expect(after).toMatchObject({ title: 'Kept across restarts' });
  });

  it('adds a product, hidden until the owner shows it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: se.headers,
      payload: { title: 'New tub', price: 999, category: 'oasis', blurb: '<p>New</p>' },
    });
    expect(res.statusCode).toBe(201);
    const added = res.json<ManagedProduct>();
    expect(added).toMatchObject({ title: 'New tub', hidden: true, version: 1 });
    expect((await list(se)).map((p) => p.id)).toContain(added.id);
    expect((await publicProduct(added.id)).statusCode).toBe(404);
  });

  it('refuses a bad edit with a message naming the field', async () => {
    const [first] = await list(se);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${first!.id}`,
      headers: se.headers,
      payload: { title: '', price: -1, category: 'boats', blurb: '', version: first!.version },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/title is required/);
  });

  it('hides and shows a product, and reorders the list', async () => {
    const products = await list(se);
    const id = products[0]!.id;
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/manage/products/${id}/visibility`,
      headers: se.headers,
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    expect((await publicProduct(id)).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: `/api/manage/products/${id}/visibility`,
      headers: se.headers,
      payload: { hidden: false },
    });
    expect((await publicProduct(id)).statusCode).toBe(200);

    const reversed = products.map((p) => p.id).reverse();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/manage/products/order',
      headers: se.headers,
      payload: { ids: reversed },
    });
    expect(order.statusCode).toBe(200);
    expect((await list(se)).map((p) => p.id)).toEqual(reversed);
  });

  it('uploads a cover picture through the pipeline and serves it; refuses an SVG', async () => {
    const first = (await list(se)).find((p) => !p.hidden);
    const jpeg = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/products/${first!.id}/picture`,
      ...(() => {
        const m = multipart(jpeg, 'phone.jpg', 'image/jpeg');
        return { payload: m.payload, headers: { ...se.headers, ...m.headers } };
      })(),
    });
    expect(res.statusCode).toBe(200);
    const picture = res.json<ManagedProduct>().picture;
    expect(picture).toMatch(/^\/media\/.+\/uploads\/p\d+-[0-9a-f]{12}-900\.jpeg$/);
    const shown = (await publicProduct(first!.id)).json<{ data: Product } | Product>();
    const product = 'data' in shown ? shown.data : shown;
    expect(product.picture).toBe(picture);
    expect(product.pictureSet?.widths).toEqual([320, 640, 900]);
    const served = await t.app.inject({ url: picture.replace('-900.jpeg', '-320.avif') });
    expect(served.statusCode).toBe(200);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const m = multipart(svg, 'cat.jpg', 'image/jpeg');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/manage/products/${first!.id}/picture`,
      payload: m.payload,
      headers: { ...se.headers, ...m.headers },
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json<{ message: string }>().message).toMatch(/^SVG drawings are not accepted/);
  });

  it("refuses another client's owner: 403 on that client's host, 404 for its ids on their own", async () => {
    const [seProduct] = await list(se);
    const byHost = await t.app.inject({
      url: '/api/manage/products',
      headers: { ...rrb.headers, host: se.headers.host!, origin: se.headers.origin! },
    });
    expect(byHost.statusCode).toBe(403);
    const rrbIds = new Set((await list(rrb)).map((p) => p.id));
    if (!rrbIds.has(seProduct!.id)) {
      const byId = await t.app.inject({
        method: 'POST',
        url: `/api/manage/products/${seProduct!.id}/visibility`,
        headers: rrb.headers,
        payload: { hidden: true },
      });
      expect(byId.statusCode).toBe(404);
    }
    const noSession = await t.app.inject({
      url: '/api/manage/products',
      headers: { host: se.headers.host! },
    });
    expect(noSession.statusCode).toBe(401);
  });
});
