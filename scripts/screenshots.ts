/**
 * Saves each client's home page at a phone size (390x844) and a desktop size (1280x800) into
 * screenshots/ (git-ignored), using the real server on a fresh database and Debian's Chromium.
 * Usage: npm run build && npm run screenshots   (WEB_DIST_DIR picks another build folder)
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { knownClientCodes } from '../src/common/client-config';
import { startSiteServer } from '../tests/e2e/fixtures';
import { chromiumExecutablePath, chromiumFlags } from '../tests/support/chromium';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const outputDir = resolve(import.meta.dirname, '..', 'screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? 4390);
const paths = (process.env.SCREENSHOT_PATHS ?? '/').split(',');

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const server = await startSiteServer(port);
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: chromiumFlags,
  });
  try {
    for (const viewport of viewports) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      for (const code of knownClientCodes) {
        for (const path of paths) {
          await page.goto(
            `${server.baseURL}${path}${path.includes('?') ? '&' : '?'}client=${code}`,
          );
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          const slug = path === '/' ? 'home' : path.replace(/\W+/g, '-').replace(/^-|-$/g, '');
          const file = resolve(outputDir, `${code}-${slug}-${viewport.name}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(`saved ${file}`);
        }
      }
      await context.close();
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
