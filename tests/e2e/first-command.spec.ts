import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

const repoRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 10;
const baseURL = `http://127.0.0.1:${port}`;

/**
 * The README's first command on a clean clone of this commit: `npm start` builds the production
 * build and the compiled server itself, and the page's main text is in the HTML before any script
 * runs. The clone shares this checkout's node_modules (a symlink) to stand for `npm install`.
 */
test.describe('the first command', () => {
  test.describe.configure({ mode: 'serial', timeout: 600_000 });
  let clone: string;
  let server: SpawnedServer | undefined;

  test.beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'highstreet-clone-'));
    clone = join(dir, 'highstreet');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
    symlinkSync(join(repoRoot, 'node_modules'), join(clone, 'node_modules'));
  });
  test.afterAll(async () => {
    await server?.stop();
    if (clone) rmSync(resolve(clone, '..'), { recursive: true, force: true });
  });

  const start = () =>
    spawnServer('npm', ['start'], {
      cwd: clone,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(clone, 'data'),
        MAIL_WORKER: 'off',
        LOG_LEVEL: 'warn',
      },
      baseURL,
      timeoutMs: 480_000,
    });

  test('npm start on a fresh clone serves the prerendered product, readable without JavaScript', async ({
    browser,
  }) => {
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    server = await start();
    console.log(`first npm start: listening after ${server.readyAfterMs} ms (full build)`);
    // What was built: the client, the prerender bundle and the compiled server.
    for (const file of [
      'dist/web/index.html',
      'dist/web/server/entry-server.js',
      'dist/server/main.js',
      'dist/build-inputs.json',
    ])
      expect(existsSync(join(clone, file)), file).toBe(true);
    expect(server.output()).toContain('Highstreet is running on');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/product/2?client=SE`);
    await expect(page.locator('main h1')).toHaveText('Oasis Serenity');
    await expect(page.locator('main')).toContainText('Our best-selling family tub');
    await page.goto(`${baseURL}/?client=RRB`);
    await expect(page.locator('main')).toContainText('Ruby Rose Beauty is a small, friendly salon');
    await context.close();
  });

  test('a second npm start with nothing changed builds nothing and starts quickly', async () => {
    await server?.stop();
    const stamp = readFileSync(join(clone, 'dist/build-inputs.json'), 'utf8');
    server = await start();
    console.log(`second npm start: listening after ${server.readyAfterMs} ms (nothing to build)`);
    expect(server.output()).not.toMatch(/Building|Compiling/);
    expect(readFileSync(join(clone, 'dist/build-inputs.json'), 'utf8')).toBe(stamp);
    // Generous: this machine is shared; on a quiet one it is about a second.
    expect(server.readyAfterMs).toBeLessThan(20_000);
    expect((await fetch(`${baseURL}/?client=JS`)).status).toBe(200);
  });
});
