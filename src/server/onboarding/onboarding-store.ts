import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import { applySeed } from '../db/seed.js';
import type { SeedTreatmentsFile } from '../db/seed-schemas.js';
import type { Database } from '../db/schema.js';

// The client command's queries (onboarding/client-commands.ts).

export interface ClientListRow {
  code: string;
  title: string;
  hostNames: string[];
  disabledAt: string | null;
  owners: number;
}

function hostNamesOf(stored: string): string[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
}

export async function listClientRows(db: Kysely<Database>): Promise<ClientListRow[]> {
  const rows = await db
    .selectFrom('clients')
    .select(['code', 'config', 'host_names', 'disabled_at'])
    .orderBy('code')
    .execute();
  const owners = await db
    .selectFrom('owners')
    .select(['client_code', db.fn.countAll<number>().as('count')])
    .groupBy('client_code')
    .execute();
  const ownersByCode = new Map(owners.map((o) => [o.client_code, Number(o.count)]));
  return rows.map((row) => ({
    code: row.code,
    title: String((JSON.parse(row.config) as { title?: unknown }).title ?? ''),
    hostNames: hostNamesOf(row.host_names),
    disabledAt: row.disabled_at,
    owners: ownersByCode.get(row.code) ?? 0,
  }));
}

/**
 * Stores a new client's record (and a salon's first treatments and booking rules) the way the
 * seed stores its clients, so a client added here and one from seed/ look the same.
 */
export async function insertClient(
  db: Kysely<Database>,
  record: ClientConfig,
  treatments: SeedTreatmentsFile,
): Promise<void> {
  await applySeed(db, { clients: [record], products: [], reviews: [], treatments, staff: {} });
}

/**
 * Switches a client off (or on again), raising its version so every instance's registry takes
 * the change in (clients/client-reload.ts); switching off also ends its owners' sessions.
 * Answers false when there is no such client.
 */
export async function setClientDisabled(
  db: Kysely<Database>,
  code: string,
  disabled: boolean,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('clients')
      .set((eb) => ({
        disabled_at: disabled ? now.toISOString() : null,
        version: eb('version', '+', 1),
        updated_at: now.toISOString(),
      }))
      .where('code', '=', code)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    if (disabled) {
      await trx
        .deleteFrom('owner_sessions')
        .where('owner_id', 'in', (eb) =>
          eb.selectFrom('owners').select('id').where('client_code', '=', code),
        )
        .execute();
    }
    return true;
  });
}
