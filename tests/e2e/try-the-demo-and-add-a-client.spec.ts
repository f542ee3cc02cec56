import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DatabaseSync } from '@photostructure/sqlite';
import { compiledEntry } from '../support/compiled-server';
import { desktop, expectNoAxeViolations, phone, signIn } from './back-office';
import { expect, startSiteServer, test, type SiteServer } from './fixtures';

// Issue 38, shown by: `npm run demo`, then the printed password signs the owner in to a diary
// with bookings; `npm run client -- add`, then the running server serves the new site, axe clean.

const repoRoot = resolve(import.meta.dirname, '../..');
// One worker, one server of its own for both journeys (suite time, issue 29).
test.describe.configure({ mode: 'serial' });
let dataDir: string;
let server: SiteServer & { stop: () => Promise<void> };
let cliEnv: Record<string, string>;

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test.beforeAll(async ({}, workerInfo) => {
  dataDir = mkdtempSync(join(tmpdir(), 'highstreet-demo-'));
  const themesDir = join(dataDir, 'themes');
  cpSync(join(repoRoot, 'public/themes'), themesDir, { recursive: true });
  // Past the ports the shared site servers and add-a-client take (fixtures.ts).
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 30 + workerInfo.parallelIndex;
  const env = {
    DATA_DIR: dataDir,
    SQLITE_FILE: join(dataDir, 'highstreet.sqlite'),
    THEMES_DIR: themesDir,
    CLIENT_RELOAD_SECONDS: '0.5',
  };
  server = await startSiteServer(port, env);
  cliEnv = { ...env, NODE_ENV: 'test', DATABASE_URL: '' };
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function run(entry: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [compiledEntry(entry), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...cliEnv },
  });
  return stdout;
}

test('npm run demo: the printed password signs in, and the diary has bookings', async ({
  page,
}) => {
  const printed = await run('demo-cli', ['--client', 'RRB']);
  const password = /owner@rrb\.demo {2}password: (\S+)/.exec(printed)?.[1];
  expect(password, printed).toBeDefined();
  const db = new DatabaseSync(cliEnv.SQLITE_FILE!, { readOnly: true });
  const booked = db
    .prepare(
      `SELECT booking_date AS date, customer_name AS name FROM bookings
       WHERE client_code = 'RRB' AND status = 'booked' ORDER BY booking_date, start_minute LIMIT 1`,
    )
    .get() as { date: string; name: string };
  db.close();

  await page.setViewportSize(phone);
  await page.goto(`${server.baseURL}/login?client=RRB`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await signIn(page, 'owner@rrb.demo', password);
  await expect(page).toHaveURL(/\/manage$/);

  await page.setViewportSize(desktop);
  await page.goto(`${server.baseURL}/manage/diary?date=${booked.date}`);
  await expect(page.getByText(booked.name).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('npm run client -- add: the running server serves the new site, axe clean', async ({
  page,
}) => {
  const printed = await run('client-cli', [
    'add',
    'NELL',
    '--name',
    "Nell's Nails",
    '--host',
    'nellsnails.example',
    '--kind',
    'salon',
    '--colour',
    '#5b2a86',
    '--accent',
    '#e8a0bf',
  ]);
  expect(printed).toContain('Added NELL');
  // Taken in within CLIENT_RELOAD_SECONDS, with no restart.
  await expect
    .poll(async () => (await page.request.get(`${server.baseURL}/?client=NELL`)).status())
    .toBe(200);

  await page.setViewportSize(phone);
  await page.goto(`${server.baseURL}/?client=NELL`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page).toHaveTitle("Nell's Nails");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Welcome to Nell's Nails");
  await expect(page.getByRole('link', { name: 'Book Online' }).first()).toBeVisible();

  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);
});
