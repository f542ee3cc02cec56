import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { desktop, expectNoAxeViolations, phone } from './back-office';
import { expect, startSiteServer, test, type SiteServer } from './fixtures';

// Issue 38, "the same from an operator screen" (docs/decisions/0080-the-operators-screen.md): the
// host signs in with OPERATOR_TOKEN on /operator, adds a business with its brand colour (the
// contrast said on the field), gets the first owner's link, and the new site answers on its
// host at once; the business is switched off and on from the list. Axe clean at 390 and 1280 px.

const repoRoot = resolve(import.meta.dirname, '../..');
const operatorToken = 'e2e-operator-token-0123456789';
let dataDir: string;
let server: SiteServer & { stop: () => Promise<void> };
let port: number;

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test.beforeAll(async ({}, workerInfo) => {
  dataDir = mkdtempSync(join(tmpdir(), 'highstreet-operator-'));
  const themesDir = join(dataDir, 'themes');
  cpSync(join(repoRoot, 'public/themes'), themesDir, { recursive: true });
  // Past the ports the shared site servers and the other own-server specs take (fixtures.ts).
  port = Number(process.env.E2E_PORT_BASE ?? 4400) + 50 + workerInfo.parallelIndex;
  server = await startSiteServer(port, {
    DATA_DIR: dataDir,
    SQLITE_FILE: join(dataDir, 'highstreet.sqlite'),
    THEMES_DIR: themesDir,
    OPERATOR_TOKEN: operatorToken,
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the operator adds a business on the screen, and its site answers on its host', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto(`${server.baseURL}/operator`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.getByRole('form', { name: 'Operator sign-in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Operator token').fill(operatorToken);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const form = page.getByRole('form', { name: 'Add a business' });
  await form.getByLabel('Code').fill('POPPY');
  await form.getByLabel('Business name').fill("Poppy's Plants");
  await form.getByLabel('Host names').fill('poppysplants.example');
  await form.getByLabel('Kind').selectOption('shop');
  await form.getByLabel('Brand colour').fill('#ffb6c1');
  // The contrast is checked as it is typed, and said on the field.
  await expect(form.getByText(/#ffb6c1 is too light for text on the page/)).toBeVisible();
  await form.getByLabel('Heading font').fill('Georgia');
  await form.getByLabel('First owner’s e-mail').fill('poppy@poppysplants.example');
  await expectNoAxeViolations(page);
  // The session lapses while the operator types: the sign-in comes back, the typing stays.
  await page.context().clearCookies();
  await form.getByRole('button', { name: 'Add the business' }).click();
  await page.getByLabel('Operator token').fill(operatorToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('form', { name: 'Operator sign-in' })).toHaveCount(0);
  await expect(form.getByLabel('Code')).toHaveValue('POPPY');
  await expect(form.getByLabel('First owner’s e-mail')).toHaveValue('poppy@poppysplants.example');
  await form.getByRole('button', { name: 'Add the business' }).click();

  const added = page.getByRole('region', { name: "Added POPPY: Poppy's Plants" });
  await expect(added).toBeVisible();
  await expect(added.getByRole('link', { name: /\/login\/set-password\?token=/ })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: "POPPY: Poppy's Plants", exact: true }),
  ).toBeVisible();

  // The new site on its own host name, at once: nothing restarted.
  const site = await page.context().newPage();
  await site.setViewportSize(desktop);
  await site.goto(`http://poppy.localhost:${port}/`);
  await site.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(site).toHaveTitle("Poppy's Plants");
  await expect(site.getByRole('heading', { level: 1 })).toHaveText("Welcome to Poppy's Plants");
  await expectNoAxeViolations(site);

  await page.setViewportSize(desktop);
  await page.getByRole('button', { name: 'Disable POPPY' }).click();
  await expect(page.getByText(/Disabled since .*: its sites answer “not available”/)).toBeVisible();
  const off = await site.goto(`http://poppy.localhost:${port}/`);
  expect(off?.status()).toBe(404);
  await expect(site.getByText('This site is not available.')).toBeVisible();
  await page.getByRole('button', { name: 'Enable POPPY' }).click();
  await expect(page.getByRole('button', { name: 'Disable POPPY' })).toBeVisible();
  await expectNoAxeViolations(page);
});
