import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  chooseDateAndTime,
  chooseTreatments,
  expectBookingDetailsKept,
  fillBookingDetails,
  londonDate,
  nextDate,
} from './booking-steps';
import { expectNoAxeViolations } from './axe';
import { expect, openAs, test } from './fixtures';

/** The mail worker belongs to the e-mail work; assert delivery only when it is part of the app. */
const mailWorkerPresent = existsSync(
  resolve(import.meta.dirname, '../../src/server/mail/outbox-worker.ts'),
);

test('a visitor books two treatments at a free time, and that time is then gone', async ({
  page,
  site,
  consoleErrors,
}) => {
  const date = nextDate(3, true);
  await openAs(page, 'RRB', '/booking');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a treatment' })).toBeVisible();
  await expectNoAxeViolations(page);

  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await chooseTreatments(page);
  await expect(page.getByText('£27.50 · 45 minutes')).toBeVisible();
  await expect(page.getByText('Total: £39.50')).toBeVisible();
  await expect(page.getByText('Time: 1 hour')).toBeVisible();
  await expect(next).toBeDisabled();

  const dateField = page.getByRole('textbox', { name: 'Date', exact: true });
  await expect(dateField).toHaveAttribute('min', londonDate(0));
  await dateField.fill(date);
  const times = page.getByRole('group', { name: /Available times on/ });
  await expect(times.getByRole('radio', { name: '09:00' })).toBeVisible();
  await expect(next).toBeDisabled();
  await times.getByRole('radio', { name: '10:00' }).check();
  await expect(next).toBeEnabled();
  await expectNoAxeViolations(page);

  await next.click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: your details' })).toBeFocused();
  const book = page.getByRole('button', { name: 'Book', exact: true });
  await book.click();
  await expect(page.getByText('Please enter Name')).toBeVisible();
  await expect(page.getByText('Please enter Email')).toBeVisible();
  await expect(page.getByText('Please enter a phone number of 10 to 11 characters')).toBeVisible();
  await expect(
    page.getByText('Please accept the privacy notice so we can store your booking'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expectNoAxeViolations(page);

  const email = `visitor-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Name' }).fill('Ann Example');
  const emailField = page.getByRole('textbox', { name: 'E-mail' });
  await emailField.fill('ann@');
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
  await emailField.fill(email);
  await expect(page.getByText('Please enter a valid e-mail address')).toBeHidden();
  await page.getByRole('textbox', { name: 'Phone' }).fill('07700900123');
  await page.getByRole('textbox', { name: 'Door number / address line 1' }).fill('12 Rose Lane');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('EH49 7AB');
  await page.getByRole('checkbox', { name: /I agree that the salon may store my details/ }).check();

  // A double click books once: a second request would be refused and land on /order/fail.
  await book.dblclick();
  await expect(page).toHaveURL(/\/booking\/booked$/);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/booking\/booked$/);
  // Issue 17: the reference and a summary of what was booked, where.
  const reference = (await page.getByTestId('booking-reference').textContent())!;
  expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  await expect(page.getByText('Gel Manicure (45 minutes, £27.50)')).toBeVisible();
  await expect(page.getByText('10:00 to 11:00')).toBeVisible();
  await expectNoAxeViolations(page);

  if (mailWorkerPresent) {
    const toCustomer = await site.smtp.waitFor((m) => m.to.includes(email), 20_000);
    expect(toCustomer.raw).toContain('Gel Manicure');
    expect(toCustomer.raw).toContain(reference);
    expect(toCustomer.raw).toContain('METHOD:REQUEST');
    const toSalon = await site.smtp.waitFor(
      (m) => m.to.includes('bookings@rubyrosebeauty.co.uk') && m.raw.includes('Ann Example'),
      20_000,
    );
    expect(toSalon.raw).toMatch(/Reply-To: .*visitor-/i);
  }

  // The same slot no longer appears for that date; the next free one does.
  await openAs(page, 'RRB', '/booking');
  await chooseTreatments(page);
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
  const again = page.getByRole('group', { name: /Available times on/ });
  await expect(again.getByRole('radio', { name: '09:00' })).toBeVisible();
  await expect(again.getByRole('radio', { name: '10:00' })).toHaveCount(0);
  await expect(again.getByRole('radio', { name: '10:30' })).toHaveCount(0);
  await expect(again.getByRole('radio', { name: '11:00' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

/** Someone else books, as the booking page does, in the same client (the page's cookie). */
async function bookThroughTheApi(
  page: Page,
  date: string,
  time: string,
  treatmentName: string,
): Promise<number> {
  const treatments = (await (
    await page.request.get('/api/treatments/list?activeOnly=1')
  ).json()) as Array<{ Name: string; Price: number; Duration: number }>;
  const chosen = treatments.filter((t) => t.Name === treatmentName);
  const response = await page.request.post('/api/bookings/create', {
    data: {
      totalPrice: chosen[0]!.Price,
      totalDuration: chosen[0]!.Duration,
      startTime: `${date} ${time}:00`,
      endTime: `${date} 12:00:00`,
      customer: {
        name: 'Quick Other',
        dob: '1900-01-01 00:00:00',
        telephone: '07700900999',
        email: `other-${Date.now()}@example.com`,
        doorNo: '2 Lane',
        postCode: 'EH49 7AB',
        gdprConsent: true,
        gift: false,
        marketing: false,
      },
      treatments: chosen,
    },
  });
  return response.status();
}

/** The browser logs each refused request itself; anything else is a fault of the page. */
const pageErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource'));

test('a time taken by someone else while the visitor types: the reason, and another time without typing anything again', async ({
  page,
  consoleErrors,
}) => {
  const date = nextDate(6, true);
  const email = `kept-${Date.now()}@example.com`;
  await openAs(page, 'RRB', '/booking');
  await chooseTreatments(page);
  await chooseDateAndTime(page, date, '14:00');
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await fillBookingDetails(page, email);

  // Between the visitor's choice and their Book, someone else takes 14:00.
  expect(await bookThroughTheApi(page, date, '14:00', 'Gel Manicure')).toBe(200);
  await page.getByRole('button', { name: 'Book', exact: true }).click();

  await expect(
    page.getByRole('heading', { name: 'Step 1 of 2: choose treatments, a date and a time' }),
  ).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(
    `Sorry, 14:00 on ${date} has just been booked by someone else. Please choose another time.`,
  );
  await expect(page).toHaveURL(/\/booking(\?|$)/);
  await expect(page.getByRole('checkbox', { name: /Gel Manicure/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Eyebrow Wax/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(date);
  const times = page.getByRole('group', { name: /Available times on/ });
  await expect(times.getByRole('radio', { name: '15:00' })).toBeVisible();
  await expect(times.getByRole('radio', { name: '14:00' })).toHaveCount(0);
  await expect(next).toBeDisabled();
  await expectNoAxeViolations(page);

  await times.getByRole('radio', { name: '15:00' }).check();
  await next.click();
  await expectBookingDetailsKept(page, email);
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/booked$/);
  await expect(page.getByText('15:00 to 16:00')).toBeVisible();
  expect(pageErrors(consoleErrors)).toEqual([]);
});

test('treatments longer than the salon books online: the reason, then fewer treatments without typing anything again', async ({
  page,
  consoleErrors,
}) => {
  const date = nextDate(8, true);
  const email = `long-${Date.now()}@example.com`;
  await openAs(page, 'RRB', '/booking');
  await page.getByRole('button', { name: 'Nails' }).click();
  // 45 + 60 + 75 + 90 minutes: four and a half hours, over the salon's four online.
  for (const name of [/Gel Manicure/, /Gel Pedicure/, /BIAB Overlay/, /Acrylic Full Set/]) {
    await page.getByRole('checkbox', { name }).check();
  }
  await expect(page.getByText('Time: 4 hours 30 minutes')).toBeVisible();
  await chooseDateAndTime(page, date, '09:00');
  await page.getByRole('button', { name: 'Next' }).click();
  await fillBookingDetails(page, email);
  await page.getByRole('button', { name: 'Book', exact: true }).click();

  await expect(page.getByRole('alert')).toContainText(
    'takes bookings of up to 4 hours online, and these treatments take 4 hours 30 minutes',
  );
  await expect(page.getByRole('checkbox', { name: /Acrylic Full Set/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(date);

  await page.getByRole('checkbox', { name: /Acrylic Full Set/ }).uncheck();
  await chooseDateAndTime(page, date, '09:00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectBookingDetailsKept(page, email);
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/booked$/);
  await expect(page.getByText('09:00 to 12:00')).toBeVisible();
  expect(pageErrors(consoleErrors)).toEqual([]);
});

test('a closed day shows the spec message instead of times', async ({ page }) => {
  await openAs(page, 'RRB', '/booking');
  await page.getByRole('button', { name: 'Facials' }).click();
  await page.getByRole('checkbox', { name: /Express Glow Facial/ }).check();
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(nextDate(2, false));
  await expect(
    page.getByText(
      'Please select an alternative day or please contact us and we may be able to accommodate timings on this day.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a client without online booking gets a friendly message and a way to get in touch', async ({
  page,
}) => {
  await openAs(page, 'SE', '/booking');
  await expect(page.getByText('does not take bookings online')).toBeVisible();
  await expect(page.getByRole('link', { name: 'contact us', exact: true })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expectNoAxeViolations(page);
});

test('the visitor follows the e-mail link to move and then cancel the booking', async ({
  page,
  site,
  consoleErrors,
}) => {
  test.skip(!mailWorkerPresent, 'needs the mail worker');
  const date = nextDate(10, true);
  const email = `mover-${Date.now()}@example.com`;
  // Book through the API as the page does, then read the link from the e-mail at the SMTP sink.
  await openAs(page, 'RRB', '/booking');
  const bookAt = (time: string, email: string) =>
    page.evaluate(
      async ({ date, time, email }) => {
        const treatments = (await (
          await fetch('/api/treatments/list?activeOnly=1')
        ).json()) as Array<{
          ID: number;
          Name: string;
          Price: number;
          Duration: number;
        }>;
        const chosen = treatments.filter((t) => t.Name === 'Gel Manicure');
        const response = await fetch('/api/bookings/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            totalPrice: chosen[0]!.Price,
            totalDuration: chosen[0]!.Duration,
            startTime: `${date} ${time}:00`,
            endTime: `${date} 23:00:00`,
            customer: {
              name: 'Mo Mover',
              dob: '1900-01-01 00:00:00',
              telephone: '07700900123',
              email,
              doorNo: '1 Lane',
              postCode: 'EH49 7AB',
              gdprConsent: true,
              gift: false,
              marketing: false,
            },
            treatments: chosen,
          }),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { date, time, email },
    );
  const answer = await bookAt('14:00', email);
  expect(answer.status).toBe(200);
  const mail = await site.smtp.waitFor((m) => m.to.includes(email), 20_000);
  const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.raw.replace(/=\r\n/g, ''))![1]!;

  await openAs(page, 'RRB', `/booking/manage/${token}`);
  await expect(
    page.getByRole('heading', { level: 1, name: /Your booking [0-9A-Z]{8}/ }),
  ).toBeVisible();
  await expect(page.getByTestId('booking-time')).toHaveText('14:00 to 14:45');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoAxeViolations(page);

  // Move to 16:00 on the same day, chosen in the month view (issue 17), which fills the date field.
  const [ty, tm] = londonDate(0).split('-').map(Number) as [number, number];
  const monthsAhead = (Number(date.slice(0, 4)) - ty) * 12 + Number(date.slice(5, 7)) - tm;
  for (let step = 1; step <= monthsAhead; step++) {
    await page.getByRole('button', { name: 'Following month' }).click();
  }
  const utcNoon = new Date(`${date}T12:00:00Z`);
  const calendar = page.getByRole('grid', {
    name: new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(utcNoon),
  });
  const longDate = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcNoon);
  await calendar.getByRole('button', { name: `${longDate}, free times` }).click();
  await expect(page.getByLabel('New date')).toHaveValue(date);
  await expectNoAxeViolations(page);
  const timeSelect = page.getByLabel('New time');
  await expect(timeSelect.locator('option', { hasText: '15:00' })).toHaveCount(1);
  // Someone else takes 15:00 while the visitor chooses it: the server refuses the move (409), its
  // message stands on the time box, and the date the visitor chose is kept.
  await timeSelect.selectOption('15:00');
  expect((await bookAt('15:00', `taker-${Date.now()}@example.com`)).status).toBe(200);
  await page.getByRole('button', { name: 'Move my booking' }).click();
  await expect(timeSelect).toHaveAccessibleDescription(/15:00 .* has just been booked/);
  await expect(page.getByLabel('New date')).toHaveValue(date);
  await expect(page.getByTestId('booking-time')).toHaveText('14:00 to 14:45');
  await expect(timeSelect.locator('option', { hasText: '15:00' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect(timeSelect.locator('option', { hasText: '16:00' })).toHaveCount(1);
  await timeSelect.selectOption('16:00');
  await page.getByRole('button', { name: 'Move my booking' }).click();
  await expect(page.getByText(/Your booking is moved to .* at 16:00/)).toBeVisible();
  await expect(page.getByTestId('booking-time')).toHaveText('16:00 to 16:45');
  const moved = await site.smtp.waitFor(
    (m) => m.to.includes(email) && m.raw.includes('SEQUENCE:1'),
    20_000,
  );
  expect(moved.raw).toContain('METHOD:REQUEST');
  await expectNoAxeViolations(page);

  // Cancel, with a confirmation step.
  await page.getByRole('button', { name: 'Cancel my booking' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(page.getByText('Your booking is cancelled.')).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await site.smtp.waitFor((m) => m.to.includes(email) && m.raw.includes('METHOD:CANCEL'), 20_000);
  await expectNoAxeViolations(page);
  // The refused move's 409 is logged by the browser itself; nothing else may be.
  expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
});
