import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../../common/client-config.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { DataChanges } from '../../kernel/data-changes.js';

/**
 * Records an owner's action in the audit trail (who, what, when). The routes pass one bound to
 * the signed-in owner (issue 16's recordAudit(deps, owner, action, detail)); tests pass a list.
 */
export type RecordAudit = (action: string, detail: Record<string, unknown>) => Promise<void>;

/**
 * What every owner operation on the diary, the rules and the menu works with: the owner's own
 * client (the session's client, never one named in the request), the database, the change
 * signal that drops the client's cached lists and pages, and the audit trail.
 */
export interface ManageContext {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  client: ClientConfig;
  changes: DataChanges;
  mailFrom: string;
  now: Date;
  audit: RecordAudit;
}
