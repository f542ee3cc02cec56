import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

/**
 * Issue 33, data requests (decision 0066): at 390 px the salon's owner opens a customer,
 * downloads their data (the file parses and holds their booking), and erases them through the
 * dialog that says what goes and what stays; the page shows the erased state. Axe at 1280 px.
 */

/** The first Thursday at least `fromAhead` days after today in London. */
function thursdayAhead(fromAhead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let ahead = fromAhead; ; ahead++) {
    const date = new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 4) return date;
  }
}

const ownerHeaders = (page: Page) => ({
  origin: new URL(page.url()).origin,
  'x-requested-with': 'highstreet',
});

test('at 390 px the owner downloads a customer’s data and erases them', async ({
  page,
  site,
  consoleErrors,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const email = `dora${Date.now()}@example.com`;
  const made = await page.request.post('/api/manage/bookings', {
    headers: ownerHeaders(page),
    data: {
      source: 'phone',
      startTime: `${thursdayAhead(22)} 14:00:00`,
      customer: { name: 'Dora Data', email },
      treatmentIds: [2],
    },
  });
  expect(made.status()).toBe(201);
  const booking = (await made.json()) as { reference: string };
  const found = await page.request.get(`/api/manage/customers?search=${email}`);
  const [dora] = ((await found.json()) as { customers: { id: number }[] }).customers;

  await openAs(page, 'RRB', `/manage/customers?customer=${dora!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dora Data' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download their data (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`customer-${dora!.id}.json`);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    customer: { email: string };
    bookings: { reference: string }[];
  };
  expect(data.customer.email).toBe(email);
  expect(data.bookings.map((b) => b.reference)).toEqual([booking.reference]);

  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);
  await page.setViewportSize(phone);

  await page.getByRole('button', { name: 'Erase this customer…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase Dora Data?' });
  await expect(dialog).toContainText('anonymised records, named “Erased customer”');
  await expect(dialog.getByRole('button', { name: 'Keep this customer' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer erased' })).toBeVisible();
  await expect(page.getByText('1 booking and 0 orders kept as anonymised records')).toBeVisible();
  expect(consoleErrors).toEqual([]);
  // Gone for good: the record answers 404 now (the browser logs that answer).
  await page.reload();
  await expect(page.getByText('There is no such customer.')).toBeVisible();
});
