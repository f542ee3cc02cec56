import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { readMail } from '../../src/server/mail/mime-for-tests';
import { compiledEntry } from '../support/compiled-server';
import { expectNoAxeViolations, password, phone, signedInOwner } from './back-office';
import { expect, openAs, test, type SiteServer } from './fixtures';

// Issue 32, the team: the owner invites a staff member from the back office at 390 px; the
// invitation's link lets them choose a password; as staff they run the diary, and an owner's
// screen (Site content; Products on a shop) says it is the owner's while its API answers 403.

const repoRoot = resolve(import.meta.dirname, '../..');

async function choosePassword(page: Page, code: string, token: string): Promise<void> {
  await openAs(page, code, `/login/set-password?token=${token}`);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page).toHaveURL(/\/manage$/);
}

/** `npm run owner -- add CODE EMAIL --role staff`; gives the link's token. */
async function addStaffByCli(site: SiteServer, code: string, email: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [compiledEntry('owner-cli'), 'add', code, email, '--role', 'staff'],
    { cwd: repoRoot, env: { ...process.env, SQLITE_FILE: site.sqliteFile, DATABASE_URL: '' } },
  );
  const token = /\/login\/set-password\?token=([A-Za-z0-9_-]+)/.exec(stdout)?.[1];
  if (!token) throw new Error(`No link in the CLI's output:\n${stdout}`);
  return token;
}

async function expectOwnerOnly(page: Page, screen: string, apiPath: string): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name: `Only the business owner can open ${screen}` }),
  ).toBeVisible();
  const answer = await page.request.get(apiPath);
  expect(answer.status()).toBe(403);
  expect(((await answer.json()) as { message: string }).message).toContain(
    'Only the business owner can do this.',
  );
}

test.use({ viewport: phone });

test('the owner invites a therapist by e-mail; they choose a password, run the diary, and cannot open the owner’s screens', async ({
  page,
  site,
  consoleErrors,
}) => {
  await signedInOwner(page, site, 'RRB');
  const email = `therapist-${Date.now()}@example.com`;

  await openAs(page, 'RRB', '/manage/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite someone' });
  // A wrong address is refused on its field, and what was typed stays.
  await invite.getByLabel('E-mail address').fill('not an address');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(invite.getByLabel('E-mail address')).toHaveValue('not an address');
  await invite.getByLabel('E-mail address').fill(email);
  await expect(invite.getByLabel('Role')).toHaveValue('staff');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  const card = page.getByRole('listitem').filter({ hasText: email });
  await expect(card).toContainText('Invited: has not chosen a password yet');
  await expectNoAxeViolations(page);
  // Nothing on the screen is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const mail = await site.smtp.waitFor((m) => m.to.includes(email), 20_000);
  const text = readMail(mail.raw).text;
  expect(text).toContain('has invited you to the');
  const token = /\/login\/set-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await choosePassword(page, 'RRB', token!);
  await expect(page.getByText(`Signed in as ${email} (staff`)).toBeVisible();
  const sideOrBar = page.getByRole('navigation', { name: 'Back office' }).last();
  await expect(sideOrBar.getByRole('link', { name: 'Diary' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Content|Site content|Team|Hours/ })).toHaveCount(0);
  // Staff have the diary, their own calendar link and the customers: all in the bar, no More.
  await expect(sideOrBar.locator(':scope > ul > li > a')).toHaveText([
    'Home',
    'Diary',
    'Calendar feeds',
    'Customers',
  ]);
  await expect(page.getByRole('button', { name: 'More' })).toHaveCount(0);

  await sideOrBar.getByRole('link', { name: 'Diary' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Diary/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await openAs(page, 'RRB', '/manage/content');
  await expectOwnerOnly(page, 'Site content', '/api/manage/content');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to the diary' }).click();
  await expect(page).toHaveURL(/\/manage\/diary/);

  // A shop's staff account (made with the CLI's --role staff) cannot open Products either.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  const shopToken = await addStaffByCli(site, 'SE', `shop-staff-${Date.now()}@example.com`);
  await choosePassword(page, 'SE', shopToken);
  await openAs(page, 'SE', '/manage/products');
  await expectOwnerOnly(page, 'Products', '/api/manage/products');
  await expect(page.getByRole('link', { name: 'Go to the back office’s home' })).toBeVisible();

  // The refused API calls above answered 403, which the browser may log.
  expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
});
