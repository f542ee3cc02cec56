import {
  desktop,
  expectNoAxeViolations,
  phone,
  signedInOwner,
  ownerApiHeaders,
} from './back-office';
import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';

/** Saves the salon's booking rules through the owner's API, over whatever version is current. */
async function saveRules(page: Page, rules: unknown): Promise<void> {
  const now = await (await page.request.get('/api/manage/booking-rules')).json();
  const saved = await page.request.put('/api/manage/booking-rules', {
    headers: { origin: new URL(page.url()).origin, 'x-requested-with': 'highstreet' },
    data: { version: now.version, rules },
  });
  expect(saved.status()).toBe(200);
}

/**
 * Issue 17: on her phone the salon owner sets how late customers may change a booking online,
 * when the reminder goes, the two anti-hogging caps and the confirmation for new customers; the
 * server's rules refuse a value out of range with a message she can act on.
 */
test('the owner sets the change cut-off, reminder, caps and new-customer confirmation on a phone', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const before = await (await page.request.get('/api/manage/booking-rules')).json();
  await openAs(page, 'RRB', '/manage/hours');
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours' })).toBeVisible();
  await expectNoAxeViolations(page);

  const fields = {
    cutoff: page.getByLabel('Customers can move or cancel online until (hours before)'),
    reminder: page.getByLabel('Reminder e-mail (hours before; 0 for none)'),
    longest: page.getByLabel('Longest booking online (minutes in total)'),
    perDay: page.getByLabel('Bookings one e-mail address can make for one day'),
    confirm: page.getByLabel(
      'New customers confirm by e-mail within (minutes; 0 for no confirmation)',
    ),
  };
  // Rules saved before issue 17 have none of these: the screen shows the defaults.
  await expect(fields.cutoff).toHaveValue('24');
  await expect(fields.reminder).toHaveValue('24');
  await expect(fields.longest).toHaveValue('240');
  await expect(fields.perDay).toHaveValue('2');
  await expect(fields.confirm).toHaveValue('0');

  try {
    // Out of range: the shared rules refuse it, and the screen says which and why.
    await fields.longest.fill('5');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await expect(page.getByRole('alert')).toContainText('maxBookingMinutes must be at least 15');

    await fields.cutoff.fill('48');
    await fields.reminder.fill('3');
    await fields.longest.fill('180');
    await fields.perDay.fill('1');
    await fields.confirm.fill('30');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.screenshot({ path: 'test-results/booking-limits-390.png', fullPage: true });

    const saved = await (await page.request.get('/api/manage/booking-rules')).json();
    expect(saved.version).toBe(before.version + 1);
    expect(saved.rules).toMatchObject({
      changeCutoffHours: 48,
      reminderHours: 3,
      maxBookingMinutes: 180,
      maxBookingsPerEmailPerDay: 1,
      confirmNewCustomersMinutes: 30,
    });
    // They stay after a reload.
    await page.reload();
    await expect(fields.confirm).toHaveValue('30');
    await expect(fields.perDay).toHaveValue('1');
    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/booking-limits-1280.png', fullPage: true });
  } finally {
    // The worker's server is shared with other journeys: put the salon's rules back.
    await saveRules(page, before.rules);
  }
});

/** An open day of the salon (Tuesday to Saturday, none of its listed closures) weeks ahead. */
function openDayAhead(fromAhead: number): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let ahead = fromAhead; ; ahead++) {
    const date = new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6 && !closedDates.includes(date)) return date;
  }
}

test('a new customer confirms a held booking from the link in the e-mail', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const before = await (await page.request.get('/api/manage/booking-rules')).json();
  const put = async (rules: object) => {
    const now = await (await page.request.get('/api/manage/booking-rules')).json();
    const saved = await page.request.put('/api/manage/booking-rules', {
      headers: ownerApiHeaders(page),
      data: { version: now.version, rules },
    });
    expect(saved.status()).toBe(200);
  };
  await put({ ...before.rules, confirmNewCustomersMinutes: 30 });
  try {
    const date = openDayAhead(20);
    const email = `first-timer-${Date.now()}@example.com`;
    await openAs(page, 'RRB', '/booking');
    const answer = await page.evaluate(
      async ({ date, email }) => {
        const [chosen] = (await (
          await fetch('/api/treatments/list?activeOnly=1')
        ).json()) as Array<{
          ID: number;
          Price: number;
          Duration: number;
        }>;
        const response = await fetch('/api/bookings/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            totalPrice: chosen!.Price,
            totalDuration: chosen!.Duration,
            startTime: `${date} 15:00:00`,
            endTime: `${date} 23:00:00`,
            customer: {
              name: 'Fay First',
              dob: '1900-01-01 00:00:00',
              telephone: '07700900123',
              email,
              doorNo: '1 Lane',
              postCode: 'EH49 7AB',
              gdprConsent: true,
              gift: false,
              marketing: false,
            },
            treatments: [chosen],
          }),
        });
        return { status: response.status, body: (await response.json()) as { data: object } };
      },
      { date, email },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveProperty('confirmBy');
    const mail = await site.smtp.waitFor((m) => m.to.includes(email), 20_000);
    expect(mail.raw).toContain('Please confirm your booking');
    const token = /\/booking\/confirm\/([A-Za-z0-9_-]{43})/.exec(
      mail.raw.replace(/=\r\n/g, ''),
    )![1]!;

    // The owner's diary shows the held booking as such: at 1280 px, every therapist's column
    // (on a phone it shows one, and another spec may have booked that day with someone else).
    await page.setViewportSize(desktop);
    await openAs(page, 'RRB', `/manage/diary?date=${date}`);
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Fay First' })
        .getByText('Awaiting e-mail confirmation'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize(phone);

    await openAs(page, 'RRB', `/booking/confirm/${token}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your booking' }),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm my booking' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you: your booking is confirmed.');
    await expect(page.getByRole('status')).toContainText('at 15:00');
    await page.screenshot({ path: 'test-results/confirm-booking-390.png', fullPage: true });
    // Now the booking's own e-mail follows, with the link to move or cancel.
    const booked = await site.smtp.waitFor(
      (m) => m.to.includes(email) && m.raw.includes('/booking/manage/'),
      20_000,
    );
    expect(booked.raw).toContain('METHOD:REQUEST');
  } finally {
    await put(before.rules);
  }
});

/** The salon's calendar day `ahead` days after today in London (YYYY-MM-DD). */
function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

const monthHeading = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * Issue 29: the owner shortens how far ahead bookings open, in the back office; the visitor's
 * calendar then ends there (its paging, its keys, the date field), and every day it offers is one
 * the server takes, through to a booking on the last of them.
 */
test("the visitor's calendar ends at the horizon the owner sets, and offers only days the server takes", async ({
  page,
  consoleErrors,
  site,
}) => {
  await signedInOwner(page, site, 'RRB');
  const before = await (await page.request.get('/api/manage/booking-rules')).json();
  try {
    await openAs(page, 'RRB', '/manage/hours');
    await page.getByLabel('Bookings open this many days ahead').fill('30');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

    const lastDay = londonDate(30);
    // Into the booking screen from the home page, in the app: the rules come from the API then,
    // not from the page's data.
    await openAs(page, 'RRB', '/');
    const rulesAnswer = page.waitForResponse((answer) =>
      answer.url().includes('/api/bookings/rules'),
    );
    await page.getByRole('link', { name: 'Book Online' }).first().click();
    await expect(page).toHaveURL(/\/booking(\?|$)/);
    expect(await (await rulesAnswer).json()).toEqual({ horizonDays: 30 });
    await page.getByRole('button', { name: 'Facials' }).click();
    await page.getByRole('checkbox', { name: /Express Glow Facial/ }).check();
    const dateField = page.getByRole('textbox', { name: 'Date', exact: true });
    await expect(dateField).toHaveAttribute('max', lastDay);
    await expect(page.getByText('from today up to 30 days ahead')).toBeVisible();

    // Page through every month the calendar shows, collecting the days it offers.
    const offered: string[] = [];
    const following = page.getByRole('button', { name: 'Following month' });
    for (let month = 0; ; month++) {
      expect(month, 'the calendar pages on past the horizon').toBeLessThan(3);
      await expect(page.getByText('Looking for free days…')).toHaveCount(0);
      const freeDays = page.getByRole('grid').getByRole('button', { name: /, free times$/ });
      for (const day of await freeDays.all()) offered.push((await day.getAttribute('data-date'))!);
      if (await following.isDisabled()) break;
      await following.click();
    }
    // The last month shown is the horizon's; nothing after the last day can be chosen.
    await expect(page.getByRole('grid', { name: monthHeading(lastDay) })).toBeVisible();
    expect(offered.length).toBeGreaterThan(5);
    expect(offered.every((date) => date >= londonDate(0) && date <= lastDay)).toBe(true);
    const dayAfter = londonDate(31);
    const lastButton = page.getByRole('grid').locator(`[data-date="${lastDay}"]`);
    if (dayAfter.slice(0, 7) === lastDay.slice(0, 7)) {
      const after = page.getByRole('grid').locator(`[data-date="${dayAfter}"]`);
      await expect(after).toHaveAttribute('aria-disabled', 'true');
      await expect(after).toHaveAccessibleName(/, not bookable$/);
    }
    // The keys stop at the last day too.
    await lastButton.focus();
    await page.keyboard.press('ArrowRight');
    await expect(lastButton).toBeFocused();
    await page.keyboard.press('PageDown');
    await expect(lastButton).toBeFocused();

    // Every day offered has times the server gives.
    for (const date of offered) {
      const times = await page.request.post('/api/bookings/time?client=RRB', {
        // The Express Glow Facial's 30 minutes.
        data: { bookingDate: date, estmatedDuration: 30 },
      });
      expect(times.status(), date).toBe(200);
      expect(((await times.json()) as string[]).length, date).toBeGreaterThan(0);
    }
    // And a booking on the last of them goes through.
    const last = offered.at(-1)!;
    await page.getByRole('grid').locator(`[data-date="${last}"]`).click();
    await expect(dateField).toHaveValue(last);
    const times = page.getByRole('group', { name: /Available times on/ });
    await times.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Hana Horizon');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`horizon-${Date.now()}@example.com`);
    await page.getByRole('textbox', { name: 'Phone' }).fill('07700900123');
    await page.getByRole('textbox', { name: 'Door number / address line 1' }).fill('30 Day Row');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('EH49 7AB');
    await page
      .getByRole('checkbox', { name: /I agree that the salon may store my details/ })
      .check();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/booked$/);
    expect(consoleErrors).toEqual([]);
  } finally {
    await saveRules(page, before.rules);
  }
});
