import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerMessages } from '../../src/common/owners.js';
import { readMail } from '../../src/server/mail/mime-for-tests.js';
import {
  createOutboxWorker,
  smtpDelivery,
  type OutboxWorker,
} from '../../src/server/mail/outbox-worker.js';
import { runOwnerCommand } from '../../src/server/owners/owner-commands.js';
import { describeEachDatabase } from '../support/each-database.js';
import { cheapPasswordCost } from '../support/owner-session.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { repoRoot, startTestApp, type TestApp } from '../support/test-app.js';
import { compiledEntry } from '../support/compiled-server.js';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
const goodPassword = 'lantern orchard velvet tide';

const sameSite = (host: string) => ({
  host,
  origin: `http://${host}`,
  'x-requested-with': 'highstreet',
});

/** Accounts from the CLI, the one-time set-password link, and the reset e-mail at a real SMTP server. */
describeEachDatabase('owner accounts', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(
      kind,
      { SMTP_URL: sink.url, PORT: '3999' },
      { ownerPasswordCost: cheapPasswordCost },
    );
    worker = createOutboxWorker({
      maxAttempts: 3,
      baseDelayMs: 100,
      maxDelayMs: 400,
      leaseMs: 10_000,
      pollIntervalMs: 50,
      batchSize: 5,
      db: t.handle.db,
      dbKind: t.handle.kind,
      deliver: smtpDelivery(sink.url),
      log: quietLog,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await sink?.close();
  });

  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runOwnerCommand(args, {
      db: t.handle.db,
      registry: t.registry,
      config: t.config,
      print: (line) => lines.push(line),
    });
    return { code, output: lines.join('\n') };
  };
  const setPassword = (token: string, password: string, host = 'rrb.localhost') =>
    t.app.inject({
      method: 'POST',
      url: '/api/owner/set-password',
      headers: sameSite(host),
      payload: { token, password },
    });
  const tokenIn = (text: string, path: string) => {
    const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`No ${path} link in:\n${text}`);
    return match[1]!;
  };

  it('adds an owner from the CLI with a one-time link that sets the password and signs in', async () => {
    const added = await cli('add', 'rrb', 'Ruby@Example.com');
    expect(added.code).toBe(0);
    expect(added.output).toContain('Added ruby@example.com as an owner of RRB');
    expect(added.output).toContain('http://rrb.localhost:3999/login/set-password?token=');
    const token = tokenIn(added.output, '/login/set-password');

    const common = await setPassword(token, 'Password1234');
    expect(common.statusCode).toBe(400);
    expect((common.json() as { message: string }).message).toBe(ownerMessages.common);
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect((short.json() as { message: string }).message).toContain('at least 10 characters');
    // A link for an RRB account does nothing on SE's site.
    expect((await setPassword(token, goodPassword, 'se.localhost')).statusCode).toBe(400);

    const added2 = await cli('link', 'RRB', 'ruby@example.com');
    const token2 = tokenIn(added2.output, '/login/set-password');
    const done = await setPassword(token2, goodPassword);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ owner: { clientCode: 'RRB', email: 'ruby@example.com' } });
    const cookie = String(done.headers['set-cookie']).split(';')[0]!;
    const me = await t.app.inject({
      url: '/api/manage/me',
      headers: { host: 'rrb.localhost', cookie },
    });
    expect(me.statusCode).toBe(200);

    // Works once.
    const again = await setPassword(token2, 'another good passphrase');
    expect(again.statusCode).toBe(400);
    expect((again.json() as { message: string }).message).toBe(ownerMessages.badToken);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/owner/login',
      headers: sameSite('rrb.localhost'),
      payload: { email: 'ruby@example.com', password: goodPassword },
    });
    expect(login.statusCode).toBe(200);

    expect((await cli('add', 'RRB', 'ruby@example.com')).code).toBe(1);
    expect((await cli('add', 'NOPE', 'x@example.com')).output).toContain('no client with the code');
    expect((await cli('list', 'RRB')).output).toMatch(/RRB\s+ruby@example.com\s+\(active/);
  });

  it('refuses an expired set-password link', async () => {
    const { output } = await cli('add', 'RRB', 'late@example.com');
    const token = tokenIn(output, '/login/set-password');
    await t.handle.db
      .updateTable('owner_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await setPassword(token, goodPassword)).statusCode).toBe(400);
  });

  it('adds a staff account with --role staff (issue 32), which signs in as staff', async () => {
    const added = await cli('add', 'RRB', 'therapist@example.com', '--role', 'staff');
    expect(added.code).toBe(0);
    expect(added.output).toContain('Added therapist@example.com as staff of RRB');
    const done = await setPassword(tokenIn(added.output, '/login/set-password'), goodPassword);
    expect(done.json()).toMatchObject({ owner: { role: 'staff' } });
    expect((await cli('list', 'RRB')).output).toMatch(/therapist@example.com\s+\(active, staff/);
    expect((await cli('add', 'RRB', 'x@example.com', '--role', 'boss')).code).toBe(2);
    expect((await cli('link', 'RRB', 'therapist@example.com', '--role', 'staff')).code).toBe(2);
  });

  it('removes an owner, ending their sessions', async () => {
    const { output } = await cli('add', 'SE', 'gone@example.com');
    const done = await setPassword(
      tokenIn(output, '/login/set-password'),
      goodPassword,
      'se.localhost',
    );
    const cookie = String(done.headers['set-cookie']).split(';')[0]!;
    expect((await cli('remove', 'SE', 'gone@example.com')).code).toBe(0);
    const me = await t.app.inject({
      url: '/api/manage/me',
      headers: { host: 'se.localhost', cookie },
    });
    expect(me.statusCode).toBe(401);
    expect((await cli('list', 'SE')).output).not.toContain('gone@example.com');
  });

  it('e-mails a reset link through the outbox; answers the same for an unknown address', async () => {
    const { output } = await cli('add', 'RRB', 'forgot@example.com');
    const first = await setPassword(tokenIn(output, '/login/set-password'), goodPassword);
    const oldCookie = String(first.headers['set-cookie']).split(';')[0]!;

    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/owner/reset-request',
        headers: sameSite('rrb.localhost'),
        payload: { email },
        remoteAddress: '198.51.100.20',
      });
    const known = await ask('Forgot@Example.com');
    const unknown = await ask('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: ownerMessages.resetRequested });

    const mail = await sink.waitFor((m) => m.to.includes('forgot@example.com'));
    const { text, html, header } = readMail(mail.raw);
    expect(header('subject')[0]).toContain('Choose a new password');
    expect(text).toContain('http://rrb.localhost/login/reset?token=');
    expect(html).toContain('/login/reset?token=');
    expect(sink.messages.some((m) => m.to.includes('stranger@example.com'))).toBe(false);

    const reset = await setPassword(tokenIn(text, '/login/reset'), 'a brand new passphrase');
    expect(reset.statusCode).toBe(200);
    // The reset ended the session made before it.
    const me = await t.app.inject({
      url: '/api/manage/me',
      headers: { host: 'rrb.localhost', cookie: oldCookie },
    });
    expect(me.statusCode).toBe(401);
  });

  if (kind === 'sqlite') {
    it('runs as `npm run owner` against the configured database', async () => {
      const file = await sql<{
        file: string;
      }>`select file from pragma_database_list where name = 'main'`.execute(t.handle.db);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [compiledEntry('owner-cli'), 'add', 'SE', 'cli@example.com'],
        {
          cwd: repoRoot,
          env: { ...process.env, SQLITE_FILE: file.rows[0]!.file, DATABASE_URL: '' },
        },
      );
      expect(stdout).toContain('Added cli@example.com as an owner of SE');
      expect(stdout).toMatch(
        /http:\/\/se\.localhost:3000\/login\/set-password\?token=[A-Za-z0-9_-]{43}/,
      );
      expect((await cli('list', 'SE')).output).toContain('cli@example.com');
    });
  }
});
