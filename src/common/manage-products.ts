// zod/mini: the back office parses what the owner catalogue API answers with it.
import * as z from 'zod/mini';
import { galleryPictureSchema } from './catalogue.js';

/** A product as the owner's catalogue API (/api/manage/products) answers it; hidden ones too. */
export const managedProductSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** In the client's price mode: whole pounds, or pence when pricesInPence is set. */
  price: z.number(),
  category: z.string(),
  /** As stored; the site shows it sanitised. */
  blurb: z.string(),
  hidden: z.boolean(),
  sortOrder: z.number(),
  /** Send back on edit: a changed version answers 409. */
  version: z.number(),
  /** The cover's `src` (the first picture). */
  picture: z.string(),
  /** The product's pictures in order, the first being the cover; alt '' reads "{title}, picture n of N". */
  pictures: z.array(galleryPictureSchema),
});
export type ManagedProduct = z.infer<typeof managedProductSchema>;

export const managedProductListSchema = z.object({ products: z.array(managedProductSchema) });

/** The most pictures a product keeps (the seed's listing pictures and cover fit). */
export const maxProductPictures = 16;

/** The longest alt text of a product picture. */
export const maxPictureAltLength = 200;
