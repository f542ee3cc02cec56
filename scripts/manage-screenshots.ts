/**
 * Saves every back-office screen at a phone size (390x844) and a desktop size (1280x800) into
 * docs/screenshots/manage/ (committed, so a change of look is seen in review): the salon (RRB)
 * for the diary, hours and treatments, the shop (SE) for orders and products, both for the rest.
 * Uses the real compiled server on a fresh database, an owner made by the CLI, Debian's Chromium.
 * Usage: npm run build && npm run screenshots:manage
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { addOwner, password } from '../tests/e2e/back-office';
import { startSiteServer } from '../tests/e2e/fixtures';
import { chromiumExecutablePath, chromiumFlags } from '../tests/support/chromium';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const screens: Record<string, string[]> = {
  RRB: [
    '',
    'diary',
    'diary?view=week',
    'diary?add=1',
    'hours',
    'treatments',
    'content',
    'outbox',
    'audit',
  ],
  SE: ['', 'orders', 'products'],
};

const outputDir = resolve(import.meta.dirname, '..', 'docs', 'screenshots', 'manage');
const port = Number(process.env.SCREENSHOTS_PORT ?? 4391);

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[data-loading-line]'));
}

async function shoot(page: Page, name: string): Promise<void> {
  const file = resolve(outputDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`saved ${file}`);
}

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const server = await startSiteServer(port);
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: chromiumFlags,
  });
  try {
    for (const viewport of viewports) {
      for (const [code, paths] of Object.entries(screens)) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const { token } = await addOwner(server, code);
        await page.goto(`${server.baseURL}/login?client=${code}`);
        await settle(page);
        if (code === 'RRB') await shoot(page, `sign-in-${viewport.name}`);
        await page.goto(`${server.baseURL}/login/set-password?token=${token}`);
        await page.getByLabel('New password').fill(password);
        await page.getByLabel('The same password again').fill(password);
        await page.getByRole('button', { name: 'Save password and sign in' }).click();
        await page.waitForURL(/\/manage$/);
        for (const path of paths) {
          await page.goto(`${server.baseURL}/manage${path ? `/${path}` : ''}`);
          await settle(page);
          const slug = path === '' ? 'home' : path.replace(/\W+/g, '-');
          await shoot(page, `${code}-${slug}-${viewport.name}`);
        }
        if (viewport.name === 'phone') {
          await page.getByRole('button', { name: 'More' }).click();
          await shoot(page, `${code}-more-menu-${viewport.name}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
