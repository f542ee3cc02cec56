import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '../../common/catalogue.js';
import { applySeed, readSeed } from '../db/seed.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { ManagedProduct } from '../../common/manage-products.js';

/** A PNG whose header claims width × height but carries almost no data (a decompression bomb). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (width: number, height: number, background = '#3a6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

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
  const shownProduct = async (id: number): Promise<Product> => {
    const shown = (await publicProduct(id)).json<{ data: Product } | Product>();
    return 'data' in shown ? shown.data : shown;
  };

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
    // Stored as the site shows it: the script is gone, the formatting kept.
    expect(res.json<ManagedProduct>().blurb).toBe('<p>Soft <b>and</b> deep</p>');

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
    expect(res.json<{ message: string }>().message).toMatch(/Please enter the title/);
  });

  it('answers a bad price with an issue on the price field, as the back office form shows it', async () => {
    const [first] = await list(se);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${first!.id}`,
      headers: se.headers,
      payload: {
        title: first!.title,
        price: 12.5,
        category: first!.category,
        blurb: first!.blurb,
        version: first!.version,
      },
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json<{ issues: Array<{ path: string; message: string }> }>().issues;
    expect(issues).toEqual([
      {
        path: 'price',
        message: 'Please enter the price as a whole number, without pence after a point',
      },
    ]);
    expect((await list(se)).find((p) => p.id === first!.id)).toMatchObject({
      price: first!.price,
      version: first!.version,
    });
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

  const upload = async (
    url: string,
    data: Buffer,
    session: OwnerSession = se,
    filename = 'phone.jpg',
    type = 'image/jpeg',
  ) => {
    const m = multipart(data, filename, type);
    return t.app.inject({
      method: 'POST',
      url,
      payload: m.payload,
      headers: { ...session.headers, ...m.headers },
    });
  };

  it('saves a description from the editor sanitised: script and handlers gone, formatting kept', async () => {
    const [first] = await list(se);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${first!.id}`,
      headers: se.headers,
      payload: {
        ...first!,
        blurb:
          '<p><strong>Deep</strong> <em>seats</em></p><ul><li>Six jets</li></ul>' +
          '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">manual</a>' +
          '<a href="https://example.com/m.pdf">guide</a><script>alert(2)</script>',
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.handle.db
      .selectFrom('products')
      .select('blurb')
      .where('client_code', '=', 'SE')
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(stored.blurb).toContain(
      '<p><strong>Deep</strong> <em>seats</em></p><ul><li>Six jets</li></ul>',
    );
    expect(stored.blurb).toContain('<a href="https://example.com/m.pdf">guide</a>');
    expect(stored.blurb).not.toMatch(/script|onerror|javascript:/);
    expect(res.json<ManagedProduct>().blurb).toBe(stored.blurb);
  });

  it('refuses an order that leaves out a product (one added meanwhile): 409, nothing changed', async () => {
    const before = (await list(se)).map((p) => p.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/products/order',
      headers: se.headers,
      payload: { ids: before.slice(1).reverse() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/^The product list changed/);
    expect((await list(se)).map((p) => p.id)).toEqual(before);
  });

  it('keeps several pictures: added from a phone, ordered, described and removed, version-checked', async () => {
    const product = (await list(se)).find(
      (p) => !p.hidden && p.pictures.length > 1 && p.pictures[0]!.path.endsWith('/cover'),
    )!;
    const drawn = product.pictures.map((p) => p.path);
    expect(drawn[0]).toBe(`/media/SE/pics/${product.id}/cover`);

    const added = await upload(
      `/api/manage/products/${product.id}/pictures`,
      await photo(700, 700),
    );
    expect(added.statusCode).toBe(200);
    const withUpload = added.json<ManagedProduct>();
    expect(withUpload.pictures).toHaveLength(drawn.length + 1);
    const last = withUpload.pictures.at(-1)!;
    expect(last).toMatchObject({ width: 700, height: 700, widths: [320, 640, 700], alt: '' });
    expect(last.path).toMatch(new RegExp(`^/media/SE/uploads/p${product.id}-[0-9a-f]{12}$`));

    // The upload first, described; the drawn cover removed; the others after, in their order.
    const order = [
      { path: last.path, alt: 'The tub on a patio at dusk' },
      ...drawn.slice(1).map((path) => ({ path, alt: '' })),
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${product.id}/pictures`,
      headers: se.headers,
      payload: { pictures: order, version: withUpload.version },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ManagedProduct>().pictures.map((p) => [p.path, p.alt])).toEqual(
      order.map((p) => [p.path, p.alt]),
    );

    const shown = await shownProduct(product.id);
    expect(shown.picture).toBe(`${last.path}-700.jpeg`);
    expect(shown.pictureSet).toMatchObject({ path: last.path, widths: [320, 640, 700] });
    expect(shown.gallery?.map((p) => p.alt)[0]).toBe('The tub on a patio at dusk');
    expect(shown.gallery).toHaveLength(order.length);

    // The same request again names the version it saw: someone (itself) changed it since.
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${product.id}/pictures`,
      headers: se.headers,
      payload: { pictures: order, version: withUpload.version },
    });
    expect(stale.statusCode).toBe(409);
    const current = saved.json<ManagedProduct>();
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${product.id}/pictures`,
      headers: se.headers,
      payload: {
        pictures: [{ path: '/media/BBG/pics/1/cover', alt: '' }],
        version: current.version,
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toMatch(
      /is not one of this product’s pictures/,
    );
    const none = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${product.id}/pictures`,
      headers: se.headers,
      payload: { pictures: [], version: current.version },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toMatch(/at least one picture/);
    // A description the shared rule refuses is named by its place, the back office's box name.
    const long = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/products/${product.id}/pictures`,
      headers: se.headers,
      payload: {
        pictures: current.pictures.map((p, i) => ({
          path: p.path,
          alt: i === 1 ? 'x'.repeat(201) : '',
        })),
        version: current.version,
      },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ issues: unknown }>().issues).toEqual([
      { path: 'pictures.1.alt', message: 'Please keep the description under 200 characters' },
    ]);
  });

  it('shows a new product only once it has a picture', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: se.headers,
      payload: { title: 'Picture later', price: 10, category: 'oasis', blurb: '' },
    });
    const added = res.json<ManagedProduct>();
    expect(added.pictures).toEqual([]);
    const show = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/products/${added.id}/visibility`,
        headers: se.headers,
        payload: { hidden: false },
      });
    const early = await show();
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      'Add a picture of this product before showing it on the site.',
    );
    expect(
      (await upload(`/api/manage/products/${added.id}/picture`, await photo(400, 300))).statusCode,
    ).toBe(200);
    expect((await show()).statusCode).toBe(200);
    expect((await shownProduct(added.id)).gallery).toHaveLength(1);
  });

  it('refuses hostile uploads with a message an owner can act on, storing nothing', async () => {
    const { id } = (await list(se))[0]!;
    const url = `/api/manage/products/${id}/pictures`;
    const before = (await list(se))[0]!.pictures;

    const text = await upload(
      url,
      Buffer.from('just some words, not a photo\n'.repeat(20)),
      se,
      'holiday.jpg',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toBe(
      'This file is not a picture; upload a JPEG, PNG, WebP or AVIF file.',
    );

    const bomb = await upload(url, pngClaiming(50_000, 50_000), se, 'small.png', 'image/png');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json<{ message: string }>().message).toBe(
      'The picture is 50000 × 50000 pixels; the largest accepted is 24 megapixels.',
    );

    const svg = await upload(
      url,
      Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ),
      se,
      'logo.png',
      'image/png',
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json<{ message: string }>().message).toMatch(
      /^SVG drawings are not accepted \(they can carry scripts\)/,
    );

    // Issue 30, item 15: a long screenshot was a 500 from the AVIF encoder after seconds of work.
    const tall = await upload(
      url,
      await sharp({ create: { width: 1080, height: 17_000, channels: 3, background: '#369' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
      se,
      'screenshot.png',
      'image/png',
    );
    expect(tall.statusCode).toBe(422);
    expect(tall.json<{ message: string }>().message).toMatch(
      /^The picture is 1080 × 17000 pixels, too tall to store: .* Crop it to at most 16,383 pixels tall/,
    );

    expect((await list(se))[0]!.pictures).toEqual(before);
  });

  it('keeps a picture library for content pages: upload through the pipeline, list, per client', async () => {
    const stored = await upload('/api/manage/media', await photo(1600, 1000, '#a36'));
    expect(stored.statusCode).toBe(201);
    const { picture } = stored.json<{
      picture: { path: string; width: number; height: number; widths: number[] };
    }>();
    expect(picture).toMatchObject({ width: 1280, height: 800, widths: [320, 640, 960, 1280] });
    expect(picture.path).toMatch(/^\/media\/SE\/library\/m-[0-9a-f]{12}$/);
    for (const format of ['avif', 'webp', 'jpeg']) {
      const file = await t.app.inject({ url: `${picture.path}-640.${format}` });
      expect(file.statusCode, format).toBe(200);
    }
    const listed = await t.app.inject({ url: '/api/manage/media', headers: se.headers });
    expect(
      listed.json<{ pictures: Array<{ path: string }> }>().pictures.map((p) => p.path),
    ).toContain(picture.path);
    const theirs = await t.app.inject({ url: '/api/manage/media', headers: rrb.headers });
    expect(theirs.json<{ pictures: unknown[] }>().pictures).toEqual([]);

    const refused = await upload(
      '/api/manage/media',
      pngClaiming(50_000, 50_000),
      se,
      'a.png',
      'image/png',
    );
    expect(refused.statusCode).toBe(413);
  });

  it('adds a picture of the library to a product, version-checked; the library then keeps it', async () => {
    const stored = await upload('/api/manage/media', await photo(1000, 800, '#36a'));
    expect(stored.statusCode).toBe(201);
    const { picture } = stored.json<{ picture: { path: string; file: string } }>();
    const name = picture.path.slice(picture.path.lastIndexOf('/') + 1);
    const product = (await list(se)).at(-1)!;
    const choose = (body: Record<string, unknown>, session: OwnerSession = se, id = product.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/products/${id}/pictures/library`,
        headers: session.headers,
        payload: body,
      });

    // Someone else's change since the owner looked: refused, nothing added.
    const stale = await choose({ name, alt: 'Blue tub', version: product.version - 1 });
    expect(stale.statusCode).toBe(409);

    const res = await choose({ name, alt: ' Blue tub ', version: product.version });
    expect(res.statusCode).toBe(200);
    const updated = res.json<ManagedProduct>();
    expect(updated.version).toBe(product.version + 1);
    expect(updated.pictures).toHaveLength(product.pictures.length + 1);
    expect(updated.pictures.at(-1)).toMatchObject({
      path: picture.path,
      alt: 'Blue tub',
      width: 1000,
      height: 800,
    });
    if (!updated.hidden) {
      const shown = await shownProduct(product.id);
      expect(shown.gallery?.map((p) => p.path)).toContain(picture.path);
    }

    // Once is enough; a name that is no picture of the library is refused with words to act on.
    expect((await choose({ name, alt: '', version: updated.version })).statusCode).toBe(409);
    const missing = await choose({ name: 'm-000000000000', alt: '', version: updated.version });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toMatch(/not in your library/);
    const bad = await choose({ name: '../../etc/passwd', alt: '', version: updated.version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: Array<{ path: string }> }>().issues[0]?.path).toBe('name');

    // Another client's owner cannot take this client's library picture for their own product.
    const [rrbProduct] = await list(rrb);
    if (rrbProduct) {
      const other = await choose(
        { name, alt: '', version: rrbProduct.version },
        rrb,
        rrbProduct.id,
      );
      expect(other.statusCode).toBe(404);
    }

    // The library now refuses to delete it: the product shows it.
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/manage/media/${name}`,
      headers: se.headers,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json<{ message: string }>().message).toContain(product.title);
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
