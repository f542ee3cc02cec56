import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Where a picture of the client's library is used: the published content (the client record),
 * the owner's draft, and the products' pictures. Each place names the picture by its file stem
 * (`library/m-0a1b2c3d4e5f`, server-made and unique), so a search of the stored JSON finds
 * every use, whichever block, list or field it sits in.
 */
export interface PictureUses {
  publishedContent: boolean;
  draftContent: boolean;
  /** Titles of the products that show it. */
  products: string[];
}

export async function findLibraryPictureUses(
  db: Kysely<Database>,
  clientCode: string,
  name: string,
): Promise<PictureUses> {
  const mentions = (json: string | null | undefined) =>
    typeof json === 'string' && json.includes(`library/${name}`);
  const [client, draft, products] = await Promise.all([
    db.selectFrom('clients').select('config').where('code', '=', clientCode).executeTakeFirst(),
    db
      .selectFrom('client_drafts')
      .select('content')
      .where('client_code', '=', clientCode)
      .executeTakeFirst(),
    db
      .selectFrom('products')
      .select(['title', 'pictures'])
      .where('client_code', '=', clientCode)
      .where('pictures', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  return {
    publishedContent: mentions(client?.config),
    draftContent: mentions(draft?.content),
    products: products.filter((row) => mentions(row.pictures)).map((row) => row.title),
  };
}

/** The places in words (`the published site and the draft`), or undefined when there are none. */
export function describeUses(uses: PictureUses): string | undefined {
  const places = [
    ...(uses.publishedContent ? ['the published site'] : []),
    ...(uses.draftContent ? ['the draft of the site content'] : []),
    ...uses.products.map((title) => `the product “${title}”`),
  ];
  if (places.length === 0) return undefined;
  if (places.length === 1) return places[0];
  return `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
}
