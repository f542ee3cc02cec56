import { randomBytes } from 'node:crypto';
import type { PlacedOrder } from '../../src/common/orders';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in/stripe-stand-in';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, startSiteServer, test } from './fixtures';

/*
 * Issue 36, the owner's side: the owner connects Stripe on the Payments screen (the keys masked
 * once saved), opens an order Stripe has said is paid, refunds part of it and sees it
 * part-refunded. The compiled server runs with its own Stripe (the local stand-in, STRIPE_API_URL)
 * and PAYMENTS_ENCRYPTION_KEY, on a port past the shared ones; the order is paid by the stand-in's
 * signed event, as Stripe's webhook would.
 */

const secretKey = 'sk_test_ownerRefundsInTheBrowser0042';
const webhookSecret = 'whsec_ownerRefundsInTheBrowser0042';

let standIn: StripeStandIn;
let site: Awaited<ReturnType<typeof startSiteServer>>;

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test.beforeAll(async ({}, testInfo) => {
  standIn = await startStripeStandIn();
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 65 + testInfo.parallelIndex;
  site = await startSiteServer(port, {
    STRIPE_API_URL: standIn.url,
    PAYMENTS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  });
  // Stripe sends charge.refunded after each refund: so does the stand-in, signed.
  standIn.forwardEventsTo(`${site.baseURL}/api/payments/webhook/SE`, webhookSecret);
});
test.afterAll(async () => {
  await site?.stop();
  await standIn?.close();
});

/** A shopper's card order, and Stripe's signed event saying it is paid. */
async function paidCardOrder(): Promise<{ orderNumber: string; sessionId: string }> {
  const placed = await fetch(`${site.baseURL}/api/orders/create?client=SE`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: site.baseURL,
      'x-requested-with': 'fetch',
    },
    body: JSON.stringify({
      lines: [{ productId: 2, quantity: 2 }],
      customer: {
        name: 'Pat Browser',
        email: 'pat.browser@example.com',
        telephone: '07700 900125',
        address: '3 High Street',
        message: '',
      },
      fulfilment: { method: 'collection' },
      payBy: 'card',
    }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = ((await placed.json()) as { data: PlacedOrder }).data;
  const sessionId = /\/pay\/([^/?]+)/.exec(order.payment?.url ?? '')?.[1] ?? '';
  expect(standIn.sessions.has(sessionId)).toBe(true);
  const { payload, signature } = standIn.sign(standIn.pay(sessionId), webhookSecret);
  const paid = await fetch(`${site.baseURL}/api/payments/webhook/SE`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(await paid.json()).toMatchObject({ applied: true });
  return { orderNumber: order.orderNumber, sessionId };
}

test('the owner connects Stripe, then refunds part of a paid order', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: phone });
  const page = await context.newPage();
  await signedInOwner(page, site, 'SE');

  // The Payments screen, on a phone: a wrong key refused on its field, typing kept.
  await openAs(page, 'SE', '/manage/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Card payments' })).toBeVisible();
  await page.getByLabel('Secret key').fill('pk_test_notASecretKey1');
  await page.getByLabel('Webhook signing secret').fill(webhookSecret);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('A Stripe secret key starts sk_test_ or sk_live_').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Webhook signing secret')).toHaveValue(webhookSecret);
  await page.getByLabel('Secret key').fill(secretKey);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: ••••0042. Leave empty to keep it.')).toHaveCount(2);
  await expect(page.getByLabel('Secret key')).toHaveValue('');
  await expect(page.getByText('Connected: customers can pay by card at checkout.')).toBeVisible();
  await expect(page.getByLabel('Webhook address (paste it into Stripe)')).toHaveValue(
    `${site.baseURL}/api/payments/webhook/SE`,
  );
  await page.getByRole('button', { name: 'Test the connection' }).click();
  await expect(page.getByText('Stripe answered: the key works (test mode).')).toBeVisible();
  await expectNoAxeViolations(page);

  // An order Stripe says is paid: on a wide screen, the list and the order say so.
  const { orderNumber } = await paidCardOrder();
  await page.setViewportSize(desktop);
  await openAs(page, 'SE', `/manage/orders?search=${orderNumber}`);
  const card = page.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Card payment' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Part of it back: more than was paid is refused on the field; then £1.50, confirmed.
  const amount = page.getByLabel('Amount to refund (£)');
  await amount.fill('99999');
  await page.getByLabel(/^Why/).fill('One tub arrived dented');
  await page.getByRole('button', { name: 'Refund…' }).click();
  await expect(page.getByText(/At most £[\d.,]+ can be refunded/).first()).toBeVisible();
  await amount.fill('1.50');
  await page.getByRole('button', { name: 'Refund…' }).click();
  await expect(
    page.getByText('£1,50 will go back to Pat Browser’s card.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes, refund £1,50' }).click();
  await expect(page.getByText('Refunded £1,50. The customer is e-mailed.')).toBeVisible();
  const payment = page.locator('dl').filter({ hasText: 'Refunded' });
  await expect(payment.getByText('Part-refunded', { exact: true })).toBeVisible();
  await expect(payment.getByText('£1,50', { exact: true })).toBeVisible();
  expect(standIn.refunds.at(-1)).toMatchObject({ amount: 150 });

  // On a phone too, and the list says part-refunded.
  await page.setViewportSize(phone);
  await expectNoAxeViolations(page);
  await openAs(page, 'SE', `/manage/orders?search=${orderNumber}`);
  await expect(
    page.getByRole('listitem').filter({ hasText: orderNumber }).getByText('Part-refunded'),
  ).toBeVisible();
  await context.close();
});
