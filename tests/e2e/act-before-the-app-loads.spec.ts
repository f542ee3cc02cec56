import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The page is server-rendered and the app's scripts arrive after the first paint
 * (docs/decisions/0014-page-speed.md). A visitor on a slow phone can press a button, type or send a
 * form before the app has the page; none of that may be lost. Each test holds the app's entry
 * script back until the visitor has acted, as a slow network would.
 */
async function openWithTheAppHeldBack(page: Page, clientCode: string, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // The boot script runs inline while the page is parsed, so its listeners are in place by load.
  await page.goto(`${path}?client=${clientCode}`, { waitUntil: 'load' });
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  return {
    release,
    appReady: () => page.locator('html[data-app-ready]').waitFor({ state: 'attached' }),
  };
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('pressing the menu button before the app has loaded opens the menu once it has', async ({
    page,
    consoleErrors,
  }) => {
    const app = await openWithTheAppHeldBack(page, 'JS', '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    app.release();
    await app.appReady();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(panel.getByRole('link', { name: 'Join Us' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test('text typed before the app has loaded is kept, and a form sent then goes out once', async ({
  page,
  site,
}) => {
  const marker = `early-${Date.now()}`;
  const app = await openWithTheAppHeldBack(page, 'RRB', '/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Early Bird');
  await form.getByLabel('Email').fill('early@example.com');
  await form.getByLabel('Phone').fill('07700 900111');
  await form.getByLabel('Message').fill(`Before the scripts came. ${marker}`);
  await form.getByRole('button', { name: 'Send' }).click();
  // Held, not sent as a plain GET with the visitor's details in the address.
  await expect(page).toHaveURL(/\/contact\?client=RRB$/);
  app.release();
  await expect(page).toHaveURL(/\/order\/success$/);
  const mail = await site.smtp.waitFor((m) => m.raw.includes(marker));
  expect(mail.raw).toContain('Reply-To: early@example.com');
  expect(mail.raw).toContain('Early Bird');
  await page.waitForTimeout(2500);
  expect(site.smtp.messages.filter((m) => m.raw.includes(marker))).toHaveLength(1);
});

test('text typed before the app has loaded is still there after it has', async ({ page }) => {
  const app = await openWithTheAppHeldBack(page, 'JS', '/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Quick Typist');
  await form.getByLabel('Message').fill('Typed while the page was still loading');
  app.release();
  await app.appReady();
  await expect(form.getByLabel('Name')).toHaveValue('Quick Typist');
  await expect(form.getByLabel('Message')).toHaveValue('Typed while the page was still loading');
  // React has the values too: sending validates what the visitor sees.
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'Please enter Email',
    'Please enter Phone number',
  ]);
});

test('the boot script is in the page itself, allowed by its hash, and fetches nothing before the first paint', async ({
  page,
  consoleErrors,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const answer = await page.goto('/?client=RRB');
  expect(answer!.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  // No boot file: the first script fetched is the app, which the inline boot script added.
  expect(scripts.some((path) => path.includes('/boot-'))).toBe(false);
  expect(scripts[0]).toMatch(/\/assets\/(index|jsx-runtime|react)-/);
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
