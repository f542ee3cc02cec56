import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { retryDelayMs, type BackoffPolicy } from './backoff.js';
import { retentionPeriodMs, runOutboxRetention } from './outbox-retention.js';
import { claimDueMessages, markAttemptFailed, markSent, type OutboxRow } from './outbox-store.js';

export interface WorkerLog {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
}

/** Hands one message to the mail system; throws when it was not accepted. */
export type DeliverMessage = (row: OutboxRow) => Promise<string>;

export interface OutboxWorkerOptions extends BackoffPolicy {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  deliver: DeliverMessage;
  log: WorkerLog;
  maxAttempts: number;
  /** How long a claim lasts; a worker that dies mid-delivery loses its claim after this. */
  leaseMs: number;
  pollIntervalMs: number;
  batchSize: number;
  now?: () => Date;
  random?: () => number;
}

export const defaultWorkerSettings = {
  maxAttempts: 8,
  baseDelayMs: 60_000,
  maxDelayMs: 2 * 60 * 60_000,
  leaseMs: 10 * 60_000,
  pollIntervalMs: 1_000,
  batchSize: 5,
} as const;

const iso = (date: Date) => date.toISOString();

export interface OutboxWorker {
  start: () => void;
  /** Stops polling and waits for the delivery in progress. */
  stop: () => Promise<void>;
  /** One claim-and-deliver round; returns how many messages it handled. */
  runOnce: () => Promise<number>;
}

/** The pause after n failed rounds in a row: the poll interval doubled n times, at most 60 s. */
export function failedRoundPauseMs(failedRounds: number, pollIntervalMs: number): number {
  return Math.min(60_000, pollIntervalMs * 2 ** Math.min(failedRounds, 16));
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function settle(row: OutboxRow, error: unknown): Promise<void> {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const giveUp = row.attempts >= options.maxAttempts;
    const next = new Date(now().getTime() + retryDelayMs(row.attempts, options, random));
    await markAttemptFailed(options.db, row, {
      status: giveUp ? 'failed' : 'pending',
      lastError,
      nextAttemptAt: giveUp ? row.next_attempt_at : iso(next),
    });
    const what = `outbox message ${row.id} (${row.client_code}, attempt ${row.attempts}/${options.maxAttempts})`;
    if (giveUp)
      options.log.error(
        `Gave up on ${what}: ${lastError}. Retry it with npm run outbox -- retry-failed`,
      );
    else options.log.warn(`Could not deliver ${what}: ${lastError}; next try at ${iso(next)}`);
  }

  async function deliverOne(row: OutboxRow): Promise<void> {
    let outcome: string;
    try {
      outcome = await options.deliver(row);
    } catch (error) {
      await settle(row, error);
      return;
    }
    // The lease value doubles as a fencing token: a worker whose claim expired does not overwrite.
    if (!(await markSent(options.db, row, now()))) {
      options.log.warn(`Outbox message ${row.id} was delivered after its claim expired`);
    }
    options.log.info(`Delivered outbox message ${row.id} (${row.client_code}): ${outcome}`);
  }

  async function runOnce(): Promise<number> {
    const rows = await claimDueMessages(
      options.db,
      options.dbKind,
      now(),
      options.leaseMs,
      options.batchSize,
    );
    for (const row of rows) await deliverOne(row);
    return rows.length;
  }

  // Rounds that failed in a row (the database down, say): the pause doubles, up to a minute, and
  // the worker carries on; it logs the first failure and then every tenth, not one line a second.
  let failedRounds = 0;

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().then(
        (handled) => {
          if (failedRounds > 0) {
            options.log.info(`Outbox worker recovered after ${failedRounds} failed round(s)`);
          }
          failedRounds = 0;
          return handled;
        },
        (error: unknown) => {
          failedRounds++;
          if (failedRounds === 1 || failedRounds % 10 === 0) {
            options.log.error(
              `Outbox worker round failed (${failedRounds} in a row), backing off: ${String(error)}`,
            );
          }
          return 0;
        },
      );
      void running.then((handled) => {
        running = undefined;
        // A full batch means more may be waiting: go again at once.
        schedule(
          failedRounds > 0
            ? failedRoundPauseMs(failedRounds, options.pollIntervalMs)
            : handled >= options.batchSize
              ? 0
              : options.pollIntervalMs,
        );
      });
    }, delayMs);
    timer.unref?.();
  }

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}

/** Message-ID per outbox row, so a receiving system can spot an at-least-once redelivery. */
function messageIdFor(row: OutboxRow): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(row.mail_from)?.[1] ?? 'highstreet.localhost';
  return `<outbox-${row.id}.${row.client_code.toLowerCase()}@${domain}>`;
}

/** The stored calendar part as nodemailer's icalEvent (a text/calendar alternative + attachment). */
function icalEventOf(json: string): { method: string; filename: string; content: string } {
  const { method, content } = JSON.parse(json) as { method: string; content: string };
  return { method, filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', content };
}

function mailOptions(row: OutboxRow) {
  return {
    from: row.mail_from,
    to: row.mail_to,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    subject: row.subject,
    html: row.html,
    text: row.text,
    messageId: messageIdFor(row),
    date: new Date(row.created_at),
    headers: { 'X-Highstreet-Client': row.client_code },
    ...(row.ical ? { icalEvent: icalEventOf(row.ical) } : {}),
  };
}

/** Delivery by SMTP to smtpUrl (nodemailer). */
export function smtpDelivery(smtpUrl: string): DeliverMessage {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return async (row) => {
    const info = await transport.sendMail(mailOptions(row));
    return `accepted by SMTP for ${info.accepted.map(String).join(', ')}`;
  };
}

/** Without SMTP settings: each message becomes an .eml file in the folder, for local runs. */
export function emlFileDelivery(folder: string): DeliverMessage {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return async (row) => {
    const info = await transport.sendMail(mailOptions(row));
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${row.created_at.replace(/[:.]/g, '-')}-${row.id}.eml`);
    writeFileSync(file, info.message as Buffer);
    return `written to ${file}`;
  };
}

export function emlFolder(config: ServerConfig): string {
  return join(config.dataDir, 'outbox-eml');
}

export function deliveryFor(config: ServerConfig): DeliverMessage {
  return config.smtpUrl ? smtpDelivery(config.smtpUrl) : emlFileDelivery(emlFolder(config));
}

/**
 * Runs the outbox worker alongside the server when config.mailWorker is on: it starts when the
 * server is ready and stops, finishing the delivery in hand, when the server closes.
 */
export function attachOutboxWorker(
  app: FastifyInstance,
  deps: { config: ServerConfig; db: Kysely<Database>; dbKind: DatabaseKind },
): void {
  if (!deps.config.mailWorker) return;
  const worker = createOutboxWorker({
    ...defaultWorkerSettings,
    leaseMs: deps.config.mailLeaseMs,
    db: deps.db,
    dbKind: deps.dbKind,
    deliver: deliveryFor(deps.config),
    log: {
      info: (m) => app.log.info(m),
      warn: (m) => app.log.warn(m),
      error: (m) => {
        app.log.error(m);
        // A failed round or a message given up on: reported as the outbox job's failure.
        app.errorReporter?.job('outbox-worker', new Error(m));
      },
    },
  });
  if (!deps.config.smtpUrl) {
    app.log.info(`No SMTP_URL: e-mails are written to ${emlFolder(deps.config)}`);
  }
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  // Retention runs where delivery runs: at start, then hourly; each hour one instance claims it
  // (runOutboxRetention), the others skip it.
  let retentionTimer: NodeJS.Timeout | undefined;
  const removeExpired = () =>
    runOutboxRetention(deps.db, deps.config.outboxRetentionDays)
      .then(({ removed }) => {
        if (removed > 0) app.log.info(`Outbox retention removed ${removed} sent message(s)`);
      })
      .catch((error: unknown) => {
        app.log.warn(`Outbox retention failed: ${String(error)}`);
        app.errorReporter?.job('outbox-retention', error);
      });
  app.addHook('onReady', async () => {
    void removeExpired();
    retentionTimer = setInterval(() => void removeExpired(), retentionPeriodMs);
    retentionTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(retentionTimer));
}
