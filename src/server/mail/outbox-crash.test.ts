import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { testPostgresUrl } from '../../../tests/support/test-database.js';
import { compiledEntry } from '../../../tests/support/compiled-server.js';

/**
 * The real server process, killed with SIGKILL in the middle of an SMTP delivery, then started
 * again on the same database: the message still arrives (at-least-once), and only once here.
 */
const root = resolve(import.meta.dirname, '../../..');
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Sink {
  port: number;
  /** Messages accepted whole. */
  accepted: string[];
  /** Resolves when a delivery has started and is being held open. */
  held: Promise<void>;
  /** From now on, accept messages normally. */
  release: () => void;
}

async function startHoldingSmtp(): Promise<Sink> {
  const accepted: string[] = [];
  let holding = true;
  let markHeld: () => void = () => {};
  const held = new Promise<void>((r) => (markHeld = r));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (holding) {
          // Never answer: the sender is stuck mid-delivery until it dies.
          markHeld();
          return;
        }
        accepted.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    accepted,
    held,
    release: () => (holding = false),
  };
}

/** A page template and an empty assets folder, so the test does not depend on a web build. */
function minimalWebBuild(dir: string): string {
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  cpSync(join(root, 'src/web/index.html'), join(web, 'index.html'));
  return web;
}

/** The compiled server's and release step's environment: the test's own on top of these. */
function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [compiledEntry('main')], {
    cwd: root,
    env: processEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output };
}

/** A port nobody is listening on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 60_000,
  output: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Timed out waiting for ${what}\n${output()}`);
}

async function freshPostgresDatabase(): Promise<string> {
  const name = `hs_crash_${randomBytes(5).toString('hex')}`;
  const adminUrl = testPostgresUrl.replace(/\/[^/]*$/, '/postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return testPostgresUrl.replace(/\/[^/]*$/, `/${name}`);
}

describeEachDatabase('the outbox across a crash', (kind) => {
  it('delivers a message whose delivery was cut off by SIGKILL, after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'highstreet-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const smtp = await startHoldingSmtp();
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      DATA_DIR: dir,
      WEB_DIST_DIR: minimalWebBuild(dir),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_LEASE_SECONDS: '2',
      REFERENCE_CACHE_SECONDS: '0',
      // The release step runs first, as a deployment runs it, without the placeholder pictures:
      // a first start that ran it itself would draw them, about 13 CPU-s a start, and no picture
      // is looked at here.
      MIGRATE_ON_START: 'off',
    };
    if (kind === 'postgres') env.DATABASE_URL = await freshPostgresDatabase();
    const base = `http://127.0.0.1:${port}`;
    const release = spawnSync(process.execPath, [compiledEntry('migrate'), '--skip-pictures'], {
      cwd: root,
      env: processEnv(env),
      encoding: 'utf8',
    });
    expect(release.status, `${release.stdout}${release.stderr}`).toBe(0);

    const first = startServer(env);
    await waitFor(
      'the first server',
      async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
      60_000,
      first.output,
    );
    const subject = `Crash test ${randomBytes(4).toString('hex')}`;
    const sent = await fetch(`${base}/api/v1.0/email/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'rrb.localhost' },
      body: JSON.stringify({
        lib_version: 'test',
        user_id: 'hs_pub_RRB',
        service_id: 'highstreet',
        template_id: 'contact',
        template_params: {
          name: subject,
          email: 'visitor@example.com',
          telephone: '07700900123',
          message: 'Hello',
        },
      }),
    });
    expect(sent.status, first.output()).toBe(200);
    expect(await sent.text()).toBe('OK');

    await smtp.held;
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    smtp.release();

    const second = startServer(env);
    await waitFor(
      'the second server',
      async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
      60_000,
      second.output,
    );
    const message = await waitFor('the redelivered message', async () =>
      smtp.accepted.find((m) => m.includes(subject)),
    );
    expect(message, second.output()).toContain('To: ');
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.accepted.filter((m) => m.includes(subject))).toHaveLength(1);
  }, 240_000);
});
