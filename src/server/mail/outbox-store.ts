import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

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
