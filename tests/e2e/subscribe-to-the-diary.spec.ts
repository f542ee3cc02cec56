import { expectNoAxeViolations, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

// Issue 32: the owner makes a private calendar link for one therapist, copies it, and revokes it.

test('on a phone, the owner makes a calendar link for a therapist, copies it and revokes it', async ({
  page,
  site,
  consoleErrors,
}) => {
  await page.setViewportSize(phone);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInOwner(page, site, 'RRB');
  await openAs(page, 'RRB', '/manage/calendar-feeds');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar feeds' })).toBeVisible();
  await expect(page.getByText('No links yet.')).toBeVisible();

  await page
    .getByRole('combobox', { name: 'Bookings of' })
    .selectOption({ label: 'Morven Taylor' });
  await page.getByRole('button', { name: 'Make a new link' }).click();
  const link = page.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  const url = await link.inputValue();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByRole('heading', { name: 'Links in use (1)' })).toBeVisible();
  await expectNoAxeViolations(page);

  // What a calendar app fetches: Morven's calendar.
  const feed = await page.request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('X-WR-CALNAME:Morven Taylor\\, Ruby Rose Beauty');

  await page.getByRole('button', { name: /^Revoke the link: Morven Taylor/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this link?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(page.getByRole('heading', { name: 'Revoked (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Links in use (0)' })).toBeVisible();
  expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  await expectNoAxeViolations(page);
  expect(consoleErrors).toEqual([]);
});
