import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Where a picture of the client's library is used: the published content (the client record),
 * the owner's draft, the products' pictures and the staff's photos. Each place names the picture by its file stem
 * (`library/m-0a1b2c3d4e5f`, server-made and unique), so a search of the stored JSON finds
 * every use, whichever block, list or field it sits in.
 */
export interface PictureUses {
  publishedContent: boolean;
  draftContent: boolean;
  /** Titles of the products that show it. */
  products: string[];
  /** Names of the staff members it is the photo of. */
  staff?: string[];
}

/** The stored JSON that may name library pictures, read once for any number of pictures. */
export interface PictureReferences {
  publishedContent: string | undefined;
  draftContent: string | undefined;
  products: { title: string; pictures: string }[];
  /** Staff members with a photo (issue 32). */
  staff?: { name: string; photo: string }[];
}

export async function readPictureReferences(
  db: Kysely<Database>,
  clientCode: string,
): Promise<PictureReferences> {
  const [client, draft, products, staff] = await Promise.all([
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
    db
      .selectFrom('staff_members')
      .select(['name', 'photo'])
      .where('client_code', '=', clientCode)
      .where('photo', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  return {
    publishedContent: client?.config,
    draftContent: draft?.content,
    products: products.flatMap((row) =>
      row.pictures === null ? [] : [{ title: row.title, pictures: row.pictures }],
    ),
    staff: staff.flatMap((row) =>
      row.photo === null ? [] : [{ name: row.name, photo: row.photo }],
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
    staff: (references.staff ?? []).filter((row) => mentions(row.photo)).map((row) => row.name),
  };
}

/** The places in words (`the published site and the draft`), or undefined when there are none. */
export function describeUses(uses: PictureUses): string | undefined {
  const places = [
    ...(uses.publishedContent ? ['the published site'] : []),
    ...(uses.draftContent ? ['the draft of the site content'] : []),
    ...uses.products.map((title) => `the product “${title}”`),
    ...(uses.staff ?? []).map((name) => `the staff photo of ${name}`),
  ];
  if (places.length === 0) return undefined;
  if (places.length === 1) return places[0];
  return `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
}
