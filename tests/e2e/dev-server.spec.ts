import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { copyDrawnPictures } from './fixtures';

const repoRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 12;
const baseURL = `http://127.0.0.1:${port}`;

/** `npm run dev` with no build: pages are prerendered through Vite and the app connects for HMR. */
test.describe('npm run dev', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let dataDir: string;
  let server: SpawnedServer | undefined;

  test.beforeAll(async () => {
    // The first start has Vite scan and pre-bundle the app's dependencies.
    test.setTimeout(240_000);
    dataDir = mkdtempSync(join(tmpdir(), 'highstreet-dev-'));
    // The seed's placeholder pictures, drawn once for the run (global-setup.ts): drawing them
    // again would be most of this start's CPU, and a developer's data folder has them already.
    copyDrawnPictures(dataDir);
    server = await spawnServer('npm', ['run', 'dev'], {
      cwd: repoRoot,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MAIL_WORKER: 'off',
        // Vite's own build output would not be used; make sure nothing reads dist/.
        WEB_DIST_DIR: join(dataDir, 'no-dist'),
      },
      baseURL,
      timeoutMs: 180_000,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('serves a prerendered page that hydrates and connects to Vite for hot updates', async ({
    page,
  }) => {
    const html = await (await fetch(`${baseURL}/?client=RRB`)).text();
    expect(html).toContain('Ruby Rose Beauty is a small, friendly salon');
    expect(html).toContain('/@vite/client');

    const connected = page.waitForEvent('console', (m) => m.text().includes('[vite] connected'));
    await page.goto(`${baseURL}/product/2?client=SE`);
    await expect(page.locator('main h1')).toHaveText('Oasis Serenity');
    await connected;
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Readable logs in development.
    expect(server?.output()).toMatch(/INFO.*answered/);
  });
});
