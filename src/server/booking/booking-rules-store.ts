import type { Kysely } from 'kysely';
import {
  bookingRulesSchema,
  rulesFromClientRecord,
  type BookingRules,
  type VersionedBookingRules,
} from '../../common/booking-rules.js';
import { describeIssues, type ClientConfig } from '../../common/client-config.js';
import type { Database } from '../db/schema.js';
import type { ReferenceCache } from '../kernel/reference-cache.js';

/**
 * A client's booking rules, from table booking_rules (the owner's copy). A client whose row is
 * missing (its record gained `booking` since the last seed) gets the record's settings, as
 * version 0, until the owner saves or the seed inserts them.
 */
export async function loadBookingRules(
  db: Kysely<Database>,
  client: Pick<ClientConfig, 'name' | 'booking'>,
): Promise<VersionedBookingRules | undefined> {
  const row = await db
    .selectFrom('booking_rules')
    .select(['rules', 'version'])
    .where('client_code', '=', client.name)
    .executeTakeFirst();
  if (!row) {
    return client.booking
      ? { version: 0, rules: rulesFromClientRecord(client.booking) }
      : undefined;
  }
  const parsed = bookingRulesSchema.safeParse(JSON.parse(row.rules));
  if (!parsed.success) {
    throw new Error(
      `Booking rules of ${client.name} in the database are invalid: ${describeIssues(parsed.error)}`,
    );
  }
  return { version: row.version, rules: parsed.data };
}

/**
 * The rules through the reference cache, which a change of the client's data (an owner's save
 * among them) empties: what the booking routes and the pages read, so both see a save at once.
 */
export function cachedBookingRules(
  referenceCache: ReferenceCache,
  db: Kysely<Database>,
  client: Pick<ClientConfig, 'name' | 'booking'>,
): Promise<VersionedBookingRules | undefined> {
  return referenceCache(client.name, 'booking-rules', () => loadBookingRules(db, client));
}

/**
 * Saves rules if they are still at `expectedVersion` (0: no row yet); returns the new version,
 * or undefined when someone saved in between.
 */
export async function saveBookingRules(
  db: Kysely<Database>,
  clientCode: string,
  rules: BookingRules,
  expectedVersion: number,
  now: Date,
): Promise<number | undefined> {
  const json = JSON.stringify(rules);
  const updatedAt = now.toISOString();
  if (expectedVersion === 0) {
    const inserted = await db
      .insertInto('booking_rules')
      .values({ client_code: clientCode, rules: json, version: 1, updated_at: updatedAt })
      .onConflict((oc) => oc.column('client_code').doNothing())
      .returning('version')
      .executeTakeFirst();
    return inserted?.version;
  }
  const updated = await db
    .updateTable('booking_rules')
    .set({ rules: json, version: expectedVersion + 1, updated_at: updatedAt })
    .where('client_code', '=', clientCode)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? expectedVersion + 1 : undefined;
}
