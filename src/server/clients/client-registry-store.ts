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

function hostNamesOf(stored: string): string[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
}

export async function loadClientRegistry(db: Kysely<Database>): Promise<ClientRegistry> {
  const rows = await db
    .selectFrom('clients')
    .select(['code', 'config', 'version', 'host_names', 'disabled_at'])
    .execute();
  const serving = rows.filter((row) => row.disabled_at === null);
  const registry = createClientRegistry(
    serving.map((row) => parseStoredRecord(row.code, row.config)),
    new Map(serving.map((row) => [row.code, Number(row.version)])),
  );
  for (const row of rows) {
    if (row.disabled_at !== null)
      registry.disable(row.code, hostNamesOf(row.host_names), Number(row.version));
  }
  return registry;
}

/**
 * Brings the registry in step with the clients table: a client added (`npm run client -- add`),
 * disabled or enabled since, by any process, is put in or taken out. One small read of every
 * client's code, version and switch; a record is read only when it changed. Every add, disable
 * and enable raises the client's version, so the version alone says what changed. Returns the
 * codes that changed (docs/decisions/0071-onboarding-a-business.md).
 */
export async function syncClientRegistry(
  db: Kysely<Database>,
  registry: ClientRegistry,
): Promise<string[]> {
  const rows = await db.selectFrom('clients').select(['code', 'version', 'disabled_at']).execute();
  const changed: string[] = [];
  for (const row of rows) {
    const version = Number(row.version);
    const isDisabled = row.disabled_at !== null;
    if (version <= registry.versionOf(row.code) && isDisabled === registry.isDisabled(row.code))
      continue;
    const full = await db
      .selectFrom('clients')
      .select(['code', 'config', 'version', 'host_names', 'disabled_at'])
      .where('code', '=', row.code)
      .executeTakeFirst();
    if (!full) continue;
    if (full.disabled_at !== null)
      registry.disable(full.code, hostNamesOf(full.host_names), Number(full.version));
    else registry.replace(parseStoredRecord(full.code, full.config), Number(full.version));
    changed.push(full.code);
  }
  return changed;
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
  if (!row || Number(row.version) <= registry.versionOf(code) || registry.isDisabled(code))
    return false;
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
