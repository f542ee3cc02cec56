// zod/mini: the browser parses what the API answers with it (docs/decisions/0006-zod-mini-for-shared-schemas.md).
import * as z from 'zod/mini';
import type { PictureSet } from './picture-set.js';

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
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
