// zod/mini, like every schema the browser shares (docs/decisions/0006-zod-mini-for-shared-schemas.md).
import * as z from 'zod/mini';
import { clientConfigSchema, type ClientConfig } from './client-config';
import { pathsWithControlCharacters, textMessages } from './text-rules.js';

/**
 * The part of a client record the owner edits in the back office ("Site content"): every word a
 * visitor reads, the contact details, the menu, the slide pictures and the blocks of the home and
 * content pages. Checked with the very rules that check a seed record (clientConfigSchema).
 *
 * The rest belongs to the host and is never taken from an owner's request: the code and host
 * names, the e-mail service ids, the time zone, the layouts, the shop and price modes, the media
 * folder, the failure probe and the booking rules (edited on the Hours screen, its own table).
 * docs/decisions/0037-content-drafts-and-publishing.md lists why.
 */
export const ownerContentKeys = [
  'title',
  'description',
  'telephoneNo',
  'email',
  'address',
  'postalAddress',
  'contactHeader',
  'contactBlurb',
  'socialMedia',
  'whatsappLink',
  'vatNumber',
  'headerTagline',
  'footerTagline',
  'logo',
  'menuItems',
  'picturesForSlide',
  'slideTimer',
  'tickerItems',
  'welcome',
  'about',
  'home',
  'pages',
  'successTitle',
  'successText',
  'failureTitle',
  'failureText',
  'reviewTitle',
  'reviewBlurb',
] as const;
export type OwnerContentKey = (typeof ownerContentKeys)[number];

const ownerContentMask = Object.fromEntries(ownerContentKeys.map((key) => [key, true])) as {
  [K in OwnerContentKey]: true;
};

/** The owner's part of the record; an unknown or host-owned key is refused (`strict`). */
export const siteContentSchema = z.strictObject(z.pick(clientConfigSchema, ownerContentMask).shape);
export type SiteContent = z.infer<typeof siteContentSchema>;

/** The owner's part of a full record (what the editor starts from). */
export function siteContentOf(client: ClientConfig): SiteContent {
  const content: Record<string, unknown> = {};
  for (const key of ownerContentKeys) {
    if (client[key] !== undefined) content[key] = client[key];
  }
  return content as SiteContent;
}

/**
 * The record with the owner's content in place of its own: the host's fields stay as they are.
 * Optional owner fields left out of the content are removed (the owner cleared them).
 */
export function withSiteContent(client: ClientConfig, content: SiteContent): ClientConfig {
  const merged: Record<string, unknown> = { ...client };
  for (const key of ownerContentKeys) delete merged[key];
  return { ...merged, ...content } as ClientConfig;
}

/** One field's problem, by its path in the content (`welcome.heading`, `home.2.picture.alt`). */
export interface ContentIssue {
  path: string;
  message: string;
}

/** Checks content as the server will; the issues name each field, for messages beside it. */
export function checkSiteContent(
  value: unknown,
): { ok: true; content: SiteContent } | { ok: false; issues: ContentIssue[] } {
  // Control characters first, in every text however deep (text-rules.ts): NUL cannot be stored
  // in PostgreSQL, and none belongs in a page.
  const controlIssues = pathsWithControlCharacters(value).map((path) => ({
    path: path.map(String).join('.'),
    message: textMessages.control,
  }));
  const parsed = z.safeParse(siteContentSchema, value);
  if (parsed.success && controlIssues.length === 0) return { ok: true, content: parsed.data };
  const shapeIssues = parsed.success ? [] : parsed.error.issues;
  return {
    ok: false,
    issues: [
      ...controlIssues,
      ...shapeIssues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message:
          issue.code === 'unrecognized_keys'
            ? `${issue.keys.join(', ')} ${issue.keys.length === 1 ? 'is' : 'are'} set by the host, not in the back office`
            : issue.message,
      })),
    ],
  };
}

/** What GET /api/manage/content answers: the published content and the draft, if any. */
export const contentStateSchema = z.object({
  published: z.object({
    content: z.record(z.string(), z.unknown()),
    version: z.number(),
    updatedAt: z.string(),
  }),
  draft: z.nullable(
    z.object({
      content: z.record(z.string(), z.unknown()),
      /** The published version the draft was started from. */
      baseVersion: z.number(),
      /** Goes up with each save, so two owners saving the same draft are told apart. */
      draftVersion: z.number(),
      updatedAt: z.string(),
      updatedBy: z.nullable(z.string()),
    }),
  ),
  /** Files in the client's media folder (pictures, videos, captions, downloads), to choose from. */
  mediaFiles: z.array(z.string()),
});
export type ContentState = z.infer<typeof contentStateSchema>;

export const saveDraftSchema = z.object({
  content: z.unknown(),
  baseVersion: z.number().check(z.int()),
  /** The draft's version the owner edited; null when they started from the published content. */
  draftVersion: z.nullable(z.number().check(z.int())),
});
export type SaveDraft = z.infer<typeof saveDraftSchema>;

export const publishSchema = z.object({
  baseVersion: z.number().check(z.int()),
  draftVersion: z.number().check(z.int()),
});
export type Publish = z.infer<typeof publishSchema>;

export const contentMessages = {
  publishedElsewhere:
    'Another owner published changes since you opened this page. Reload it to see theirs, then make your change again.',
  draftChangedElsewhere:
    'Another owner saved this draft since you opened it. Reload the page to see their changes, then make yours again.',
  noDraft: 'There is no draft to publish: save your changes first.',
} as const;
