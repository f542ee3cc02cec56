import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderQuoteAnswer, PlacedOrder } from '../../common/orders.js';
import type {
  DiscountCodeInput,
  DiscountCodeRecord,
  ShopSettingsAnswer,
} from '../../common/shop-settings.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/**
 * Issue 35 on both databases: delivery by zone and collection, VAT lines stored and answered,
 * discount codes checked and counted on the server (a race past the limit lets exactly the limit
 * through), refusals naming their field, and the owner's settings and codes kept to their owner.
 */
describeEachDatabase('delivery, VAT and discount codes', (kind) => {
  let t: TestApp;
  let se: OwnerSession;
  let bbg: OwnerSession;
  let run = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { ORDER_LIMIT_PER_IP: '1000' });
    se = await signInAs(t, 'SE');
    bbg = await signInAs(t, 'BBG');
  });
  afterAll(async () => {
    await t?.close();
  });

  const customer = (email = 'vat.buyer@example.com') => ({
    name: 'Vera Buyer',
    email,
    telephone: '07700 900456',
    address: '9 Tweed Road',
    message: '',
  });
  const post = (url: string, payload: object, client = 'SE') =>
    t.app.inject({ method: 'POST', url: `${url}?client=${client}`, payload });
  const owner = (
    session: OwnerSession,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  /** A fresh code for SE, unique per test and database. */
  async function makeCode(over: Partial<DiscountCodeInput> = {}): Promise<DiscountCodeRecord> {
    run += 1;
    const res = await owner(se, 'POST', '/api/manage/discount-codes', {
      code: {
        code: `T${kind.slice(0, 2)}${run}${Date.now() % 100000}`,
        kind: 'percent',
        value: 10,
        minSpendPence: 0,
        startsOn: null,
        endsOn: null,
        totalLimit: null,
        perCustomerLimit: null,
        freeDelivery: false,
        active: true,
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DiscountCodeRecord>();
  }

  it('prices delivery by zone, VAT per line, and a code, storing and answering every line', async () => {
    const code = await makeCode();
    const res = await post('/api/orders/create', {
      // The browser's totals are ignored: only ids, quantities and choices are read.
      lines: [{ productId: 201, quantity: 1, price: 1 }],
      customer: customer(),
      fulfilment: { method: 'delivery', postcode: 'td1 1aa' },
      discountCode: code.code.toLowerCase(),
      total: 1,
      delivery: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<{ data: PlacedOrder }>().data;
    // £4,999 − 10% (£499.90) = £4,499.10; The Borders £295 (free only over £8,000).
    expect(placed).toMatchObject({
      subtotal: 4999,
      discount: 499.9,
      discountCode: code.code,
      delivery: 295,
      total: 4794.1,
      vatRate: 20,
      vatNumber: 'GB 318 4729 56',
      fulfilment: { method: 'delivery', postcode: 'TD1 1AA', zoneName: 'The Borders' },
    });
    // VAT per line, half up: 449910 × 20/120 = 74985; delivery 29500 × 20/120 = 4916.67 → 4917.
    expect(placed.vat).toBe(799.02);
    expect(placed.net).toBe(3995.08);
    const stored = await t.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', placed.orderNumber)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      fulfilment_method: 'delivery',
      delivery_postcode: 'TD1 1AA',
      subtotal_pence: 499900,
      discount_pence: 49990,
      delivery_pence: 29500,
      vat_pence: 79902,
      gross_pence: 479410,
      total: 479410,
    });
    const lines = await t.handle.db
      .selectFrom('order_lines')
      .select(['discount_pence', 'vat_pence'])
      .where('order_id', '=', stored.id)
      .execute();
    expect(lines).toEqual([{ discount_pence: 49990, vat_pence: 74985 }]);
    // The owner's order page reads the same figures.
    const detail = await owner(se, 'GET', `/api/manage/orders/${placed.orderNumber}`);
    expect(detail.json<{ money: unknown }>().money).toMatchObject({
      subtotal: 4999,
      discount: 499.9,
      delivery: 295,
      vat: 799.02,
      total: 4794.1,
    });
  });

  it('collects free of charge, quotes as it will order, and frees delivery over the threshold', async () => {
    const collected = await post('/api/orders/create', {
      lines: [{ productId: 201, quantity: 1 }],
      customer: customer(),
      fulfilment: { method: 'collection' },
    });
    expect(collected.statusCode).toBe(201);
    expect(collected.json<{ data: PlacedOrder }>().data).toMatchObject({
      delivery: 0,
      total: 4999,
      vat: 833.17,
      fulfilment: { method: 'collection' },
    });
    const quote = await post('/api/orders/quote', {
      lines: [{ productId: 2, quantity: 1 }],
      fulfilment: { method: 'delivery', postcode: 'EH1 1YZ' },
    });
    expect(quote.statusCode).toBe(200);
    const answer = quote.json<{ data: OrderQuoteAnswer }>().data;
    expect(answer.money).toMatchObject({ subtotal: 8995, delivery: 0, total: 8995 });
    expect(answer.options.collection?.address).toContain('Newbridge');
    // BBG is not VAT-registered: no VAT, and its local zone charges under £40.
    const bbgQuote = await post(
      '/api/orders/quote',
      {
        lines: [{ productId: 1, quantity: 1 }],
        fulfilment: { method: 'delivery', postcode: 'G42 8RT' },
      },
      'BBG',
    );
    expect(bbgQuote.json<{ data: OrderQuoteAnswer }>().data.money).toMatchObject({
      subtotal: 7.99,
      delivery: 3.95,
      vat: 0,
      total: 11.94,
      vatRegistered: false,
    });
  });

  it('refuses with 400 naming the field, keeping nothing', async () => {
    const before = await t.handle.db.selectFrom('orders').select('id').execute();
    const base = { lines: [{ productId: 201, quantity: 1 }], customer: customer() };
    const expired = await makeCode({ endsOn: '2020-01-31' });
    const future = await makeCode({ startsOn: '2999-01-01' });
    const big = await makeCode({ minSpendPence: 1_000_000 });
    const cases: Array<[object, string, string]> = [
      [{}, 'fulfilment', 'choose delivery or collection'],
      [{ fulfilment: { method: 'delivery' } }, 'fulfilment.postcode', 'postcode'],
      [
        { fulfilment: { method: 'delivery', postcode: 'nonsense' } },
        'fulfilment.postcode',
        'full UK postcode',
      ],
      [
        { fulfilment: { method: 'delivery', postcode: 'SW1A 1AA' } },
        'fulfilment.postcode',
        'do not deliver to SW1A 1AA',
      ],
      [
        { fulfilment: { method: 'collection' }, discountCode: 'NOSUCHCODE' },
        'discountCode',
        'do not recognise',
      ],
      [
        { fulfilment: { method: 'collection' }, discountCode: expired.code },
        'discountCode',
        'ended on 2020-01-31',
      ],
      [
        { fulfilment: { method: 'collection' }, discountCode: future.code },
        'discountCode',
        'starts on 2999-01-01',
      ],
      [
        { fulfilment: { method: 'collection' }, discountCode: big.code },
        'discountCode',
        'at least £10,000.00',
      ],
    ];
    for (const [extra, path, words] of cases) {
      const res = await post('/api/orders/create', { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const body = res.json<{ message: string; issues: Array<{ path: string }> }>();
      expect(body.message).toContain(words);
      expect(body.issues[0]?.path).toBe(path);
    }
    const after = await t.handle.db.selectFrom('orders').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('lets exactly the limit through when a code is raced, and holds the per-customer limit', async () => {
    const code = await makeCode({ totalLimit: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post('/api/orders/create', {
          lines: [{ productId: 201, quantity: 1 }],
          customer: customer(`racer${i}@example.com`),
          fulfilment: { method: 'collection' },
          discountCode: code.code,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect([400, 409]).toContain(refused.statusCode);
      expect(refused.json<{ issues: Array<{ path: string }> }>().issues[0]?.path).toBe(
        'discountCode',
      );
    }
    const row = await t.handle.db
      .selectFrom('discount_codes')
      .select('used_count')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(3);
    const redemptions = await t.handle.db
      .selectFrom('discount_redemptions')
      .select('id')
      .where('code_id', '=', code.id)
      .execute();
    expect(redemptions).toHaveLength(3);

    const once = await makeCode({ perCustomerLimit: 1 });
    const order = (email: string) =>
      post('/api/orders/create', {
        lines: [{ productId: 201, quantity: 1 }],
        customer: customer(email),
        fulfilment: { method: 'collection' },
        discountCode: once.code,
      });
    expect((await order('Once@Example.com')).statusCode).toBe(201);
    const again = await order('once@example.com');
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toContain('already used the code');
    expect((await order('someone.else@example.com')).statusCode).toBe(201);
  });

  it('keeps settings and codes to their owner: another client, staff and no session are refused', async () => {
    const code = await makeCode();
    const theirs = await owner(bbg, 'PUT', `/api/manage/discount-codes/${code.id}`, {
      code: { ...code, active: false },
      version: code.version,
    });
    expect(theirs.statusCode).toBe(404);
    const bbgCodes = await owner(bbg, 'GET', '/api/manage/discount-codes');
    expect(bbgCodes.json<{ codes: DiscountCodeRecord[] }>().codes.map((c) => c.id)).not.toContain(
      code.id,
    );
    const staff = await signInAs(t, 'SE', { role: 'staff' });
    for (const [method, url] of [
      ['GET', '/api/manage/shop-settings'],
      ['PUT', '/api/manage/shop-settings'],
      ['GET', '/api/manage/discount-codes'],
      ['POST', '/api/manage/discount-codes'],
    ] as const) {
      expect((await owner(staff, method, url, {})).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method, url, headers: { host: 'se.localhost' } })).statusCode,
      ).toBe(401);
    }
  });

  it('saves settings with a version, refusing a stale one, and refuses a duplicate code in any case', async () => {
    const current = (
      await owner(bbg, 'GET', '/api/manage/shop-settings')
    ).json<ShopSettingsAnswer>();
    const changed = {
      ...current.settings,
      collection: { ...current.settings.collection, openingTimes: 'Every day 9 to 9' },
    };
    const saved = await owner(bbg, 'PUT', '/api/manage/shop-settings', {
      settings: changed,
      version: current.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ShopSettingsAnswer>().version).toBe(current.version + 1);
    const stale = await owner(bbg, 'PUT', '/api/manage/shop-settings', {
      settings: changed,
      version: current.version,
    });
    expect(stale.statusCode).toBe(409);
    const badZone = await owner(bbg, 'PUT', '/api/manage/shop-settings', {
      settings: {
        ...changed,
        delivery: {
          offered: true,
          zones: [{ name: 'X', prefixes: ['12'], pricePence: 1, freeOverPence: null }],
        },
      },
      version: current.version + 1,
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json<{ issues: Array<{ path: string }> }>().issues[0]?.path).toBe(
      'settings.delivery.zones.0.prefixes.0',
    );

    const code = await makeCode();
    const dup = await owner(se, 'POST', '/api/manage/discount-codes', {
      code: { ...code, code: code.code.toLowerCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ issues: Array<{ path: string }> }>().issues[0]?.path).toBe('code.code');
  });
});
