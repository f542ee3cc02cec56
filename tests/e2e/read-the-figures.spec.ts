import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, test } from './fixtures';

/**
 * Issue 34: the salon's owner opens the back office on a phone (390 px) and reads the dashboard
 * first, then opens the reports for a period, reads the card payments' table (issue 36) and a
 * chart as its table, and downloads that table as CSV; both pass axe at 1280 px, the report with
 * its table shown.
 */

function londonDate(ahead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + ahead)).toISOString().slice(0, 10);
}

/** RRB is open Tuesday to Saturday, closed on a few listed dates: the first open day from `ahead`. */
function openDayFrom(ahead: number): string {
  const closedDates = ['2026-12-25', '2026-12-26', '2027-01-01'];
  for (; ; ahead++) {
    const date = londonDate(ahead);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6 && !closedDates.includes(date)) return date;
  }
}

const ownerHeaders = (page: Page) => ({
  origin: new URL(page.url()).origin,
  'x-requested-with': 'highstreet',
});

test('at 390 px the owner reads the dashboard, then a report as a table; both pass axe at 1280 px', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  await signedInOwner(page, site, 'RRB');
  const menu = (await (await page.request.get('/api/manage/menu')).json()) as {
    treatments: Array<{ id: number; name: string }>;
  };
  const treatment = menu.treatments.find((t) => t.name === 'Gel Pedicure')!;
  // Clear of the days the other journeys book: an open day five weeks ahead, at an odd time.
  const date = openDayFrom(35);
  const made = await page.request.post('/api/manage/bookings', {
    headers: ownerHeaders(page),
    data: {
      source: 'phone',
      startTime: `${date} 15:15:00`,
      customer: { name: `Fiona Figures ${Date.now()}`, telephone: '07700 900 111' },
      treatmentIds: [treatment.id],
    },
  });
  expect(made.status()).toBe(201);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'At a glance' })).toBeVisible();
  const days = page.getByRole('list', { name: 'Today and the next 7 days' });
  await expect(days.getByRole('listitem')).toHaveCount(8);
  await expect(days.getByText('Today')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^This week/ })).toBeVisible();
  await expect(page.getByText('Booked value').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'This month' })).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'Reports with charts, for any period' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(londonDate(0));
  await page.getByLabel('To', { exact: true }).fill(londonDate(60));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`from=${londonDate(0)}&to=${londonDate(60)}`));
  // Issue 36: the period's card money as a table, deposits beside the total for a salon.
  const card = page
    .getByRole('region', { name: 'Card payments' })
    .getByRole('table', { name: 'Card payments' });
  for (const line of ['Taken online', 'Refunded', 'Deposits kept as fees', 'Net']) {
    await expect(card.getByRole('rowheader', { name: line })).toBeVisible();
  }
  await expect(card.getByRole('columnheader', { name: 'Deposits' })).toBeVisible();
  await expect(card.getByRole('columnheader', { name: 'Total' })).toBeVisible();
  await expect(card.getByRole('cell', { name: /^£\d/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV of Card payments' })).toHaveAttribute(
    'href',
    /report=payments/,
  );
  const byTreatment = page.getByRole('region', { name: 'By treatment' });
  const table = byTreatment.getByRole('table', { name: 'By treatment' });
  // The table is there for a screen reader from the start; the button shows it to everyone.
  await expect(table.getByRole('rowheader', { name: 'Gel Pedicure' })).toBeAttached();
  await expect(table).not.toBeInViewport();
  await byTreatment.getByRole('button', { name: 'Show as table' }).click();
  await expect(byTreatment.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(table.getByRole('rowheader', { name: 'Gel Pedicure' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Times booked' })).toBeVisible();
  const download = page.waitForEvent('download');
  await byTreatment.getByRole('link', { name: 'Download CSV of By treatment' }).click();
  const lines = parse(await readFile((await (await download).path())!, 'utf8'), {
    bom: true,
  }) as string[][];
  expect(lines[0]).toEqual(['Treatment', 'Times booked', 'Value (£)']);
  expect(lines.map((line) => line[0])).toContain('Gel Pedicure');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);
  await page.goto('/manage');
  await expect(page.getByRole('heading', { level: 2, name: 'At a glance' })).toBeVisible();
  await expectNoAxeViolations(page);
});
