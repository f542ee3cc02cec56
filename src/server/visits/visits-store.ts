import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

export interface VisitCount {
  clientCode: string;
  day: string;
  path: string;
  views: number;
}

/**
 * Adds counted views to the stored ones: one upsert per row that adds (never sets), so several
 * instances each flushing their own counts add up. ON CONFLICT … DO UPDATE is the same on SQLite
 * and PostgreSQL.
 */
export async function addVisitCounts(db: Db, counts: VisitCount[]): Promise<void> {
  for (let i = 0; i < counts.length; i += 200) {
    await db
      .insertInto('site_visits')
      .values(
        counts.slice(i, i + 200).map((c) => ({
          client_code: c.clientCode,
          day: c.day,
          path: c.path,
          views: c.views,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['client_code', 'day', 'path'])
          .doUpdateSet({ views: sql<number>`site_visits.views + excluded.views` }),
      )
      .execute();
  }
}

/** All views in [from, to]. */
export async function totalVisits(
  db: Db,
  clientCode: string,
  period: { from: string; to: string },
): Promise<number> {
  const row = await db
    .selectFrom('site_visits')
    .select((eb) => eb.fn.sum<number | string | null>('views').as('views'))
    .where('client_code', '=', clientCode)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

/** Views per day in [from, to] (days without any are absent). */
export async function visitsPerDay(
  db: Db,
  clientCode: string,
  period: { from: string; to: string },
): Promise<Array<{ day: string; views: number }>> {
  const rows = await db
    .selectFrom('site_visits')
    .select((eb) => ['day', eb.fn.sum<number | string>('views').as('views')])
    .where('client_code', '=', clientCode)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, views: Number(r.views) }));
}

/** The most viewed paths in [from, to], most first, ties by path. */
export async function topVisitedPages(
  db: Db,
  clientCode: string,
  period: { from: string; to: string },
  limit: number,
): Promise<Array<{ path: string; views: number }>> {
  const rows = await db
    .selectFrom('site_visits')
    .select((eb) => ['path', eb.fn.sum<number | string>('views').as('views')])
    .where('client_code', '=', clientCode)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .groupBy('path')
    .orderBy(sql`sum(views)`, 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: r.path, views: Number(r.views) }));
}
