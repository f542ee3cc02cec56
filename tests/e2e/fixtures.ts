import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { compiledEntry } from '../support/compiled-server';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface SiteServer {
  baseURL: string;
  smtp: SmtpSink;
  /** The server's SQLite file, for a test that must put data where the server reads it. */
  sqliteFile: string;
  /** Server output so far, for failure messages. */
  output: () => string;
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Server did not start within 60 s:\n${output()}`);
}

/**
 * Refuses a port something already listens on: the health check would otherwise find that
 * other server (one left from an interrupted run, say) before this one has failed to bind.
 */
async function ensurePortIsFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is already taken (a server left from an earlier run?); stop it or set E2E_PORT_BASE.`
            : `Port ${port} cannot be used: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * Where global-setup.ts left a media folder with the seed's placeholder pictures drawn: a server
 * on a data folder without media starts from a copy of it instead of drawing them again.
 */
export const mediaTemplateVariable = 'E2E_MEDIA_TEMPLATE';

/** Gives a data folder without media the run's drawn placeholder pictures (global-setup.ts). */
export function copyDrawnPictures(dataDir: string): void {
  const mediaTemplate = process.env[mediaTemplateVariable];
  if (mediaTemplate && !existsSync(join(dataDir, 'media')))
    cpSync(mediaTemplate, join(dataDir, 'media'), { recursive: true });
}

/**
 * Starts the server `npm start` runs (`node dist/server/main.js`, built once per run by
 * tests/e2e/global-setup.ts) on a fresh SQLite file with a real SMTP sink, for one worker. With
 * `env.DATA_DIR` (and its `SQLITE_FILE`) it starts on that directory instead, which the test owns:
 * stop leaves it, so a server can stop and start again on the same data.
 */
export async function startSiteServer(
  port: number,
  env: Record<string, string> = {},
): Promise<SiteServer & { stop: () => Promise<void> }> {
  await ensurePortIsFree(port);
  const smtp = await startSmtpSink();
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'highstreet-e2e-'));
  const sqliteFile = env.SQLITE_FILE ?? join(dataDir, 'highstreet.sqlite');
  // A client set of its own (SEED_DIR) has pictures of its own to draw.
  if (env.SEED_DIR === undefined) copyDrawnPictures(dataDir);
  let log = '';
  const child = spawn(process.execPath, [compiledEntry('main')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Without this every test server would share data/highstreet.sqlite (and its outbox).
      SQLITE_FILE: sqliteFile,
      SMTP_URL: smtp.url,
      // Every browser test sends from 127.0.0.1; the rate-limit test lives in the relay's own suite.
      MAIL_RELAY_LIMIT_PER_IP: '100000',
      BOOKING_LIMIT_PER_IP: '100000',
      MAIL_RELAY_LIMIT_PER_CLIENT: '100000',
      BOOKING_LIMIT_PER_CLIENT: '100000',
      FORM_SESSION_LIMIT: '100000',
      BOOKING_VISITORS_PER_IP: '100000',
      BOOKINGS_PER_IP_PER_DAY: '100000',
      LOG_LEVEL: 'warn',
      // A test writes a product straight into the database, behind the server's back (no change
      // signal), and reads it on the page: pages are not cached here. The page cache has its own
      // integration test, and first-command.spec.ts runs the server with it.
      PAGE_CACHE_MB: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (error) {
    // A server that did not answer in time must not hold the port for the retry or the next test.
    child.kill('SIGKILL');
    await smtp.close();
    throw error;
  }
  return {
    baseURL,
    smtp,
    sqliteFile,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A graceful stop that waits on a browser's open connection must not hold the test (and
        // its port) for minutes: after 10 s it is killed, as a supervisor would.
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await smtp.close();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface TestFixtures {
  /** Console errors and uncaught page errors seen during the test. */
  consoleErrors: string[];
}

interface WorkerFixtures {
  site: SiteServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, workerInfo) => {
      const portBase = Number(process.env.E2E_PORT_BASE ?? 4400);
      const server = await startSiteServer(portBase + workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => use(site.baseURL),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
});

/**
 * A site server of a spec's own (settings the shared one must not have), for a serial spec:
 * started before its first test and stopped after its last, in the one worker that runs them, with
 * the spec's pages opened on it. Overriding the worker's `site` fixture instead made Playwright
 * start a worker of its own for the spec, and another for the tests after it (each a browser, a
 * server and new sign-ins). `prepare` readies the started server (a server it fails on is stopped
 * at once, not left holding its port); `afterStop` runs after the server stops, whatever happened
 * before. Returns the server, for the spec's tests to read.
 */
export function useOwnSiteServer({
  start,
  prepare = async () => {},
  afterStop = async () => {},
}: {
  start: (parallelIndex: number) => ReturnType<typeof startSiteServer>;
  prepare?: (server: SiteServer) => Promise<void> | void;
  afterStop?: () => Promise<void>;
}): () => SiteServer {
  let starting: Promise<Awaited<ReturnType<typeof startSiteServer>> | undefined> | undefined;
  let startError: unknown;
  let server: SiteServer | undefined;
  let stopped = false;
  const startPrepared = async (parallelIndex: number) => {
    const started = await start(parallelIndex);
    try {
      await prepare(started);
    } catch (error) {
      await started.stop();
      throw error;
    }
    return started;
  };
  // Started by the first test's pages (their base URL), which Playwright sets up before any hook.
  // Playwright sets it up for the spec's hooks too: a failed start is kept for the tests to report
  // (see below) so that the hooks still run, and none starts a server once the spec's has stopped.
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    baseURL: async ({}, use, testInfo) => {
      if (!stopped) {
        starting ??= startPrepared(testInfo.parallelIndex).catch((error: unknown) => {
          startError = error;
          return undefined;
        });
        server = await starting;
      }
      await use(server?.baseURL);
    },
  });
  test.afterAll(async () => {
    stopped = true;
    const running = await starting;
    server = undefined;
    try {
      await running?.stop();
    } finally {
      await afterStop();
    }
  });
  return () => {
    if (startError !== undefined) throw startError;
    if (!server) throw new Error("The spec's own server runs only between its first and last test");
    return server;
  };
}

/** Opens a path as the given client (the preview switch, then its cookie). */
export async function openAs(page: Page, clientCode: string, path = '/'): Promise<void> {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${separator}client=${clientCode}`);
  // The server sends the screen as HTML; it answers to input once React has hydrated it.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * Moves the open app to another of its routes without loading a page (a history entry, then the
 * router's popstate; without React Router's index in it, so the screen's heading does not take
 * focus as after a link, which the sweep's skip-link check starts from), and lets two frames pass:
 * React renders a navigation after the event, and until then the old screen is still shown. A lazy
 * screen then shows its loading line until its chunk arrives. A page load costs Chromium about
 * twice as much.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    for (let frame = 0; frame < 2; frame++)
      await new Promise((resolve) => requestAnimationFrame(resolve));
  }, path);
}

export const clientCodes = ['SE', 'RRB', 'BBG', 'PHEC', 'PI', 'AMS', 'JS'] as const;

export { expect };
