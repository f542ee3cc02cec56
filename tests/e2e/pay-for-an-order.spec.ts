import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { DatabaseSync } from '@photostructure/sqlite';
import Stripe from 'stripe';
import { sealSecret } from '../../src/server/payments/secret-box';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in/stripe-stand-in';
import { desktop, expectNoAxeViolations, phone } from './back-office';
import { expect, startSiteServer, test, useOwnSiteServer, type SiteServer } from './fixtures';
import { addToCart, fillCheckout } from './shop-steps';

/*
 * Issue 36, the visitor's side of paying for an order (decision 0077): a shopper pays by card
 * on the Stripe stand-in's hosted page and comes back to /checkout/paid; another cancels there
 * and comes back to /checkout/not-paid, with the order kept and a way to pay again.
 *
 * This file's server is its own, pointed at a stand-in of its own (STRIPE_API_URL) with a sealing
 * key: the grocer takes cards here only, so no other spec's checkout on the shared server changes.
 */
const clientCode = 'BBG';
const secretKey = 'sk_test_highstreetBrowserPays01';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Stripe's side of connecting: a webhook endpoint for the site, made through the SDK. */
async function connectStripe(site: SiteServer, standIn: StripeStandIn, encryptionKey: Buffer) {
  const url = new URL(standIn.url);
  const stripe = new Stripe(secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
  });
  const endpoint = await stripe.webhookEndpoints.create({
    url: `${site.baseURL}/api/payments/webhook/${clientCode}`,
    enabled_events: ['checkout.session.completed'],
  });
  // What the owner's Payments settings save (sealed, as PUT /api/manage/payment-settings does).
  const db = new DatabaseSync(site.sqliteFile);
  try {
    db.prepare(
      `INSERT INTO payment_settings (client_code, secret_key_sealed, webhook_secret_sealed,
        secret_key_hint, webhook_secret_hint, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, 1)`,
    ).run(
      clientCode,
      sealSecret(encryptionKey, clientCode, secretKey),
      sealSecret(encryptionKey, clientCode, endpoint.secret!),
      secretKey.slice(-4),
      endpoint.secret!.slice(-4),
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
}

let standIn: StripeStandIn;
const encryptionKey = randomBytes(32);
const ownSite = useOwnSiteServer({
  start: async () => {
    // The webhook comes a second after the visitor is back, as Stripe's may: the page waits.
    standIn = await startStripeStandIn({ webhookDelayMs: 1000 });
    return startSiteServer(await freePort(), {
      STRIPE_API_URL: standIn.url,
      PAYMENTS_ENCRYPTION_KEY: encryptionKey.toString('hex'),
    });
  },
  prepare: (server) => connectStripe(server, standIn, encryptionKey),
  afterStop: () => standIn.close(),
});
// One server for both journeys.
test.describe.configure({ mode: 'serial' });

async function checkOutPayingByCard(page: import('@playwright/test').Page, name: string) {
  await addToCart(page, 1, '2', clientCode);
  await page.getByRole('link', { name: 'Check out' }).click();
  // BBG delivers on Glasgow's Southside (issue 35).
  await fillCheckout(page, name, 'G42 8RT');
  const card = page.getByRole('radio', { name: /Pay now by card/ });
  await expect(card).toBeChecked();
  await expect(page.getByRole('radio', { name: /Pay later/ })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Order and pay' }).click();
  // The stand-in's hosted page (Stripe's, in production).
  await expect(page.getByRole('heading', { level: 1, name: /^Pay £/ })).toBeVisible();
}

test('a shopper pays by card on Stripe’s page and sees the payment received, at 390px', async ({
  page,
  consoleErrors,
}) => {
  const site = ownSite();
  await page.setViewportSize(phone);
  await checkOutPayingByCard(page, `Card Carla ${Date.now()}`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/paid\?order=BBG-\d+&token=/);
  const orderNumber = new URL(page.url()).searchParams.get('order')!;
  await expect(
    page.getByRole('heading', { level: 1, name: `Thank you: order ${orderNumber}` }),
  ).toBeVisible();
  // The webhook arrives after the visitor; the page asks again until it has.
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('paid by card');
  await expectNoAxeViolations(page);
  // The receipt goes through the outbox to the customer once the webhook has marked it paid.
  await site.smtp.waitFor(
    (mail) =>
      mail.to.includes('customer@example.com') &&
      mail.raw.includes(`Payment received for order ${orderNumber}`),
  );
  expect(consoleErrors).toEqual([]);
});

test('a shopper who cancels on Stripe’s page keeps the order unpaid and can pay again, at 1280px', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize(desktop);
  await checkOutPayingByCard(page, `Cancel Cora ${Date.now()}`);
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/checkout\/not-paid\?order=BBG-\d+&token=/);
  const orderNumber = new URL(page.url()).searchParams.get('order')!;
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${orderNumber} is saved, not paid` }),
  ).toBeVisible();
  await expect(page.getByText('nothing has been charged')).toBeVisible();
  await expect(page.getByText(/will contact you to arrange payment/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Try paying by card again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Pay £/ })).toBeVisible();
  await expect(page.getByText(orderNumber)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
