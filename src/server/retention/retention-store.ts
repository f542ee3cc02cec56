import type { Kysely, Transaction } from 'kysely';
import { noRetentionCounts, type RetentionCounts } from '../../common/retention.js';
import type { Database } from '../db/schema.js';
import { anonymisedName, anonymiseRows } from '../customers/anonymise-store.js';
import { inChunks } from '../db/in-chunks.js';
import { eraseCustomerRecord } from '../customers/customer-data.js';
import {
  deleteEnquiriesBefore,
  listCustomersPastRetention,
} from '../customers/customer-data-store.js';
import type { RetentionPlan } from './retention-plan.js';

/**
 * The deletions and anonymisations of one retention run (decision 0063), in one transaction, with
 * counts per client for the owner. Bookings and orders are blanked by customers/anonymise-store.ts
 * and customers past the limits erased by customers/customer-data.ts (decision 0066): the same
 * code as an erasure on request.
 */
type Db = Kysely<Database>;

/** Kept for the tests and callers that name it; it lives with the blanking it marks. */
export { anonymisedName };

export type CountsByClient = Map<string, RetentionCounts>;

function add(counts: CountsByClient, clientCode: string, key: keyof RetentionCounts, n = 1) {
  const current = counts.get(clientCode) ?? { ...noRetentionCounts };
  current[key] += n;
  counts.set(clientCode, current);
}

// Bookings by appointment day, orders by when they were placed; the blanking is the erasure's too.
async function anonymiseOldBookingsAndOrders(
  trx: Transaction<Database>,
  plan: RetentionPlan,
  counts: CountsByClient,
) {
  const bookings = await anonymiseRows(
    trx,
    'bookings',
    { before: plan.bookingsBeforeDate },
    anonymisedName,
  );
  for (const row of bookings) add(counts, row.client_code, 'bookingsAnonymised');
  const orders = await anonymiseRows(
    trx,
    'orders',
    { before: plan.ordersCreatedBefore },
    anonymisedName,
  );
  for (const row of orders) add(counts, row.client_code, 'ordersAnonymised');
}

/**
 * Enquiries on customers' records past the enquiry limit go; then every customer with nothing
 * left that names them, and nothing new since the shortest limit, is erased by the same function
 * as an erasure on request (decision 0066).
 */
async function eraseCustomersPastRetention(
  trx: Transaction<Database>,
  plan: RetentionPlan,
  counts: CountsByClient,
) {
  for (const row of await deleteEnquiriesBefore(trx, plan.emailsCreatedBefore))
    add(counts, row.client_code, 'enquiriesDeleted');
  for (const customer of await listCustomersPastRetention(trx, plan.customersIdleBefore)) {
    await eraseCustomerRecord(trx, customer.client_code, customer.id);
    add(counts, customer.client_code, 'customersErased');
  }
}

async function deleteOldEmails(
  trx: Transaction<Database>,
  plan: RetentionPlan,
  counts: CountsByClient,
) {
  const rows = await trx
    .selectFrom('outbox')
    .select(['id', 'client_code'])
    .where('created_at', '<', plan.emailsCreatedBefore)
    .execute();
  await inChunks(
    rows.map((r) => r.id),
    (ids) => trx.deleteFrom('outbox').where('id', 'in', ids).execute(),
  );
  for (const row of rows) add(counts, row.client_code, 'emailsDeleted');
}

async function endFinishedHoldLinks(
  trx: Transaction<Database>,
  plan: RetentionPlan,
  counts: CountsByClient,
) {
  const rows = await trx
    .selectFrom('bookings')
    .select(['id', 'client_code'])
    .where('confirm_token_hash', 'is not', null)
    .where('status', '!=', 'pending')
    .where('held_until', '<', plan.holdsEndedBefore)
    .execute();
  await inChunks(
    rows.map((r) => r.id),
    (ids) =>
      trx
        .updateTable('bookings')
        .set({ confirm_token_hash: null })
        .where('id', 'in', ids)
        .execute(),
  );
  for (const row of rows) add(counts, row.client_code, 'visitorLinksEnded');
}

async function deleteOwnerTokens(
  trx: Transaction<Database>,
  plan: RetentionPlan,
  counts: CountsByClient,
) {
  const rows = await trx
    .selectFrom('owner_tokens as t')
    .innerJoin('owners as o', 'o.id', 't.owner_id')
    .select(['t.token_hash', 'o.client_code'])
    .where('t.expires_at', '<', plan.ownerTokensExpiredBefore)
    .execute();
  if (rows.length)
    await trx
      .deleteFrom('owner_tokens')
      .where('expires_at', '<', plan.ownerTokensExpiredBefore)
      .execute();
  for (const row of rows) add(counts, row.client_code, 'ownerTokensDeleted');
}

async function deleteOwnerSessions(
  trx: Transaction<Database>,
  plan: RetentionPlan,
  counts: CountsByClient,
) {
  const dead = (column: 'expires_at' | 'last_seen_at', before: string) => ({ column, before });
  const conditions = [
    dead('expires_at', plan.sessionsExpiredBefore),
    dead('last_seen_at', plan.sessionsIdleSince),
  ];
  const rows = await trx
    .selectFrom('owner_sessions as s')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .select(['s.token_hash', 'o.client_code'])
    .where((eb) => eb.or(conditions.map((c) => eb(`s.${c.column}`, '<=', c.before))))
    .execute();
  if (rows.length)
    await trx
      .deleteFrom('owner_sessions')
      .where((eb) => eb.or(conditions.map((c) => eb(c.column, '<=', c.before))))
      .execute();
  for (const row of rows) add(counts, row.client_code, 'ownerSessionsDeleted');
}

/** Carries out the plan; gives what it did per client (clients with nothing done are absent). */
export async function applyRetentionPlan(db: Db, plan: RetentionPlan): Promise<CountsByClient> {
  const counts: CountsByClient = new Map();
  await db.transaction().execute(async (trx) => {
    await anonymiseOldBookingsAndOrders(trx, plan, counts);
    await deleteOldEmails(trx, plan, counts);
    await eraseCustomersPastRetention(trx, plan, counts);
    await endFinishedHoldLinks(trx, plan, counts);
    await deleteOwnerTokens(trx, plan, counts);
    await deleteOwnerSessions(trx, plan, counts);
  });
  return counts;
}

/** Records a run the operator asked for (the CLI), whatever the schedule says. */
export async function recordForcedRun(db: Db, name: string, now: Date): Promise<void> {
  await db
    .insertInto('scheduled_runs')
    .values({ name, last_run_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ last_run_at: now.toISOString() }),
    )
    .execute();
}

/** When the job last ran on any instance (scheduled_runs), or null if never. */
export async function readLastRetentionRun(db: Db, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('scheduled_runs')
    .select('last_run_at')
    .where('name', '=', name)
    .executeTakeFirst();
  return row && row.last_run_at !== new Date(0).toISOString() ? row.last_run_at : null;
}

/** The client's newest retention audit line: when, and its counts. */
export async function readLastRetentionAudit(db: Db, clientCode: string, action: string) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'detail'])
    .where('client_code', '=', clientCode)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every client's code, for the CLI's `show`. */
export async function listClientCodes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('clients').select('code').orderBy('code').execute();
  return rows.map((row) => row.code);
}
