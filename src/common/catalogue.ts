// zod/mini: the browser parses what the API answers with it (docs/decisions/0006-zod-mini-for-shared-schemas.md).
import * as z from 'zod/mini';

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
  /** The cover picture: {pictureLocation}/pics/{id}/cover.jpeg. */
  picture: z.string(),
  listingPictures: z.array(z.string()),
  /**
   * An owner-uploaded cover (issue 19): files at `${path}-${w}.${avif|webp|jpeg}` for each width;
   * `picture` is then its largest JPEG.
   */
  pictureSet: z.optional(
    z.object({
      path: z.string(),
      width: z.number(),
      height: z.number(),
      widths: z.array(z.number()),
    }),
  ),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
