import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

const repoRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 11;
const baseURL = `http://127.0.0.1:${port}`;

/**
 * A production install, as docs/operating.md deploys: a clean clone of this commit, built with
 * `npm run build`, pruned with `npm prune --omit=dev`; then the release step, the server and the
 * command-line tools run as compiled JavaScript with no devDependency there (no tsx, no Vite).
 * `npm ci` is stood for by hard links to this checkout's node_modules (the same packages, no
 * download); the prune removes the clone's links only.
 */
test.describe('a production install', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let clone: string;
  let server: SpawnedServer | undefined;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    MAIL_WORKER: 'off',
    LOG_LEVEL: 'warn',
  };
  const npm = (...args: string[]) => {
    const run = spawnSync('npm', args, {
      cwd: clone,
      env: { ...process.env, ...env, DATA_DIR: join(clone, 'data') },
      encoding: 'utf8',
      timeout: 240_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, `npm ${args.join(' ')}:\n${output}`).toBe(0);
    return output;
  };

  test.beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'highstreet-production-'));
    clone = join(dir, 'highstreet');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
    execFileSync('cp', ['-al', join(repoRoot, 'node_modules'), join(clone, 'node_modules')]);
    // npm rewrites this file in place as it prunes: a copy, so this checkout's stays as it is.
    const installed = join(clone, 'node_modules', '.package-lock.json');
    rmSync(installed);
    copyFileSync(join(repoRoot, 'node_modules', '.package-lock.json'), installed);
  });
  test.afterAll(async () => {
    await server?.stop();
    if (clone) rmSync(resolve(clone, '..'), { recursive: true, force: true });
  });

  test('npm run build makes the web app and the compiled server with every file they read', () => {
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    npm('run', 'build');
    for (const file of [
      'dist/web/index.html',
      'dist/web/server/entry-server.js',
      'dist/server/main.js',
      'dist/server/migrate.js',
      'dist/server/owner-cli.js',
      'dist/server/content-cli.js',
      'dist/server/outbox-cli.js',
      'dist/server/common-passwords.txt',
    ])
      expect(existsSync(join(clone, file)), file).toBe(true);
  });

  test('npm prune --omit=dev leaves no build or test tool', () => {
    const lock = readFileSync(join(clone, 'package-lock.json'), 'utf8');
    npm('prune', '--omit=dev', '--offline', '--no-audit', '--no-fund');
    for (const devOnly of ['tsx', 'vite', 'esbuild', 'typescript', 'vitest', '@playwright/test'])
      expect(existsSync(join(clone, 'node_modules', devOnly)), devOnly).toBe(false);
    // The lock file is an input of the build's hash: a prune that changed it would make
    // `npm start` want to rebuild without the tools to do it.
    expect(readFileSync(join(clone, 'package-lock.json'), 'utf8')).toBe(lock);
  });

  test('the release step, the server, and an owner who sets a password from the CLI link', async ({
    page,
  }) => {
    // Without the pictures' widths and formats (a minute of CPU; tests/integration/release-step
    // covers them): the server draws the missing ones as it starts.
    expect(npm('run', 'migrate', '--', '--skip-pictures')).toContain('Applied the seed');
    server = await spawnServer('npm', ['start'], {
      cwd: clone,
      env: { ...env, DATA_DIR: join(clone, 'data') },
      baseURL,
      timeoutMs: 60_000,
    });
    expect(server.output()).not.toMatch(/Building|Compiling|build tools/);

    const added = npm('run', 'owner', '--', 'add', 'SE', 'owner@example.com');
    const link = /http:\/\/se\.localhost:\d+\/login\/set-password\?token=[A-Za-z0-9_-]+/.exec(
      added,
    );
    expect(link, added).not.toBeNull();
    // The server resolves the client from the link's host (se.localhost): Chromium sends it to
    // loopback, where the server listens.
    await page.goto(link![0]);
    await page.getByLabel('New password').fill('lantern orchard velvet tide');
    await page.getByLabel('The same password again').fill('lantern orchard velvet tide');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    await expect(page.getByText('Signed in as owner@example.com.')).toBeVisible();

    expect(npm('run', 'owner', '--', 'list', 'SE')).toContain('owner@example.com');
    expect(npm('run', 'outbox', '--', 'list', 'failed')).toContain('No failed messages');
    expect(npm('run', 'content', '--', 'reseed', 'SE')).toContain('SE: the seed');
  });
});
