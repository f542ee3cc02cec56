import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const dayMs = 24 * 60 * 60_000;

/**
 * Deletes sent messages older than the retention period: their bodies hold customers' names,
 * addresses and messages, which a small business should not keep for ever (UK GDPR storage
 * limitation; docs/decisions/outbox-retention.md). Pending and failed messages are kept: they
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
