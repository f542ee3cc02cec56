import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import {
  checkSiteContent,
  contentMessages,
  siteContentOf,
  withSiteContent,
  type ContentIssue,
  type SiteContent,
} from '../../common/site-content.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { parseClientRecord } from '../db/seed.js';

/**
 * The owner's content: the published record (clients.config, with its version) and at most one
 * draft per client (client_drafts, with the published version it started from and its own
 * version). Saving and publishing check both versions, so of two owners editing at once the
 * second is told, not silently overwritten (docs/decisions/0037-content-drafts-and-publishing.md).
 */

export interface PublishedContent {
  client: ClientConfig;
  version: number;
  updatedAt: string;
}

export interface StoredDraft {
  content: SiteContent;
  baseVersion: number;
  draftVersion: number;
  updatedAt: string;
  updatedBy: string | null;
}

/** A 400 whose message names each field (`welcome.heading: must not be empty`). */
export class ContentInvalidError extends AppError {
  constructor(issues: ContentIssue[]) {
    super(
      400,
      `Some fields need a change: ${issues.map((i) => `${i.path || '(content)'}: ${i.message}`).join('; ')}`,
      issues,
    );
  }
}

/** The owner's content checked with the seed's rules; a 400 naming each field otherwise. */
export function parseSiteContent(value: unknown): SiteContent {
  const checked = checkSiteContent(value);
  if (!checked.ok) throw new ContentInvalidError(checked.issues);
  return checked.content;
}

type Db = Kysely<Database>;

export async function readPublished(db: Db, code: string): Promise<PublishedContent> {
  const row = await db
    .selectFrom('clients')
    .select(['code', 'config', 'version', 'updated_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw new AppError(404, `There is no client ${code}.`);
  return {
    client: parseClientRecord(JSON.parse(row.config), `database record ${code}`),
    version: Number(row.version),
    updatedAt: row.updated_at,
  };
}

export async function readDraft(db: Db, code: string): Promise<StoredDraft | undefined> {
  const row = await db
    .selectFrom('client_drafts')
    .selectAll()
    .where('client_code', '=', code)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    content: JSON.parse(row.content) as SiteContent,
    baseVersion: Number(row.base_version),
    draftVersion: Number(row.draft_version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** The top-level fields in which two contents differ: what the audit line names. */
export function changedFields(before: SiteContent, after: SiteContent): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter(
      (key) =>
        JSON.stringify((before as Record<string, unknown>)[key]) !==
        JSON.stringify((after as Record<string, unknown>)[key]),
    )
    .sort();
}

/**
 * Saves the draft. `draftVersion` is the draft the owner edited (null: they started from the
 * published content). The insert and the update each check in one statement, so two saves at the
 * same moment cannot both win.
 */
export async function saveDraft(
  db: Db,
  code: string,
  input: { content: SiteContent; baseVersion: number; draftVersion: number | null },
  ownerEmail: string,
  now = new Date(),
): Promise<StoredDraft> {
  const published = await readPublished(db, code);
  if (published.version !== input.baseVersion) {
    throw new AppError(409, contentMessages.publishedElsewhere);
  }
  // The whole record must still pass the seed's rules with this content in it.
  parseClientRecord(withSiteContent(published.client, input.content), `draft of ${code}`);
  const updatedAt = now.toISOString();
  const values = {
    content: JSON.stringify(input.content),
    base_version: input.baseVersion,
    updated_at: updatedAt,
    updated_by: ownerEmail,
  };
  let saved: number;
  if (input.draftVersion === null) {
    const result = await db
      .insertInto('client_drafts')
      .values({ client_code: code, draft_version: 1, ...values })
      .onConflict((oc) => oc.column('client_code').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new AppError(409, contentMessages.draftChangedElsewhere);
    }
    saved = 1;
  } else {
    saved = input.draftVersion + 1;
    const result = await db
      .updateTable('client_drafts')
      .set({ ...values, draft_version: saved })
      .where('client_code', '=', code)
      .where('draft_version', '=', input.draftVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError(409, contentMessages.draftChangedElsewhere);
    }
  }
  return {
    content: input.content,
    baseVersion: input.baseVersion,
    draftVersion: saved,
    updatedAt,
    updatedBy: ownerEmail,
  };
}

/**
 * Publishes the draft: the record with the draft's content becomes the published one, its version
 * goes up by one and the draft is gone, in one transaction with `audit` (the audit line). 409
 * when another owner published or saved the draft since the owner's versions.
 */
export async function publishDraft(
  db: Db,
  code: string,
  input: { baseVersion: number; draftVersion: number },
  audit: (trx: Db, changed: string[], version: number) => Promise<void>,
  now = new Date(),
): Promise<{ client: ClientConfig; version: number; changed: string[] }> {
  return db.transaction().execute(async (trx) => {
    const published = await readPublished(trx, code);
    if (published.version !== input.baseVersion) {
      throw new AppError(409, contentMessages.publishedElsewhere);
    }
    const draft = await readDraft(trx, code);
    if (!draft) throw new AppError(409, contentMessages.noDraft);
    if (draft.draftVersion !== input.draftVersion) {
      throw new AppError(409, contentMessages.draftChangedElsewhere);
    }
    // Checked again: the rules may have changed since the draft was saved (a newer release).
    const content = parseSiteContent(draft.content);
    const client = parseClientRecord(
      withSiteContent(published.client, content),
      `draft of ${code}`,
    );
    const version = published.version + 1;
    const result = await trx
      .updateTable('clients')
      .set({ config: JSON.stringify(client), version, updated_at: now.toISOString() })
      .where('code', '=', code)
      .where('version', '=', published.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError(409, contentMessages.publishedElsewhere);
    }
    await trx
      .deleteFrom('client_drafts')
      .where('client_code', '=', code)
      .where('draft_version', '=', draft.draftVersion)
      .execute();
    const changed = changedFields(siteContentOf(published.client), content);
    await audit(trx, changed, version);
    return { client, version, changed };
  });
}

/** Throws the draft away; 409 when another owner saved it since (their work would go too). */
export async function discardDraft(db: Db, code: string, draftVersion: number): Promise<void> {
  const result = await db
    .deleteFrom('client_drafts')
    .where('client_code', '=', code)
    .where('draft_version', '=', draftVersion)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) {
    throw new AppError(409, contentMessages.draftChangedElsewhere);
  }
}

/**
 * The host puts a seed record's content back deliberately (`npm run content -- reseed CODE`): it
 * is published as a new version, so a draft started before it is refused at publication rather
 * than overwriting it; the audit trail records it with no owner. Answers the new version.
 */
export async function republishSeedContent(
  db: Db,
  seedRecord: ClientConfig,
  now = new Date(),
): Promise<number> {
  const code = seedRecord.name;
  return db.transaction().execute(async (trx) => {
    const published = await readPublished(trx, code);
    const content = siteContentOf(seedRecord);
    const client = withSiteContent(published.client, content);
    const version = published.version + 1;
    await trx
      .updateTable('clients')
      .set({ config: JSON.stringify(client), version, updated_at: now.toISOString() })
      .where('code', '=', code)
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        client_code: code,
        owner_id: null,
        action: 'content.reseed',
        detail: JSON.stringify({
          version,
          changed: changedFields(siteContentOf(published.client), content),
        }),
        at: now.toISOString(),
      })
      .execute();
    return version;
  });
}
