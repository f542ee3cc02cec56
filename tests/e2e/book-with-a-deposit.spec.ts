import { randomBytes } from 'node:crypto';
import { DatabaseSync } from '@photostructure/sqlite';
import { sealSecret } from '../../src/server/payments/secret-box.js';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in/stripe-stand-in.js';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import {
  chooseDateAndTime,
  chooseTreatments,
  fillBookingDetails,
  londonDate,
  nextDate,
} from './booking-steps';
import type { Page } from '@playwright/test';
import {
  expect,
  openAs,
  startSiteServer,
  test,
  useOwnSiteServer,
  type SiteServer,
} from './fixtures';

/**
 * Issue 36 (decision 0079): a visitor books a treatment that asks a deposit, sees the policy before
 * Book, is sent to Stripe's page (the stand-in's), and, once Stripe's signed webhook has come, the
 * page Stripe returns to says the booking is confirmed. This spec runs its own server pointed at
 * the stand-in (port E2E_PORT_BASE + 60), with RRB's keys and a 50% deposit stored directly
 * (and one therapist's own price of a facial, for what the page says it costs).
 */
const secretKey = 'sk_test_highstreetE2eDeposit01';
const webhookSecret = 'whsec_highstreetE2eDeposit0001';

// One server and one stand-in for the whole spec: its tests run one after the other.
test.describe.configure({ mode: 'serial' });

let standIn: StripeStandIn;

/** RRB's Stripe keys, sealed with the server's key, and a 50% deposit, straight into its data. */
function storeDepositSettings(sqliteFile: string, key: Buffer): void {
  const db = new DatabaseSync(sqliteFile);
  try {
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO payment_settings (client_code, secret_key_sealed, webhook_secret_sealed,
         secret_key_hint, webhook_secret_hint, version, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)`,
    ).run(
      'RRB',
      sealSecret(key, 'RRB', secretKey),
      sealSecret(key, 'RRB', webhookSecret),
      secretKey.slice(-4),
      webhookSecret.slice(-4),
      now,
    );
    const settings = {
      mode: 'booking',
      booking: { kind: 'percent', amount: 50 },
      treatments: [],
      freeCancelHours: 48,
    };
    db.prepare(
      'INSERT INTO deposit_settings (client_code, settings, version, updated_at) VALUES (?, ?, 1, ?)',
    ).run('RRB', JSON.stringify(settings), now);
    db.prepare('UPDATE treatments SET patch_test_hours = NULL WHERE client_code = ?').run('RRB');
    // Issue 32: Kirsty's own price and length of the Express Glow Facial (£35, 30 minutes).
    db.prepare(
      `UPDATE staff_treatments SET price_pence = 4200, duration_minutes = 45
         WHERE treatment_id = 15 AND staff_id = (SELECT id FROM staff_members
           WHERE client_code = 'RRB' AND name = 'Kirsty Paterson')`,
    ).run();
  } finally {
    db.close();
  }
}

// This spec's server is pointed at the stand-in (the shared one is not).
const paymentsKey = randomBytes(32);
const ownSite = useOwnSiteServer({
  start: async (parallelIndex) => {
    standIn = await startStripeStandIn();
    return startSiteServer(Number(process.env.E2E_PORT_BASE ?? 4400) + 60 + parallelIndex, {
      PAYMENTS_ENCRYPTION_KEY: paymentsKey.toString('hex'),
      STRIPE_API_URL: standIn.url,
    });
  },
  prepare: (server) => storeDepositSettings(server.sqliteFile, paymentsKey),
  afterStop: () => standIn.close(),
});

for (const [size, viewport, time] of [
  ['phone', phone, '10:00'],
  ['desktop', desktop, '14:00'],
] as const) {
  test(`a visitor books with a deposit and pays it (${size})`, async ({ page }) => {
    const site = ownSite();
    await page.setViewportSize(viewport);
    const email = `deposit-${size}-${Date.now()}@example.com`;
    await openAs(page, 'RRB', '/booking');
    await chooseTreatments(page);
    await chooseDateAndTime(page, nextDate(5, true), time);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBookingDetails(page, email);
    const policy = page.getByTestId('deposit-policy');
    await expect(policy).toContainText('A deposit of £');
    await expect(policy).toContainText('at least 48 hours before');
    await expectNoAxeViolations(page);

    // Book: the booked screen goes on to Stripe's page (the stand-in's hosted page).
    const toStripe = page.waitForRequest((r) => r.url().startsWith(`${standIn.url}/pay/`));
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    const payUrl = (await toStripe).url();
    // On Stripe's page before Stripe sends the visitor back (else the two navigations race).
    await page.waitForURL((url) => url.href.startsWith(`${standIn.url}/pay/`));
    const session = standIn.sessions.get(payUrl.split('/pay/')[1]!)!;
    expect(session.amount_total).toBeGreaterThan(0);

    // Paid on Stripe's page: Stripe sends the signed event, then returns the visitor.
    const { payload, signature } = standIn.sign(standIn.pay(session.id), webhookSecret);
    const delivered = await page.request.post(`${site.baseURL}/api/payments/webhook/RRB`, {
      data: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(await delivered.json()).toEqual({ received: true, applied: true });
    await page.goto(String(session['success_url']));
    await expect(page.getByRole('status')).toContainText('is confirmed');
    await expect(page.getByTestId('booking-reference')).toHaveText(/^[0-9A-Z-]{8,9}$/);
    await expectNoAxeViolations(page);
  });
}

test('the owner sets the deposit and the cancellation policy on the Hours screen (phone)', async ({
  page,
}) => {
  const site = ownSite();
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  await openAs(page, 'RRB', '/manage/hours');
  const section = page.getByRole('form', { name: 'Deposits and cancellation' });
  await expect(section.getByLabel('Deposit', { exact: true })).toHaveValue('booking');
  await section.getByLabel('Deposit amount').fill('150');
  await section.getByRole('button', { name: 'Save deposits' }).click();
  await expect(section.getByText('A percent is at most 100').first()).toBeVisible();
  await expect(section.getByLabel('Deposit amount')).toHaveValue('150');
  await section.getByLabel('Deposit amount').fill('25');
  await section.getByLabel('Free cancellation until (hours before)').fill('24');
  await section.getByRole('button', { name: 'Save deposits' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectNoAxeViolations(page);
});

/**
 * A booking of the test's own on a day `ahead` (its last free time, which no other test takes),
 * its deposit paid through the stand-in and Stripe's signed webhook.
 */
async function paidDepositBooking(
  page: Page,
  site: SiteServer,
  name: string,
  ahead: number,
): Promise<{ id: number; depositPence: number; paymentIntent: string }> {
  const date = nextDate(ahead, true);
  const api = `${site.baseURL}/api`;
  const [treatment] = (await (
    await page.request.get(`${api}/treatments/list?client=RRB`)
  ).json()) as Array<{ Duration: number; Price: number }>;
  const times = (await (
    await page.request.post(`${api}/bookings/time?client=RRB`, {
      data: { bookingDate: date, estmatedDuration: treatment!.Duration },
    })
  ).json()) as string[];
  const created = await page.request.post(`${api}/bookings/create?client=RRB`, {
    data: {
      totalPrice: treatment!.Price,
      totalDuration: treatment!.Duration,
      startTime: `${date} ${times.at(-1)}:00`,
      endTime: `${date} 23:00:00`,
      customer: {
        name,
        dob: '1900-01-01 00:00:00',
        telephone: '07700900123',
        email: `deposit-refund-${Date.now()}@example.com`,
        doorNo: '1',
        postCode: 'EH49 7AB',
        gdprConsent: true,
        gift: false,
        marketing: false,
      },
      treatments: [treatment],
    },
  });
  expect(created.status()).toBe(200);
  const booked = ((await created.json()) as { data: { ID: number; deposit: { pence: number } } })
    .data;
  const session = [...standIn.sessions.values()].find(
    (s) => s.metadata['booking_id'] === String(booked.ID),
  )!;
  const { payload, signature } = standIn.sign(standIn.pay(session.id), webhookSecret);
  const delivered = await page.request.post(`${api}/payments/webhook/RRB`, {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(await delivered.json()).toEqual({ received: true, applied: true });
  return {
    id: booked.ID,
    depositPence: booked.deposit.pence,
    paymentIntent: session.payment_intent,
  };
}

test('the owner refunds part of a paid deposit from the diary: too much is refused on the field, then confirmed (phone, desktop)', async ({
  page,
}) => {
  const site = ownSite();
  const booked = await paidDepositBooking(page, site, 'Dee Posit', 9);
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  await openAs(page, 'RRB', `/manage/diary?booking=${booked.id}`);
  const form = page.getByRole('form', { name: 'Refund the deposit' });
  const amount = form.getByLabel('Amount to refund (£)');
  const tooMuch = ((booked.depositPence + 100) / 100).toFixed(2);
  await amount.fill(tooMuch);
  await form.getByLabel(/^Why/).fill('Therapist ill');
  await form.getByRole('button', { name: 'Refund deposit…' }).click();
  await expect(form.getByText(/At most £/).first()).toBeVisible();
  await expect(amount).toHaveValue(tooMuch);
  await expect(form.getByLabel(/^Why/)).toHaveValue('Therapist ill');
  await expectNoAxeViolations(page);

  await page.setViewportSize(desktop);
  await amount.fill('1.00');
  await form.getByRole('button', { name: 'Refund deposit…' }).click();
  await expect(form.getByRole('status')).toContainText('£1.00 will go back to Dee Posit');
  await form.getByRole('button', { name: 'Yes, refund £1.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refunded £1.00' })).toBeVisible();
  await expect(page.locator('.diary-deposit')).toContainText('part refunded');
  expect(standIn.refunds.filter((r) => r.payment_intent === booked.paymentIntent)).toHaveLength(1);
  await expectNoAxeViolations(page);
});

test('the owner cancels a booking with a paid deposit and gives the deposit back in the same step', async ({
  page,
}) => {
  const site = ownSite();
  const booked = await paidDepositBooking(page, site, 'Cass Ancel', 10);
  await page.setViewportSize(desktop);
  await signedInOwner(page, site, 'RRB');
  await openAs(page, 'RRB', `/manage/diary?booking=${booked.id}`);
  const form = page.getByRole('form', { name: 'Cancel this booking' });
  const pounds = `£${(booked.depositPence / 100).toFixed(2)}`;
  await expect(form.getByRole('checkbox', { name: /Refund the deposit/ })).toBeChecked();
  await form.getByLabel(/^Internal note/).fill('Therapist off sick');
  await form.getByRole('button', { name: 'Cancel the booking…' }).click();
  await expect(form.getByRole('status')).toContainText(`${pounds} goes back to the customer`);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: /^Yes, cancel/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Booking cancelled, and ${pounds} refunded` }),
  ).toBeVisible();
  await expect(page.locator('.diary-deposit')).toContainText('refunded');
  const refunds = standIn.refunds.filter((r) => r.payment_intent === booked.paymentIntent);
  expect(refunds.map((r) => r.amount)).toEqual([booked.depositPence]);
});

test("a therapist's own price is what the page shows, in the total, the recap and the deposit", async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  await openAs(page, 'RRB', '/booking');
  await page.getByRole('button', { name: 'Facials' }).click();
  await page.getByRole('checkbox', { name: /Express Glow Facial/ }).check();
  // Any therapist: Morven at the list's £35 and 30 minutes, or Kirsty at her £42 and 45.
  const totals = page.locator('.booking-totals').first();
  await expect(totals).toContainText('Total: £35.00 to £42.00');
  await expect(totals).toContainText('Time: 30 minutes to 45 minutes');
  await expect(totals).toContainText('It depends on the therapist you are booked with.');
  const choice = page.getByRole('group', { name: 'Therapist' });
  await choice.getByRole('radio', { name: 'Kirsty Paterson' }).check();
  await expect(totals).toContainText('Total: £42.00');
  await expect(totals).toContainText('Time: 45 minutes');
  await expect(totals).not.toContainText('depends');
  // A Thursday: Kirsty works 12:00 to 20:00.
  let ahead = 12;
  while (new Date(`${londonDate(ahead)}T12:00:00Z`).getUTCDay() !== 4) ahead++;
  const date = londonDate(ahead);
  await chooseDateAndTime(page, date, '15:00');
  await page.getByRole('button', { name: 'Next' }).click();
  const recap = page.locator('.booking-recap');
  await expect(recap).toContainText('With Kirsty Paterson');
  await expect(recap).toContainText('Express Glow Facial (45 minutes, £42.00)');
  // Her deposit, of her £42 (the owner's percentage, set by the test before: not the spec's 50%).
  const policy = page.getByTestId('deposit-policy');
  await expect(policy).toContainText(/A deposit of £\d+\.\d\d is paid/);
  const hers = Number(/A deposit of £(\d+\.\d\d)/.exec((await policy.textContent()) ?? '')![1]);
  await expectNoAxeViolations(page);
  // Back to any therapist: the deposit is a range, the total too.
  await page.getByRole('button', { name: 'Back' }).click();
  await choice.getByRole('radio', { name: 'Any therapist' }).check();
  await chooseDateAndTime(page, date, '15:00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(policy).toContainText(/A deposit of between £[\d.]+ and £[\d.]+, depending on/);
  const [, low, high] = /between £([\d.]+) and £([\d.]+)/.exec((await policy.textContent()) ?? '')!;
  // Morven's at the list's £35, Kirsty's at her £42: the same share of each.
  expect(Number(high)).toBe(hers);
  expect(Number(low) / Number(high)).toBeCloseTo(35 / 42, 2);
});
