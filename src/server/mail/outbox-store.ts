import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DatabaseKind } from '../db/database.js';
import type { Database, OutboxTable } from '../db/schema.js';

/** A message ready to send: rendered, escaped, with fixed recipients. */
export interface OutgoingMessage {
  clientCode: string;
  templateId: string;
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  html: string;
  text: string;
  /** A replay with the same key (per client) is accepted but stored once. */
  idempotencyKey?: string | undefined;
  /** A calendar part (issue 17), sent as nodemailer's icalEvent. */
  ical?: { method: 'REQUEST' | 'CANCEL'; content: string } | undefined;
  /** Scheduled mail (reminders): the worker leaves it until this instant. */
  notBefore?: Date | undefined;
}

export interface EnqueueResult {
  id: number;
  duplicate: boolean;
  /**
   * For a duplicate: whether the stored message is the same as this one. A key reused for a
   * different message is the sender's mistake (answered 422), never a silent drop.
   */
  sameAsStored: boolean;
}

/**
 * Writes a message to the outbox. Call it inside the transaction that stores the order or
 * booking, so the message exists exactly when the thing it reports does.
 */
export async function enqueueMessage(
  db: Kysely<Database> | Transaction<Database>,
  message: OutgoingMessage,
  now: Date = new Date(),
): Promise<EnqueueResult> {
  const key = message.idempotencyKey ?? null;
  const inserted = await db
    .insertInto('outbox')
    .values({
      client_code: message.clientCode,
      idempotency_key: key,
      template_id: message.templateId,
      mail_from: message.from,
      mail_to: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
      status: 'pending',
      attempts: 0,
      next_attempt_at: (message.notBefore ?? now).toISOString(),
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
      ical: message.ical ? JSON.stringify(message.ical) : null,
      not_before: message.notBefore ? message.notBefore.toISOString() : null,
    })
    .onConflict((oc) => oc.columns(['client_code', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, duplicate: false, sameAsStored: true };
  const existing = await db
    .selectFrom('outbox')
    .select(['id', 'template_id', 'mail_to', 'reply_to', 'subject', 'text', 'html'])
    .where('client_code', '=', message.clientCode)
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  const sameAsStored =
    existing.template_id === message.templateId &&
    existing.mail_to === message.to &&
    existing.reply_to === (message.replyTo ?? null) &&
    existing.subject === message.subject &&
    existing.text === message.text &&
    existing.html === message.html;
  return { id: existing.id, duplicate: true, sameAsStored };
}

export type OutboxRow = Selectable<OutboxTable>;

const iso = (date: Date) => date.toISOString();
const dayMs = 24 * 60 * 60_000;

/**
 * Claims due messages with a lease, so one message is only in one worker's hands at a time, also
 * across server instances. PostgreSQL: SELECT ... FOR UPDATE SKIP LOCKED, then the lease, in one
 * transaction. SQLite has a single writer, so one UPDATE ... WHERE id IN (due) is atomic.
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  dbKind: DatabaseKind,
  now: Date,
  leaseMs: number,
  batchSize: number,
): Promise<OutboxRow[]> {
  const nowIso = iso(now);
  const leaseUntil = iso(new Date(now.getTime() + leaseMs));
  const due = (qb: Kysely<Database>) =>
    qb
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('not_before', 'is', null), eb('not_before', '<=', nowIso)]))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
      .orderBy('id')
      .limit(batchSize);

  if (dbKind === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const ids = (await due(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      return trx
        .updateTable('outbox')
        .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .returningAll()
        .execute();
    });
  }
  return db
    .updateTable('outbox')
    .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due(db))
    .returningAll()
    .execute();
}

/**
 * Ends a failed delivery attempt: back in the queue at `nextAttemptAt`, or failed for good. Only
 * while the worker's claim (`locked_until`) is still the one it took.
 */
export async function markAttemptFailed(
  db: Kysely<Database>,
  row: OutboxRow,
  outcome: { status: 'failed' | 'pending'; lastError: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: outcome.status,
      locked_until: null,
      last_error: outcome.lastError,
      next_attempt_at: outcome.nextAttemptAt,
    })
    .where('id', '=', row.id)
    .where('locked_until', '=', row.locked_until)
    .execute();
}

/**
 * Marks a message sent; false when the worker's claim had expired meanwhile (the lease value
 * doubles as a fencing token: a worker whose claim expired does not overwrite).
 */
export async function markSent(db: Kysely<Database>, row: OutboxRow, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: iso(now), locked_until: null, last_error: null })
    .where('id', '=', row.id)
    .where('locked_until', '=', row.locked_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts failed messages back in the queue for a fresh set of attempts. */
export async function retryFailedMessages(
  db: Kysely<Database>,
  ids: number[] | 'all',
  now: Date = new Date(),
): Promise<number> {
  let query = db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: iso(now), locked_until: null })
    .where('status', '=', 'failed');
  if (ids !== 'all') query = query.where('id', 'in', ids.length ? ids : [-1]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes sent messages older than the retention period: their bodies hold customers' names,
 * addresses and messages, which a small business should not keep for ever (UK GDPR storage
 * limitation; docs/decisions/0020-outbox-retention.md). Pending and failed messages are kept: they
 * have not reached the owner yet. Returns how many were removed.
 */
export async function removeExpiredSentMessages(
  db: Kysely<Database>,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * dayMs).toISOString();
  const result = await db
    .deleteFrom('outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest 200 messages of one status, for the outbox CLI. */
export async function listMessagesByStatus(db: Kysely<Database>, status: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'client_code', 'subject', 'status', 'attempts', 'created_at', 'last_error'])
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Deletes a client's pending messages of one template whose idempotency key is `like` the
 * pattern, unless a worker holds them (then they go out: too late to take back).
 */
export async function dropPendingMessages(
  db: Kysely<Database>,
  which: { clientCode: string; templateId: string; keyLike: string },
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('client_code', '=', which.clientCode)
    .where('template_id', '=', which.templateId)
    .where('idempotency_key', 'like', which.keyLike)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]),
    )
    .execute();
}
