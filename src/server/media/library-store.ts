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

/** The stored JSON that may name library pictures, read once for any number of pictures. */
export interface PictureReferences {
  publishedContent: string | undefined;
  draftContent: string | undefined;
  products: { title: string; pictures: string }[];
}

export async function readPictureReferences(
  db: Kysely<Database>,
  clientCode: string,
): Promise<PictureReferences> {
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
    publishedContent: client?.config,
    draftContent: draft?.content,
    products: products.flatMap((row) =>
      row.pictures === null ? [] : [{ title: row.title, pictures: row.pictures }],
    ),
  };
}

/** Where the library picture `name` (`m-0a1b2c3d4e5f`) is used. */
export function usesOf(references: PictureReferences, name: string): PictureUses {
  const mentions = (json: string | undefined) => json?.includes(`library/${name}`) === true;
  return {
    publishedContent: mentions(references.publishedContent),
    draftContent: mentions(references.draftContent),
    products: references.products.filter((row) => mentions(row.pictures)).map((row) => row.title),
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
