import type { Kysely } from 'kysely';
import { outboxStatuses, type OutboxEntry } from '../../common/outbox.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';

const dayMs = 24 * 60 * 60_000;

const asStatus = (value: string): OutboxEntry['status'] =>
  (outboxStatuses as readonly string[]).includes(value)
    ? (value as OutboxEntry['status'])
    : 'pending';

/**
 * The client's messages for the owner: everything pending or failed, and what was sent in the last
 * `sentDays` days; newest first. Only this client's rows are read.
 */
export async function listOutboxForClient(
  db: Kysely<Database>,
  clientCode: string,
  { sentDays, limit }: { sentDays: number; limit: number },
  now: Date = new Date(),
): Promise<OutboxEntry[]> {
  const since = new Date(now.getTime() - sentDays * dayMs).toISOString();
  const rows = await db
    .selectFrom('outbox')
    .select([
      'id',
      'status',
      'mail_to',
      'subject',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .where('client_code', '=', clientCode)
    .where((eb) => eb.or([eb('status', '<>', 'sent'), eb('sent_at', '>=', since)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: asStatus(row.status),
    to: row.mail_to,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}

/** Puts one of the client's failed messages back in the queue; anything else is refused. */
export async function retryClientMessage(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  now: Date = new Date(),
): Promise<void> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString(), locked_until: null })
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new AppError(404, `There is no failed message ${id} to retry.`);
  }
}
