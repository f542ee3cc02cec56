// zod/mini: the back office parses what the owner catalogue API answers with it.
import * as z from 'zod/mini';
import { galleryPictureSchema } from './catalogue.js';
import { saleModes, stockModes } from './product-availability.js';
import {
  hasControlCharacters,
  multiLineChecks,
  singleLineChecks,
  textMessages,
} from './text-rules.js';

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
  saleMode: z.enum(saleModes),
  stockMode: z.enum(stockModes),
  stockCount: z.nullable(z.number()),
  leadTimeDays: z.nullable(z.number()),
});
export type ManagedProduct = z.infer<typeof managedProductSchema>;

export const managedProductListSchema = z.object({ products: z.array(managedProductSchema) });

/** The most pictures a product keeps (the seed's listing pictures and cover fit). */
export const maxProductPictures = 16;

/** The longest alt text of a product picture. */
export const maxPictureAltLength = 200;

/** A picture's description for people who cannot see it ('' reads "{title}, picture n of N"). */
export const pictureAltSchema = z
  .string({ error: 'Describe the picture' })
  .check(
    z.trim(),
    z.maxLength(
      maxPictureAltLength,
      `Please keep the description under ${maxPictureAltLength} characters`,
    ),
    ...singleLineChecks(),
  );

/**
 * The product pictures section's form (one form kit, issue 31): the pictures in order, each by
 * its stored path with its description. PUT /api/manage/products/:id/pictures takes it with the
 * version (productPicturesEditSchema); a refused description comes back as `pictures.<n>.alt`,
 * the form's own field name.
 */
export const productPicturesFieldsSchema = z.object({
  pictures: z
    .array(
      z.object({
        path: z.string({ error: 'path is a text' }).check(
          z.minLength(1, 'path is a picture of this product'),
          z.maxLength(500, 'path is a picture of this product'),
          z.refine((path) => !hasControlCharacters(path), textMessages.control),
        ),
        alt: pictureAltSchema,
      }),
    )
    .check(z.minLength(1, 'A product keeps at least one picture')),
});
export type ProductPicturesFields = z.infer<typeof productPicturesFieldsSchema>;

export const productPicturesEditSchema = z.extend(productPicturesFieldsSchema, {
  version: z.number({ error: 'version is a number' }).check(z.int('version is a number')),
});

/** The longest product title. */
export const maxProductTitleLength = 120;

/** The highest price (in either price mode). */
export const maxProductPrice = 10_000_000;

/**
 * The fields an owner edits, as POST /api/manage/products takes them (a new product) and the
 * back office's product form checks them before sending (one form kit, issue 31). The server
 * stores the description sanitised (src/server/kernel/sanitise-html.ts).
 */
export const productFieldsSchema = z
  .object({
    title: z
      .string({ error: 'Please enter the title' })
      .check(
        z.trim(),
        z.minLength(1, 'Please enter the title'),
        z.maxLength(
          maxProductTitleLength,
          `Please keep the title under ${maxProductTitleLength} characters`,
        ),
        ...singleLineChecks(),
      ),
    /** In the client's price mode: whole pounds, or pence when pricesInPence is set. */
    price: z
      .number({ error: 'Please enter the price as a whole number, for example 1250' })
      .check(
        z.int('Please enter the price as a whole number, without pence after a point'),
        z.gte(0, 'The price cannot be negative'),
        z.lte(maxProductPrice, `The price must be at most ${maxProductPrice}`),
      ),
    /** One of the client's own categories (the server checks it is theirs). */
    category: z
      .string({ error: 'Please choose one of the shop’s categories' })
      .check(z.minLength(1, 'Please choose one of the shop’s categories'), z.maxLength(40)),
    blurb: z
      .string({ error: 'The description is text' })
      .check(
        z.maxLength(20_000, 'Please keep the description under 20000 characters'),
        ...multiLineChecks(),
      ),
    /** Issue 35: bought online (the default) or "Starting from… contact us". */
    saleMode: z._default(z.enum(saleModes, { error: 'Choose how the product is sold' }), 'buy'),
    stockMode: z._default(
      z.enum(stockModes, { error: 'Choose how the stock is kept' }),
      'untracked',
    ),
    /** How many are in stock, when stockMode is count. */
    stockCount: z.optional(
      z.nullable(
        z
          .number({ error: 'Please enter how many are in stock, for example 3' })
          .check(
            z.int('Please enter a whole number'),
            z.gte(0, 'The stock cannot be below 0'),
            z.lte(100_000, 'The stock must be at most 100000'),
          ),
      ),
    ),
    /** Days to make one, when stockMode is made_to_order. */
    leadTimeDays: z.optional(
      z.nullable(
        z
          .number({ error: 'Please enter the days it takes, for example 14' })
          .check(
            z.int('Please enter a whole number of days'),
            z.gte(0, 'The days cannot be below 0'),
            z.lte(365, 'Please enter at most 365 days'),
          ),
      ),
    ),
  })
  .check(
    z.refine((fields) => fields.stockMode !== 'count' || typeof fields.stockCount === 'number', {
      message: 'Please enter how many are in stock, for example 3',
      path: ['stockCount'],
    }),
    z.refine(
      (fields) => fields.stockMode !== 'made_to_order' || typeof fields.leadTimeDays === 'number',
      { message: 'Please enter the days it takes, for example 14', path: ['leadTimeDays'] },
    ),
  );
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** PUT /api/manage/products/:id: the fields with the version the owner began from (409 if not current). */
export const productEditSchema = z.extend(productFieldsSchema, {
  version: z.number({ error: 'version is a number' }).check(z.int('version is a number')),
});
export type ProductEdit = z.infer<typeof productEditSchema>;

/** A picture of the client's library by its name (`m-0a1b2c3d4e5f`, server-made). */
export const libraryPictureNamePattern = /^m-[0-9a-f]{12}$/;

/**
 * POST /api/manage/products/:id/pictures/library: a picture already in the owner's library added
 * after the product's others, described, if the product is still at `version`.
 */
export const libraryPictureChoiceSchema = z.object({
  name: z
    .string({ error: 'Choose a picture of your library' })
    .check(z.regex(libraryPictureNamePattern, 'Choose a picture of your library')),
  alt: pictureAltSchema,
  version: z.number({ error: 'version is a number' }).check(z.int('version is a number')),
});
export type LibraryPictureChoice = z.infer<typeof libraryPictureChoiceSchema>;
