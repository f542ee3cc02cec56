import type { Kysely } from 'kysely';
import {
  clientConfigSchema,
  describeIssues,
  type ClientConfig,
} from '../../common/client-config.js';
import type { Database } from '../db/schema.js';

/** All client records, read once from the database and validated; looked up per request. */
export interface ClientRegistry {
  all: ClientConfig[];
  byCode: (code: string) => ClientConfig | undefined;
  byHost: (host: string) => ClientConfig | undefined;
  byEmailUserId: (userId: string) => ClientConfig | undefined;
}

export function createClientRegistry(clients: ClientConfig[]): ClientRegistry {
  const codes = new Map(clients.map((c) => [c.name, c]));
  const hosts = new Map<string, ClientConfig>();
  for (const client of clients) {
    for (const host of client.hostNames) hosts.set(host.toLowerCase(), client);
  }
  const userIds = new Map(clients.map((c) => [c.emailService.userId, c]));
  return {
    all: clients,
    byCode: (code) => codes.get(code.toUpperCase()),
    // A fully qualified name may end with a dot (`rrb.example.` is `rrb.example`).
    byHost: (host) => hosts.get(host.toLowerCase().replace(/:\d+$/, '').replace(/\.+$/, '')),
    byEmailUserId: (userId) => userIds.get(userId),
  };
}

export async function loadClientRegistry(db: Kysely<Database>): Promise<ClientRegistry> {
  const rows = await db.selectFrom('clients').select(['code', 'config']).execute();
  const clients = rows.map((row) => {
    const parsed = clientConfigSchema.safeParse(JSON.parse(row.config));
    if (!parsed.success) {
      throw new Error(`Client record ${row.code} is invalid: ${describeIssues(parsed.error)}`);
    }
    return parsed.data;
  });
  return createClientRegistry(clients);
}
