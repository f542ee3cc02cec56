import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VersionedBookingRules } from '../../src/common/booking-rules.js';
import { linkMessages } from '../../src/common/link-rules.js';
import type { ContentState } from '../../src/common/site-content.js';
import { textMessages } from '../../src/common/text-rules.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs, type OwnerSession } from '../support/owner-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** NUL first: PostgreSQL refuses it in text and jsonb, which was a 500 before (issue 30, item 8). */
const controls = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];

interface OwnerWrite {
  what: string;
  method: 'POST' | 'PUT';
  url: string;
  /** The request with `text` in one text field; the clean run passes '' or a letter. */
  body: (text: string) => Record<string, unknown>;
  /** The field's message the refusal carries. */
  message?: string;
}

describeEachDatabase("control characters in an owner's writes", (kind) => {
  let t: TestApp;
  let shop: OwnerSession;
  let salon: OwnerSession;
  beforeAll(async () => {
    t = await startTestApp(kind);
    shop = await signInAs(t, 'SE');
    salon = await signInAs(t, 'RRB');
  });
  afterAll(async () => t?.close());

  const send = (owner: OwnerSession, write: OwnerWrite, text: string) =>
    t.app.inject({
      method: write.method,
      url: write.url,
      headers: owner.headers,
      payload: write.body(text),
    });

  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const product = (text: string) => ({
    title: `Tub ${text}`,
    price: 100,
    category: 'oasis',
    blurb: '<p>Deep</p>',
  });
  const shopWrites: OwnerWrite[] = [
    { what: 'product title', method: 'POST', url: '/api/manage/products', body: product },
    {
      what: 'product description',
      method: 'PUT',
      url: '/api/manage/products/1',
      body: (text) => ({ ...product(''), blurb: `<p>De${text}ep</p>`, version: 1 }),
    },
    {
      what: 'picture path',
      method: 'PUT',
      url: '/api/manage/products/1/pictures',
      body: (text) => ({ pictures: [{ path: `/media/SE/a${text}`, alt: '' }], version: 1 }),
    },
    {
      what: 'picture alt text',
      method: 'PUT',
      url: '/api/manage/products/1/pictures',
      body: (text) => ({ pictures: [{ path: '/media/SE/a', alt: `Tub${text}` }], version: 1 }),
    },
    {
      what: 'order note',
      method: 'POST',
      url: '/api/manage/orders/SE-000001/status',
      body: (text) => ({ status: 'contacted', note: `Rang${text}` }),
    },
  ];
  const salonWrites: OwnerWrite[] = [
    {
      what: 'category name',
      method: 'POST',
      url: '/api/manage/categories',
      body: (text) => ({ name: `Brows${text}` }),
    },
    {
      what: 'category rename',
      method: 'PUT',
      url: '/api/manage/categories/1',
      body: (text) => ({ name: `Nails${text}` }),
    },
    {
      what: 'treatment description',
      method: 'POST',
      url: '/api/manage/treatments',
      body: (text) => ({
        name: 'Brow tint',
        description: `Tint${text}`,
        price: 12,
        duration: 15,
        categoryId: 1,
      }),
    },
    {
      what: 'treatment name',
      method: 'PUT',
      url: '/api/manage/treatments/1',
      body: (text) => ({ name: `Tint${text}`, price: 12, duration: 15, categoryId: 1 }),
    },
    ...(['name', 'telephone', 'email'] as const).map((field): OwnerWrite => ({
      what: `phone booking ${field}`,
      method: 'POST',
      url: '/api/manage/bookings',
      body: (text) => ({
        source: 'phone',
        startTime: `${day} 10:00:00`,
        customer: {
          name: 'Ann',
          telephone: '07700900123',
          email: 'ann@example.com',
          [field]: field === 'email' ? `ann${text}@example.com` : `0770${text}`,
        },
        treatmentIds: [1],
      }),
    })),
    {
      what: 'cancellation message',
      method: 'POST',
      url: '/api/manage/bookings/1/cancel',
      body: (text) => ({ message: `Ill${text}` }),
    },
    {
      what: 'cancellation internal note',
      method: 'POST',
      url: '/api/manage/bookings/1/cancel',
      body: (text) => ({ internalNote: `Ill${text}` }),
    },
    {
      what: 'cancellation preview message',
      method: 'POST',
      url: '/api/manage/bookings/1/cancel-preview',
      body: (text) => ({ message: `Ill${text}` }),
    },
  ];

  it.each(controls.map((c) => [JSON.stringify(c), c]))(
    '%s in every text field of the shop and diary writes is a 400 with the field message, never 500',
    async (_name, control) => {
      for (const [owner, writes] of [
        [shop, shopWrites],
        [salon, salonWrites],
      ] as const) {
        for (const write of writes) {
          const clean = await send(owner, write, '');
          // Without the control character the request passes validation (404 or 409 at most).
          expect([200, 201, 404, 409], `${write.what} without a control: ${clean.body}`).toContain(
            clean.statusCode,
          );
          const res = await send(owner, write, control);
          expect(res.statusCode, `${write.what}: ${res.body}`).toBe(400);
          expect(res.json().message, write.what).toContain(write.message ?? textMessages.control);
        }
      }
    },
  );

  it('a closure reason with a control character is refused, the hours unchanged', async () => {
    const current = (
      await t.app.inject({ url: '/api/manage/booking-rules', headers: salon.headers })
    ).json<VersionedBookingRules>();
    for (const control of controls) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/manage/booking-rules',
        headers: salon.headers,
        payload: {
          version: current.version,
          rules: {
            ...current.rules,
            closures: [{ from: day, to: day, reason: `Holiday${control}` }],
          },
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(`closures.0.reason: ${textMessages.control}`);
    }
    const after = await t.app.inject({ url: '/api/manage/booking-rules', headers: salon.headers });
    expect(after.json()).toEqual(current);
  });

  const contentState = async (owner: OwnerSession) =>
    (
      await t.app.inject({ url: '/api/manage/content', headers: owner.headers })
    ).json<ContentState>();
  const saveDraft = async (owner: OwnerSession, content: Record<string, unknown>) => {
    const state = await contentState(owner);
    return t.app.inject({
      method: 'PUT',
      url: '/api/manage/content/draft',
      headers: owner.headers,
      payload: {
        content,
        baseVersion: state.published.version,
        draftVersion: state.draft?.draftVersion ?? null,
      },
    });
  };

  it('site content with a control character anywhere is refused field by field, no draft kept', async () => {
    const { published } = await contentState(shop);
    const content = published.content as { welcome: { paragraphs: string[] } };
    for (const control of controls) {
      const res = await saveDraft(shop, {
        ...content,
        title: `Spa${control}`,
        welcome: { ...content.welcome, paragraphs: ['Warm', `water${control}`] },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toEqual(
        expect.arrayContaining([
          { path: 'title', message: textMessages.control },
          { path: 'welcome.paragraphs.1', message: textMessages.control },
        ]),
      );
    }
    expect((await contentState(shop)).draft).toBeNull();
  });

  it('sign-in, reset and set-password refuse a control character in the address or token with 400', async () => {
    for (const control of controls) {
      for (const [url, payload] of [
        ['/api/owner/login', { email: `owner${control}@example.com`, password: 'x' }],
        ['/api/owner/reset-request', { email: `owner@example.com${control}` }],
        [
          '/api/owner/set-password',
          { token: `${'a'.repeat(30)}${control}`, password: 'x'.repeat(12) },
        ],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...shop.headers, cookie: '' },
          payload,
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().message).toContain(textMessages.control);
      }
    }
  });

  it('links to scripts, data or another site are refused with the field message (issue 30, item 17)', async () => {
    const { published } = await contentState(shop);
    const content = published.content as {
      socialMedia: Record<string, unknown>;
      menuItems: { route: string; display: string }[];
    };
    for (const [change, path, message] of [
      [
        { socialMedia: { facebook: { link: 'javascript:alert(1)', display: 'Facebook' } } },
        'socialMedia.facebook.link',
        linkMessages.webLink,
      ],
      [
        { socialMedia: { instagram: { link: 'data:text/html,<b>x</b>', display: 'Insta' } } },
        'socialMedia.instagram.link',
        linkMessages.webLink,
      ],
      [{ whatsappLink: 'vbscript:msgbox(1)' }, 'whatsappLink', linkMessages.webLink],
      [
        { menuItems: [{ route: '//evil.example', display: 'Home' }] },
        'menuItems.0.route',
        linkMessages.sitePath,
      ],
      [
        { menuItems: [{ route: '/\\evil.example', display: 'Home' }] },
        'menuItems.0.route',
        linkMessages.sitePath,
      ],
    ] as const) {
      const res = await saveDraft(shop, { ...content, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message });
    }
    expect((await contentState(shop)).draft).toBeNull();
    // The same content with safe links is kept.
    const fine = await saveDraft(shop, {
      ...content,
      whatsappLink: 'https://wa.me/447700900418',
      socialMedia: { facebook: { link: 'https://www.facebook.com/spa', display: 'Facebook' } },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
