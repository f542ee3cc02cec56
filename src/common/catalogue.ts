// zod/mini: the browser parses what the API answers with it (docs/decisions/0006-zod-mini-for-shared-schemas.md).
import * as z from 'zod/mini';
import { pictureSetBeside, type PictureSet } from './picture-set.js';

/**
 * A product's stock as answers carry it (src/common/product-availability.ts). One plain object
 * rather than a discriminated union: the union's code would grow every visitor chunk's zod.
 */
export const productStockSchema = z.object({
  // The stockModes of product-availability.ts, written out: the checkout chunk stays without it.
  mode: z.enum(['untracked', 'count', 'made_to_order']),
  count: z.optional(z.number()),
  leadTimeDays: z.optional(z.number()),
});

/** A stored picture set (src/common/picture-set.ts), as answers carry it. */
export const pictureSetSchema = z.object({
  path: z.string(),
  width: z.number(),
  height: z.number(),
  widths: z.array(z.number()),
  src: z.optional(z.string()),
}) satisfies z.ZodMiniType<PictureSet>;

/** One picture of a product's gallery; an empty alt means "{title}, picture n of N". */
export const galleryPictureSchema = z.extend(pictureSetSchema, { alt: z.string() });
export type GalleryPicture = z.infer<typeof galleryPictureSchema>;

/**
 * A product as GET /api/products and /api/products/:id answer it, and as the server prerenders it
 * into the product page (src/server/page-data.ts). The blurb is HTML the server has sanitised.
 */
export const productSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  title: z.string(),
  /** Whole pounds, or pence for a client whose pricesInPence is set. */
  price: z.number().check(z.nonnegative()),
  category: z.string(),
  blurb: z.string(),
  /** The cover's largest JPEG (the seed's {pictureLocation}/pics/{id}/cover.jpeg, or an upload). */
  picture: z.string(),
  /** The listing pictures' JPEGs, in the gallery's order (structured data lists them). */
  listingPictures: z.array(z.string()),
  /**
   * The cover as the image pipeline stored it: files at `${path}-${w}.${avif|webp|jpeg}` for
   * each width (src/common/picture-set.ts). Drawn placeholders are stored the same way.
   */
  pictureSet: z.optional(pictureSetSchema),
  /** The product page's pictures in the owner's order, each with the words a screen reader says. */
  gallery: z.optional(z.array(galleryPictureSchema)),
  /** Bought online, or "Starting from… contact us" (issue 35); absent in older answers: buy. */
  saleMode: z.optional(z.enum(['buy', 'enquire'])),
  /** Absent in older answers: untracked. */
  stock: z.optional(productStockSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/** The cover's stored set; a product answer without one (older data) has the drawn 800 × 600 cover. */
export function coverSetOf(product: Pick<Product, 'picture' | 'pictureSet'>): PictureSet {
  return product.pictureSet ?? pictureSetBeside(product.picture, 800, 600);
}

/**
 * A product as a list card shows it (product lists, the cart's re-pricing): what the list screens
 * read from GET /api/products, and what the server prerenders into a list page. The description
 * and the gallery stay on the product page, so a list page does not carry them (issue 29).
 */
export const productSummarySchema = z.pick(productSchema, {
  id: true,
  title: true,
  price: true,
  category: true,
  picture: true,
  pictureSet: true,
  saleMode: true,
  stock: true,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSummaryListSchema = z.array(productSummarySchema);

/** The card's part of a product: the same fields productSummarySchema keeps from an answer. */
export function productSummary(product: Product): ProductSummary {
  const { id, title, price, category, picture, pictureSet, saleMode, stock } = product;
  return {
    id,
    title,
    price,
    category,
    picture,
    ...(pictureSet && { pictureSet }),
    ...(saleMode && { saleMode }),
    ...(stock && { stock }),
  };
}
