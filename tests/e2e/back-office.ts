import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Cookie, Page } from '@playwright/test';
import { compiledEntry } from '../support/compiled-server';
import { expectNoAxeViolations as expectAxeClean } from './axe';
import { expect, openAs, type SiteServer } from './fixtures';

// What the back-office journeys share: an owner made by the CLI, signing in, axe, keyboard moves.

const repoRoot = resolve(import.meta.dirname, '../..');
export const password = 'lantern orchard velvet tide';
export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

let made = 0;

/** `npm run owner -- add RRB …` against the test server's database; gives the link's token. */
export async function addOwner(
  site: SiteServer,
  code = 'RRB',
): Promise<{ email: string; token: string }> {
  made += 1;
  const email = `owner${made}-${Date.now()}@example.com`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [compiledEntry('owner-cli'), 'add', code, email],
    { cwd: repoRoot, env: { ...process.env, SQLITE_FILE: site.sqliteFile, DATABASE_URL: '' } },
  );
  const token = /\/login\/set-password\?token=([A-Za-z0-9_-]+)/.exec(stdout)?.[1];
  if (!token) throw new Error(`No link in the CLI's output:\n${stdout}`);
  return { email, token };
}

/** A back-office screen, once it has its heading and no loading line, has no axe violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
  await expectAxeClean(page);
}

/** Presses Tab until `target` has focus, as a keyboard user would (at most 60 presses). */
export async function tabTo(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((e) => e === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Headers an owner API call from a test needs beside the page's session cookie: the same-site
 * origin and the header the owner guard asks of every change (its cross-site check).
 */
export const ownerApiHeaders = (page: Page) => ({
  origin: new URL(page.url()).origin,
  'x-requested-with': 'highstreet',
});

export async function signIn(page: Page, email: string, secret = password): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password').fill(secret);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Sessions this worker has signed in, by server data and client: signing in costs a password hash
 * at the production cost (0.39 CPU-s) and three page loads, and most journeys only need to be
 * signed in (docs/decisions/0053-test-suite-time.md).
 */
const signedInSessions = new Map<string, { email: string; cookies: Cookie[] }>();

/**
 * An owner of `code` on /manage: the first call of a worker for a server and client makes a new
 * owner, who sets a password from the CLI's link; later calls give the new page that owner's
 * session cookies. A session a test has ended since (signing out) is found at once, and a new
 * owner signs in as on the first call. Sign-in's own journeys do not use this.
 */
export async function signedInOwner(page: Page, site: SiteServer, code: string): Promise<string> {
  const key = `${site.sqliteFile} ${code}`;
  const kept = signedInSessions.get(key);
  if (kept) {
    await page.context().addCookies(kept.cookies);
    await openAs(page, code, '/manage');
    // `/manage` sends a visitor without a live session to /login, on the server.
    if (new URL(page.url()).pathname === '/manage') return kept.email;
    signedInSessions.delete(key);
  }
  const email = await signedInNewOwner(page, site, code);
  signedInSessions.set(key, { email, cookies: await page.context().cookies(site.baseURL) });
  return email;
}

/** A new owner of `code` who has set a password from the CLI's link and is on /manage. */
async function signedInNewOwner(page: Page, site: SiteServer, code: string): Promise<string> {
  const { email, token } = await addOwner(site, code);
  await openAs(page, code, `/login/set-password?token=${token}`);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  return email;
}

/**
 * A new owner of `code` signs in at /login with the keyboard alone (the account and its password
 * are set up first through the CLI's link), arriving at `next`.
 */
export async function signInWithKeyboard(
  page: Page,
  site: SiteServer,
  code: string,
  next = '/manage',
): Promise<string> {
  const email = await signedInOwner(page, site, code);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await openAs(page, code, `/login?next=${encodeURIComponent(next)}`);
  await tabTo(page, page.getByLabel('E-mail address'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`));
  return email;
}
