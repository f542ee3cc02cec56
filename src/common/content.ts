// zod/mini, like every schema the browser shares (docs/decisions/0006-zod-mini-for-shared-schemas.md).
import * as z from 'zod/mini';
import { sitePathSchema } from './link-rules';
import { contentPaths } from './routes';

/**
 * What a client's home page and content pages show, as data in the client record
 * (docs/decisions/0007-a-client-is-data.md). Each block is one thing an owner places on a page
 * and edits (issue 19's back office): a list of blocks in order, told apart by `type`, each drawn
 * by one renderer in the browser. Texts the spec gives the record its own fields for (welcome,
 * about, ticker items, slide pictures, review texts) stay there; a block places them on a page.
 */

const text = () => z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
const texts = () => z.array(text()).check(z.minLength(1, 'needs at least one entry'));

export const linkSchema = z.object({ text: text(), to: sitePathSchema() });
export type ContentLink = z.infer<typeof linkSchema>;

/** A file in the client's media folder ({pictureLocation}/{file}), e.g. `gallery/1.jpeg`. */
export const mediaFileSchema = z
  .string()
  .check(
    z.regex(
      /^[\w-]+(?:\/[\w-]+)*\.[a-z0-9]+$/,
      'must be a file in the client media folder, like gallery/1.jpeg',
    ),
  );

/** A picture and the words a screen reader says for it; the caption is shown under it. */
export const pictureSchema = z.object({
  file: mediaFileSchema,
  alt: text(),
  caption: z.optional(text()),
  /**
   * The stored size of a picture chosen from the library (`library/m-….jpeg`, stored in the widths
   * this size gives, src/common/picture-set.ts); absent for the drawn pictures, whose size the
   * block knows.
   */
  width: z.optional(z.number().check(z.int(), z.positive())),
  height: z.optional(z.number().check(z.int(), z.positive())),
});
export type ContentPicture = z.infer<typeof pictureSchema>;

const blockTypeError = (types: readonly string[]) => ({
  error: `type must be one of: ${types.join(', ')}`,
});

const homeBlockTypes = [
  'welcome',
  'slider',
  'callout',
  'ticker',
  'imageRow',
  'notice',
  'featuredProduct',
  'banner',
] as const;

/** The blocks of a home page, in the order they are shown. */
export const homeBlockSchema = z.discriminatedUnion(
  'type',
  [
    /** The record's welcome heading (the page's h1) and paragraphs, with an optional button. */
    z.object({ type: z.literal('welcome'), callToAction: z.optional(linkSchema) }),
    /** The record's picturesForSlide as a slider; altTexts describe them in the same order. */
    z.object({ type: z.literal('slider'), altTexts: z._default(z.array(text()), []) }),
    /** A heading, a sentence or two and a button to another page. */
    z.object({ type: z.literal('callout'), heading: text(), text: text(), link: linkSchema }),
    /** The record's tickerItems as a moving line of news. */
    z.object({ type: z.literal('ticker') }),
    /** A row of pictures: photos (4:3, as many as fit) or badges (square, four to a row). */
    z.object({
      type: z.literal('imageRow'),
      heading: z.optional(text()),
      style: z._default(z.enum(['photos', 'badges']), 'photos'),
      pictures: z.array(pictureSchema).check(z.minLength(1, 'needs at least one picture')),
    }),
    /** A boxed notice with a heading, set apart from the rest of the page. */
    z.object({ type: z.literal('notice'), heading: text(), text: text() }),
    /** One product of the client's catalogue with a See More button. */
    z.object({
      type: z.literal('featuredProduct'),
      productId: z.number().check(z.int(), z.positive()),
    }),
    /** The generic image-with-text banner (spec section 2). */
    z.object({
      type: z.literal('banner'),
      heading: text(),
      paragraphs: texts(),
      picture: pictureSchema,
      link: z.optional(linkSchema),
    }),
  ],
  blockTypeError(homeBlockTypes),
);
export type HomeBlock = z.infer<typeof homeBlockSchema>;

const pageBlockTypes = [
  'text',
  'faqs',
  'serviceGroups',
  'cards',
  'pictureGrid',
  'video',
  'documents',
  'contactDetails',
  'mailto',
  'link',
  'stages',
] as const;

/** The blocks of a content page, under its heading. */
export const pageBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), paragraphs: texts() }),
    z.object({
      type: z.literal('faqs'),
      items: z.array(z.object({ question: text(), answer: text() })).check(z.minLength(1)),
    }),
    /** Groups of services, each a card with a heading, an introduction and a ticked list. */
    z.object({
      type: z.literal('serviceGroups'),
      groups: z
        .array(z.object({ heading: text(), intro: text(), services: texts() }))
        .check(z.minLength(1)),
    }),
    z.object({
      type: z.literal('cards'),
      cards: z.array(z.object({ heading: text(), paragraphs: texts() })).check(z.minLength(1)),
    }),
    z.object({
      type: z.literal('pictureGrid'),
      pictures: z.array(pictureSchema).check(z.minLength(1)),
    }),
    /**
     * A video from the media folder, fetched only when played (no file yet: the poster alone). `captions` names a captions file
     * shipped with the site or one in the media folder.
     */
    z.object({
      type: z.literal('video'),
      /** Without a file the block shows its poster marked "Video coming soon", and no player. */
      file: z.optional(mediaFileSchema),
      poster: mediaFileSchema,
      title: text(),
      description: text(),
      captions: z.optional(mediaFileSchema),
    }),
    /** Downloads (PDF manuals): each file is shipped with the site or in the media folder. */
    z.object({
      type: z.literal('documents'),
      documents: z
        .array(z.object({ title: text(), description: text(), file: mediaFileSchema }))
        .check(z.minLength(1)),
    }),
    /** The spec's contact details block: phone, WhatsApp, e-mail and address from the record. */
    z.object({ type: z.literal('contactDetails') }),
    /** A sentence ending in the client's e-mail address, with the e-mail's subject filled in. */
    z.object({ type: z.literal('mailto'), text: text(), subject: text() }),
    z.object({
      type: z.literal('link'),
      text: text(),
      to: sitePathSchema(),
      style: z._default(z.enum(['button', 'plain']), 'plain'),
    }),
    /** Stages that show their description on hover, focus or tap (the consultancy's lifecycle). */
    z.object({
      type: z.literal('stages'),
      stages: z.array(z.object({ name: text(), description: text() })).check(z.minLength(1)),
    }),
  ],
  blockTypeError(pageBlockTypes),
);
export type PageBlock = z.infer<typeof pageBlockSchema>;

export const pageContentSchema = z.object({
  /** The page's h1. */
  heading: text(),
  /** Shows the under-construction text and picture instead of the blocks (kept for later). */
  underConstruction: z._default(z.boolean(), false),
  blocks: z._default(z.array(pageBlockSchema), []),
});
export type PageContent = z.infer<typeof pageContentSchema>;

/** A client's own pages by route; a content route without one shows the generic page. */
export const clientPagesSchema = z.partialRecord(
  z.enum(contentPaths, { error: `must be one of the content pages: ${contentPaths.join(', ')}` }),
  pageContentSchema,
  { error: `pages are keyed by content route: ${contentPaths.join(', ')}` },
);
export type ClientPages = z.infer<typeof clientPagesSchema>;
