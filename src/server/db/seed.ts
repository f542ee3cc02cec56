import { builtInCategoryName, builtInCategoryPosition } from '../../common/shop-categories.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { rulesFromClientRecord } from '../../common/booking-rules.js';
import {
  clientConfigSchema,
  describeIssues,
  type ClientConfig,
} from '../../common/client-config.js';
import { siteContentOf, withSiteContent } from '../../common/site-content.js';
import { shopSettingsSchema, type ShopSettings } from '../../common/shop-settings.js';
import * as zm from 'zod/mini';
import { inChunks } from './in-chunks.js';
import type { Database } from './schema.js';
import {
  seedProductSchema,
  seedReviewSchema,
  seedStaffFileSchema,
  seedTreatmentsFileSchema,
  type SeedStaffFile,
  type SeedProduct,
  type SeedReview,
  type SeedTreatmentsFile,
} from './seed-schemas.js';

export interface SeedData {
  clients: ClientConfig[];
  products: SeedProduct[];
  reviews: SeedReview[];
  treatments: SeedTreatmentsFile;
  /** Staff members per client (issue 32); seed/staff.json, optional. */
  staff: SeedStaffFile;
  /** Shop settings per client (issue 35); seed/shop-settings.json, optional. */
  shopSettings?: Record<string, ShopSettings>;
}

/** seed/shop-settings.json: each client's delivery, collection and VAT, checked by the shared schema. */
function readShopSettings(file: string): Record<string, ShopSettings> {
  if (!existsSync(file)) return {};
  const parsed = zm.safeParse(zm.record(zm.string(), shopSettingsSchema), readJson(file));
  if (!parsed.success)
    throw new Error(`Seed file ${file} is invalid: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Seed file ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function parseFile<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(readJson(file));
  if (!parsed.success)
    throw new Error(`Seed file ${file} is invalid: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** Parses a client record; the error names the client and the field, so start-up can stop clearly. */
export function parseClientRecord(raw: unknown, source: string): ClientConfig {
  const parsed = clientConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const name =
    typeof raw === 'object' && raw !== null && 'name' in raw ? String(raw.name) : '(no name)';
  throw new Error(`Client record ${name} (${source}) is invalid: ${describeIssues(parsed.error)}`);
}

/** Reads and validates everything under seed/ before a single row is written. */
export function readSeed(seedDir: string): SeedData {
  const clientsDir = join(seedDir, 'clients');
  const clients = readdirSync(clientsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => parseClientRecord(readJson(join(clientsDir, f)), join('seed/clients', f)));
  const seen = new Set<string>();
  for (const client of clients) {
    if (seen.has(client.name))
      throw new Error(`Client record ${client.name} appears twice in seed/clients`);
    seen.add(client.name);
  }
  return {
    clients,
    products: parseFile(join(seedDir, 'products.json'), z.array(seedProductSchema)),
    reviews: parseFile(join(seedDir, 'reviews.json'), z.array(seedReviewSchema)),
    treatments: parseFile(join(seedDir, 'treatments.json'), seedTreatmentsFileSchema),
    staff: existsSync(join(seedDir, 'staff.json'))
      ? parseFile(join(seedDir, 'staff.json'), seedStaffFileSchema)
      : {},
    shopSettings: readShopSettings(join(seedDir, 'shop-settings.json')),
  };
}

/**
 * Idempotent. A client record is inserted only when the database has none: from then on the owner
 * edits its content in the back office and the database is its source of truth
 * (docs/decisions/0037-content-drafts-and-publishing.md). The host's fields of the record (host names,
 * e-mail ids, layouts …; `ownerContentKeys` says which are the owner's) still come from the seed
 * on every start, so the host changes them as before. Products, categories, treatments and
 * booking rules are only inserted when missing (docs/decisions/0026-booking-rules.md). Reviews are
 * added only for a client that has none.
 */
/**
 * Issue 33 (docs/decisions/0065-patch-tests.md): when the seed adds a client's patch-test
 * appointment, a database made before patch tests gets the seed's settings with it, once: the
 * hours on the treatments that need a test (where the owner has set none), and the appointment
 * for each therapist who does one of them. From then on they are the owner's.
 */
async function addPatchTestSettings(
  trx: Kysely<Database>,
  clientCode: string,
  treatments: SeedTreatmentsFile[string]['treatments'],
  patchTestId: number,
): Promise<void> {
  const needing = treatments.filter((t) => t.PatchTestHours !== undefined);
  for (const t of needing) {
    await trx
      .updateTable('treatments')
      .set({ patch_test_hours: t.PatchTestHours ?? null })
      .where('client_code', '=', clientCode)
      .where('id', '=', t.ID)
      .where('patch_test_hours', 'is', null)
      .execute();
  }
  if (needing.length === 0) return;
  const therapists = await trx
    .selectFrom('staff_treatments')
    .select('staff_id')
    .distinct()
    .where('client_code', '=', clientCode)
    .where(
      'treatment_id',
      'in',
      needing.map((t) => t.ID),
    )
    .execute();
  if (therapists.length === 0) return;
  await trx
    .insertInto('staff_treatments')
    .values(
      therapists.map((row) => ({
        client_code: clientCode,
        staff_id: row.staff_id,
        treatment_id: patchTestId,
        duration_minutes: null,
        price_pence: null,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Rows per INSERT: the seed writes each table in a few statements, not a statement a row (a start
 * on a fresh database ran ~110 of them). At most 11 values a row, so a slice stays far under
 * SQLite's 32,766 variables (one statement for a thousand clients' reviews passed it).
 */
const rowsPerInsert = 1000;

export async function applySeed(db: Kysely<Database>, seed: SeedData): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const stored = new Map(
      (await trx.selectFrom('clients').select(['code', 'config']).execute()).map((row) => [
        row.code,
        row.config,
      ]),
    );
    const clientRows = seed.clients.flatMap((client) => {
      const storedConfig = stored.get(client.name);
      const record =
        storedConfig === undefined
          ? client
          : withSiteContent(
              client,
              siteContentOf(
                parseClientRecord(JSON.parse(storedConfig), `database record ${client.name}`),
              ),
            );
      const config = JSON.stringify(record);
      if (config === storedConfig) return [];
      return [
        {
          code: client.name,
          host_names: JSON.stringify(client.hostNames),
          config,
          updated_at: now,
        },
      ];
    });
    await inChunks(
      clientRows,
      (rows) =>
        trx
          .insertInto('clients')
          .values(rows)
          .onConflict((oc) =>
            oc.column('code').doUpdateSet((eb) => ({
              host_names: eb.ref('excluded.host_names'),
              config: eb.ref('excluded.config'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute(),
      rowsPerInsert,
    );

    const productRows = seed.products.map((p) => ({
      client_code: p.clientCode,
      id: p.id,
      title: p.title,
      price: p.price,
      category: p.category,
      blurb: p.blurb,
      picture_count: p.pictureCount,
      sale_mode: p.saleMode,
    }));
    await inChunks(
      productRows,
      (rows) =>
        trx
          .insertInto('products')
          .values(rows)
          // Owners edit products (issue 19): the seed only adds the ones the database lacks.
          .onConflict((oc) => oc.columns(['client_code', 'id']).doNothing())
          .execute(),
      rowsPerInsert,
    );

    // Each client's shop categories (issue 35): the ones its products use, in the spec's order,
    // added only when missing (the owner renames, reorders and hides them).
    const used = [...new Set(seed.products.map((p) => `${p.clientCode} ${p.category}`))];
    const shopCategoryRows = used.map((key) => {
      const [clientCode = '', slug = ''] = key.split(' ');
      return {
        client_code: clientCode,
        slug,
        name: builtInCategoryName(slug),
        position: builtInCategoryPosition(slug),
      };
    });
    await inChunks(
      shopCategoryRows,
      (rows) =>
        trx
          .insertInto('shop_categories')
          .values(rows)
          .onConflict((oc) => oc.columns(['client_code', 'slug']).doNothing())
          .execute(),
      rowsPerInsert,
    );

    for (const [clientCode, { categories, treatments }] of Object.entries(seed.treatments)) {
      if (categories.length > 0) {
        await trx
          .insertInto('categories')
          .values(
            categories.map((c) => ({
              client_code: clientCode,
              id: c.ID,
              name: c.Name,
              sort_order: c.ID,
            })),
          )
          .onConflict((oc) => oc.columns(['client_code', 'id']).doNothing())
          .execute();
      }
      if (treatments.length === 0) continue;
      // Only the rows the database lacked come back (DO NOTHING returns none for the others).
      const added = await trx
        .insertInto('treatments')
        .values(
          treatments.map((t) => ({
            client_code: clientCode,
            id: t.ID,
            category_id: t.CategoryId,
            name: t.Name,
            description: t.Description,
            price_pence: Math.round(t.Price * 100),
            duration_minutes: t.Duration,
            active: t.Active ? 1 : 0,
            sort_order: t.ID,
            patch_test_hours: t.PatchTestHours ?? null,
            is_patch_test: t.IsPatchTest ? 1 : 0,
          })),
        )
        .onConflict((oc) => oc.columns(['client_code', 'id']).doNothing())
        .returning('id')
        .execute();
      const addedIds = new Set(added.map((row) => row.id));
      for (const t of treatments) {
        if (t.IsPatchTest && addedIds.has(t.ID))
          await addPatchTestSettings(trx, clientCode, treatments, t.ID);
      }
    }

    const ruleRows = seed.clients.flatMap((client) =>
      client.booking
        ? [
            {
              client_code: client.name,
              rules: JSON.stringify(rulesFromClientRecord(client.booking)),
              version: 1,
              updated_at: now,
            },
          ]
        : [],
    );
    await inChunks(
      ruleRows,
      (rows) =>
        trx
          .insertInto('booking_rules')
          .values(rows)
          .onConflict((oc) => oc.column('client_code').doNothing())
          .execute(),
      rowsPerInsert,
    );

    // Shop settings (issue 35): only for a client with none; the owner's from then on.
    const settingsRows = Object.entries(seed.shopSettings ?? {}).map(([clientCode, settings]) => ({
      client_code: clientCode,
      settings: JSON.stringify(settings),
      version: 1,
      updated_at: now,
    }));
    await inChunks(
      settingsRows,
      (rows) =>
        trx
          .insertInto('shop_settings')
          .values(rows)
          .onConflict((oc) => oc.column('client_code').doNothing())
          .execute(),
      rowsPerInsert,
    );

    // Staff (issue 32): only for a client with none, as reviews; the owner's team from then on.
    const clientsWithStaff = new Set(
      (await trx.selectFrom('staff_members').select('client_code').distinct().execute()).map(
        (r) => r.client_code,
      ),
    );
    for (const [clientCode, members] of Object.entries(seed.staff)) {
      if (clientsWithStaff.has(clientCode)) continue;
      for (const member of members) {
        const { id } = await trx
          .insertInto('staff_members')
          .values({
            client_code: clientCode,
            name: member.name,
            bio: member.bio,
            photo: member.photo,
            active: 1,
            display_order: member.displayOrder,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (member.treatments.length > 0) {
          await trx
            .insertInto('staff_treatments')
            .values(
              member.treatments.map((treatmentId) => ({
                client_code: clientCode,
                staff_id: id,
                treatment_id: treatmentId,
                duration_minutes: null,
                price_pence: null,
              })),
            )
            .execute();
        }
        const hours = Object.entries(member.hours).flatMap(([weekday, spans]) =>
          (spans ?? []).map((span) => ({
            client_code: clientCode,
            staff_id: id,
            weekday,
            start_time: span.start,
            end_time: span.end,
          })),
        );
        if (hours.length > 0) await trx.insertInto('staff_hours').values(hours).execute();
      }
    }

    const clientsWithReviews = new Set(
      (await trx.selectFrom('reviews').select('client_code').distinct().execute()).map(
        (r) => r.client_code,
      ),
    );
    const newReviews = seed.reviews.filter((r) => !clientsWithReviews.has(r.clientCode));
    // Published, in the seed's order; the owner runs them from then on (migration 0021).
    const reviewRows = newReviews.map((r, i) => ({
      client_code: r.clientCode,
      review: r.review,
      reviewer: r.reviewer,
      stars: r.stars ?? null,
      status: 'published',
      source: 'seed',
      display_order: i + 1,
      created_at: new Date().toISOString(),
    }));
    await inChunks(
      reviewRows,
      (rows) => trx.insertInto('reviews').values(rows).execute(),
      rowsPerInsert,
    );
  });
}
