import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SignedInOwner } from '../kernel/signed-in-owner.js';

/** The owners' audit trail: who did what, when, per client. */
type Db = Kysely<Database>;

const iso = (date: Date) => date.toISOString();

export interface AuditRecord {
  clientCode: string;
  ownerId: number | null;
  action: string;
  detail: Record<string, unknown>;
}

export async function insertAudit(db: Db, record: AuditRecord, now = new Date()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      client_code: record.clientCode,
      owner_id: record.ownerId,
      action: record.action,
      detail: JSON.stringify(record.detail),
      at: iso(now),
    })
    .execute();
}

export interface AuditRow {
  id: number;
  at: string;
  ownerEmail: string | null;
  action: string;
  detail: Record<string, unknown>;
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** One client's audit trail, newest first; `beforeId` pages back. */
export async function listAudit(
  db: Db,
  clientCode: string,
  options: { limit: number; beforeId?: number | undefined },
): Promise<AuditRow[]> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('owners as o', 'o.id', 'a.owner_id')
    .select(['a.id', 'a.at', 'a.action', 'a.detail', 'o.email'])
    .where('a.client_code', '=', clientCode);
  if (options.beforeId !== undefined) query = query.where('a.id', '<', options.beforeId);
  const rows = await query.orderBy('a.id', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    ownerEmail: row.email,
    action: row.action,
    detail: parseDetail(row.detail),
  }));
}

/**
 * Writes one line of the owner's audit trail (who, what, when). Pass a transaction as `db` to
 * record the action together with the change it describes.
 */
export async function recordAudit(
  deps: { db: Db },
  owner: SignedInOwner,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertAudit(deps.db, { clientCode: owner.clientCode, ownerId: owner.id, action, detail });
}
