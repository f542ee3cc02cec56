import type { Kysely } from 'kysely';
import {
  clientConfigSchema,
  describeIssues,
  type ClientConfig,
} from '../../common/client-config.js';
import type { Database } from '../db/schema.js';
import { createClientRegistry, type ClientRegistry } from '../kernel/client-registry.js';

// The client records' queries; the registry that holds them is kernel/client-registry.ts.

function parseStoredRecord(code: string, config: string): ClientConfig {
  const parsed = clientConfigSchema.safeParse(JSON.parse(config));
  if (!parsed.success) {
    throw new Error(`Client record ${code} is invalid: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}

export async function loadClientRegistry(db: Kysely<Database>): Promise<ClientRegistry> {
  const rows = await db.selectFrom('clients').select(['code', 'config', 'version']).execute();
  return createClientRegistry(
    rows.map((row) => parseStoredRecord(row.code, row.config)),
    new Map(rows.map((row) => [row.code, Number(row.version)])),
  );
}

/**
 * Reads one client's record again when the database holds a newer publication than the registry
 * (another instance published it); answers whether it did. One primary-key read per change.
 */
export async function refreshClient(
  db: Kysely<Database>,
  registry: ClientRegistry,
  code: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('clients')
    .select(['code', 'config', 'version'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row || Number(row.version) <= registry.versionOf(code)) return false;
  registry.replace(parseStoredRecord(row.code, row.config), Number(row.version));
  return true;
}

/** When a client's record was last saved (its `updated_at`), if there is one. */
export async function findClientSavedAt(
  db: Kysely<Database>,
  code: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('clients')
    .select('updated_at')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.updated_at;
}
