import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

// Statements that read or write no table of ours, kept here so that every query of the server
// stays in a store or in db/ (scripts/server-layers.mjs).

/** The cheapest round trip: the readiness probe's (http/health-routes.ts). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** PostgreSQL's NOTIFY on `channel` (shared-state/postgres-change-channel.ts). */
export async function notifyChannel(
  db: Kysely<Database>,
  channel: string,
  message: string,
): Promise<void> {
  await sql`select pg_notify(${channel}, ${message})`.execute(db);
}
