import { readFile } from 'node:fs/promises';
import { desktop, expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

// Issue 34: a visitor's pages are counted by the page's own beacon (no cookie); the owner sees
// them on Visits and downloads at 390 px, downloads the bookings as CSV, turns the morning e-mail
// on; axe at 1280 px on both screens.

// Headless Chromium says "HeadlessChrome", which the count leaves out as a robot: a person's.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

test('a visitor’s pages are counted; the owner sees them, downloads bookings and sets the morning e-mail', async ({
  page,
  site,
}) => {
  await page.setViewportSize(phone);
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/visit'))
      beacons.push(new URL(request.url()).searchParams.get('path')!);
  });
  for (const path of ['/', '/about', '/booking']) {
    await openAs(page, 'RRB', path);
    await expect.poll(() => beacons.includes(path)).toBe(true);
  }
  const visitorCookies = await page.context().cookies();
  expect(visitorCookies.map((c) => c.name).filter((name) => name !== 'hs_client')).toEqual([]);

  await signedInOwner(page, site, 'RRB');
  await page.goto('/manage/visits');
  const topPages = page.getByRole('table', { name: 'Most viewed pages' });
  for (const path of ['/', '/about', '/booking']) {
    await expect(topPages.getByRole('rowheader', { name: path, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Views per day' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Bookings in this period (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^rrb-bookings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFReference,Date,Start,End')).toBe(true);

  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);

  await page.setViewportSize(phone);
  await page.goto('/manage/morning-email');
  await page.getByLabel('E-mail me a summary each morning').check();
  await page.getByLabel('Send it at').selectOption('8');
  await page.getByRole('button', { name: 'Save the setting' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('E-mail me a summary each morning')).toBeChecked();
  await expect(page.getByLabel('Send it at')).toHaveValue('8');
  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);
});
