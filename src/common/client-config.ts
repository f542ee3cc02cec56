// zod/mini: the browser loads these schemas, and mini is about a third of classic zod's size.
import * as z from 'zod/mini';
import { clientPagesSchema, homeBlockSchema, mediaFileSchema } from './content';
import { sitePathSchema, webLinkSchema } from './link-rules';

/**
 * The client record: one per business. Spec section 3 plus what hosting needs
 * (host names, time zone, opening hours, e-mail ids, failure-probe address).
 * Shared by the server (seed validation, HTML injection) and the browser.
 */

export const clientCodeSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Z][A-Z0-9]{1,7}$/,
      'must be 2 to 8 capital letters or digits, starting with a letter',
    ),
  );
export type ClientCode = z.infer<typeof clientCodeSchema>;

/** Codes the spec names; any other code is a generic client driven by its record alone. */
export const knownClientCodes = ['SE', 'RRB', 'BBG', 'PHEC', 'PI', 'AMS', 'JS'] as const;

// The message is what an owner reads beside a field in the back office (Site content).
const nonEmpty = () => z.string().check(z.minLength(1, 'must not be empty'));
const wholeNumber = (min: number, max: number, fallback: number) =>
  z._default(z.number().check(z.int(), z.gte(min), z.lte(max)), fallback);

const socialLinkSchema = z.object({
  link: webLinkSchema(),
  display: nonEmpty(),
});

export { socialNetworks, type SocialNetwork } from './social-networks';

const timeOfDaySchema = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm (24-hour)'));
const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'));

const openingSchema = z.nullable(z.object({ open: timeOfDaySchema, close: timeOfDaySchema }));

export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];

export const bookingRulesSchema = z.object({
  /** Opening hours per weekday, local time; null means closed that day. */
  openingHours: z.object({
    sun: openingSchema,
    mon: openingSchema,
    tue: openingSchema,
    wed: openingSchema,
    thu: openingSchema,
    fri: openingSchema,
    sat: openingSchema,
  }),
  closedDates: z._default(z.array(isoDateSchema), []),
  slotStepMinutes: wholeNumber(5, 120, 15),
  /** How many treatments can run in parallel. */
  capacity: wholeNumber(1, 50, 1),
  minLeadMinutes: wholeNumber(0, 10080, 60),
  horizonDays: wholeNumber(1, 730, 90),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

export const emailServiceSchema = z.object({
  /** Base address of the EmailJS-compatible service; empty means this site's own relay. */
  baseUrl: z._default(z.string(), ''),
  userId: nonEmpty(),
  serviceId: nonEmpty(),
  templates: z.object({
    order: nonEmpty(),
    contact: nonEmpty(),
    travel: nonEmpty(),
  }),
});
export type EmailServiceConfig = z.infer<typeof emailServiceSchema>;

/**
 * The schema.org type the business is (issue 15's JSON-LD): LocalBusiness or one of its subtypes.
 * Data in the record, so no code branches on a client.
 */
export const businessTypes = [
  'LocalBusiness',
  'BeautySalon',
  'HairSalon',
  'NailSalon',
  'DaySpa',
  'TravelAgency',
  'ProfessionalService',
  'Store',
  'GroceryStore',
  'HomeAndConstructionBusiness',
  'HousePainter',
  'EmploymentAgency',
] as const;
export type BusinessType = (typeof businessTypes)[number];

/** The address in parts, for search engines (PostalAddress); `address` stays the line people read. */
export const postalAddressSchema = z.object({
  streetAddress: nonEmpty(),
  addressLocality: nonEmpty(),
  addressRegion: z.optional(nonEmpty()),
  postalCode: nonEmpty(),
  /** ISO 3166 two-letter code. */
  addressCountry: z._default(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be like GB')), 'GB'),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

export const menuItemSchema = z.object({
  route: sitePathSchema(),
  display: nonEmpty(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const clientConfigSchema = z.object({
  name: clientCodeSchema,
  title: nonEmpty(),
  /** One-line description used for the meta description and social previews. */
  description: nonEmpty(),
  hostNames: z._default(z.array(nonEmpty()), []),
  timeZone: z._default(z.string(), 'Europe/London'),

  telephoneNo: z.optional(z.string()),
  email: z.email({ message: 'must be an e-mail address' }),
  address: z.string(),
  /** The address in parts for structured data; without it search engines get `address` whole. */
  postalAddress: z.optional(postalAddressSchema),
  businessType: z._default(
    z.enum(businessTypes, { error: `must be one of: ${businessTypes.join(', ')}` }),
    'LocalBusiness',
  ),
  contactHeader: z.string(),
  contactBlurb: z.string(),
  socialMedia: z._default(
    z.object({
      facebook: z.optional(socialLinkSchema),
      instagram: z.optional(socialLinkSchema),
      tiktok: z.optional(socialLinkSchema),
      twitter: z.optional(socialLinkSchema),
      youtube: z.optional(socialLinkSchema),
      linkedin: z.optional(socialLinkSchema),
    }),
    {},
  ),
  whatsappLink: z.optional(webLinkSchema()),
  vatNumber: z.optional(z.string()),
  /** A short line beside the logo, where the header layout has room for one (SE). */
  headerTagline: z.optional(nonEmpty()),
  /** A sentence or two beside the logo in the footer, where the footer layout has one (SE). */
  footerTagline: z.optional(nonEmpty()),
  /**
   * The logo, a file of the media folder placed with the back office's picture chooser (an
   * upload: `library/m-….jpeg`); without one, `logo.svg` in the media folder, as the seed has it.
   */
  logo: z.optional(mediaFileSchema),

  menuType: z.enum(['bar', 'hamburger']),
  headerType: z.enum(['SE', 'DQ', 'Min', 'PI', '3bar']),
  menuItems: z.array(menuItemSchema),
  footerType: z.enum(['SE', 'DQ', 'Min', 'PI']),
  showContactFormOnFooter: z.boolean(),
  showContactDetailsOnAbout: z.optional(z.boolean()),

  usesCart: z.boolean(),
  /** Spec: an alternative mode treats stored product amounts as pence. */
  pricesInPence: z._default(z.boolean(), false),

  pictureLocation: z.string().check(z.startsWith('/', 'must be a path starting with /')),
  workingFolder: nonEmpty(),
  pictureExtension: z.enum(['jpg', 'jpeg', 'png', 'webp']),
  picturesForSlide: z.array(nonEmpty()),
  slideTimer: z.optional(z.number().check(z.int(), z.gte(1000), z.lte(60000))),
  tickerItems: z._default(z.array(nonEmpty()), []),

  welcome: z.object({
    heading: nonEmpty(),
    paragraphs: z.array(nonEmpty()).check(z.minLength(1, 'needs at least one paragraph')),
  }),
  /** Story or about text shown on /about (with contact details when showContactDetailsOnAbout). */
  about: z.object({ heading: nonEmpty(), paragraphs: z.array(nonEmpty()) }),
  /** The home page's blocks in order (src/common/content.ts); by default the welcome alone. */
  home: z._default(
    z
      .array(homeBlockSchema)
      .check(
        z.refine(
          (blocks) => blocks.filter((block) => block.type === 'welcome').length === 1,
          'must have exactly one welcome block: it holds the page heading',
        ),
      ),
    [{ type: 'welcome' }],
  ),
  /** The client's own content pages by route; other content routes show the generic page. */
  pages: z._default(clientPagesSchema, {}),

  successTitle: nonEmpty(),
  successText: nonEmpty(),
  failureTitle: nonEmpty(),
  failureText: nonEmpty(),
  reviewTitle: z.string(),
  reviewBlurb: z.string(),
  /** A third-party review site the reviews page links to as well as showing its own cards. */
  reviewWidget: z.optional(z.enum(['google'])),

  emailService: emailServiceSchema,
  /** Where the failure screen posts its diagnostic; default is this site's own endpoint. */
  failureProbeUrl: z._default(z.string(), '/api/diagnostics/failure-probe'),
  booking: z.optional(bookingRulesSchema),
  /**
   * The shop's shown categories in the owner's order (issue 35). Never in the record itself: the
   * server adds them from `shop_categories` to the record it embeds in each page, so the menu,
   * list pages and sitemap follow the owner's categories (docs/decisions/0076-…).
   */
  shopCategories: z.optional(z.array(z.object({ slug: z.string(), name: z.string() }))),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
export type ClientConfigInput = z.input<typeof clientConfigSchema>;

/** Formats zod issues as `field.path: message` lines, for start-up errors a person can act on. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(record)'}: ${issue.message}`)
    .join('; ');
}
