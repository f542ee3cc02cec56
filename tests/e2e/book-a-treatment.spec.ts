import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** YYYY-MM-DD of the salon's calendar, `ahead` days after today in London. */
function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

/** RRB is open Tuesday to Saturday and closed on a few listed dates. */
function nextDate(fromAhead: number, open: boolean): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  for (let ahead = fromAhead; ; ahead++) {
    const date = londonDate(ahead);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const isOpen = weekday >= 2 && weekday <= 6 && !closedDates.includes(date);
    if (isOpen === open) return date;
  }
}

/** The mail worker belongs to the e-mail work; assert delivery only when it is part of the app. */
const mailWorkerPresent = existsSync(
  resolve(import.meta.dirname, '../../src/server/mail/outbox-worker.ts'),
);

async function chooseTreatments(page: Page): Promise<void> {
  const nails = page.getByRole('button', { name: 'Nails' });
  const waxing = page.getByRole('button', { name: 'Waxing' });
  await expect(nails).toHaveAttribute('aria-expanded', 'false');
  await expect(waxing).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('checkbox', { name: /Gel Manicure/ })).toBeHidden();
  await nails.click();
  await waxing.click();
  await expect(nails).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('checkbox', { name: /Gel Manicure/ }).check();
  await page.getByRole('checkbox', { name: /Eyebrow Wax/ }).check();
}

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
  await expect(page).toHaveURL(/\/order\/success$/);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/order\/success$/);

  if (mailWorkerPresent) {
    const toCustomer = await site.smtp.waitFor((m) => m.to.includes(email), 20_000);
    expect(toCustomer.raw).toContain('Gel Manicure');
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
