import { z } from 'zod';

/**
 * The client record: one per business. Spec section 3 plus what hosting needs
 * (host names, time zone, opening hours, e-mail ids, failure-probe address).
 * Shared by the server (seed validation, HTML injection) and the browser.
 */

export const clientCodeSchema = z
  .string()
  .regex(
    /^[A-Z][A-Z0-9]{1,7}$/,
    'must be 2 to 8 capital letters or digits, starting with a letter',
  );
export type ClientCode = z.infer<typeof clientCodeSchema>;

/** Codes the spec names; any other code is a generic client driven by its record alone. */
export const knownClientCodes = ['SE', 'RRB', 'BBG', 'PHEC', 'PI', 'AMS', 'JS'] as const;

const socialLinkSchema = z.object({
  link: z.url({ message: 'must be a full URL' }),
  display: z.string().min(1),
});

export { socialNetworks, type SocialNetwork } from './social-networks';

const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm (24-hour)');
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

const openingSchema = z.object({ open: timeOfDaySchema, close: timeOfDaySchema }).nullable();

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
  closedDates: z.array(isoDateSchema).default([]),
  slotStepMinutes: z.number().int().min(5).max(120).default(15),
  /** How many treatments can run in parallel. */
  capacity: z.number().int().min(1).max(50).default(1),
  minLeadMinutes: z.number().int().min(0).max(10080).default(60),
  horizonDays: z.number().int().min(1).max(730).default(90),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

export const emailServiceSchema = z.object({
  /** Base address of the EmailJS-compatible service; empty means this site's own relay. */
  baseUrl: z.string().default(''),
  userId: z.string().min(1),
  serviceId: z.string().min(1),
  templates: z.object({
    order: z.string().min(1),
    contact: z.string().min(1),
    travel: z.string().min(1),
  }),
});
export type EmailServiceConfig = z.infer<typeof emailServiceSchema>;

export const menuItemSchema = z.object({
  route: z.string().startsWith('/', 'must start with /'),
  display: z.string().min(1),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const clientConfigSchema = z.object({
  name: clientCodeSchema,
  title: z.string().min(1),
  /** One-line description used for the meta description and social previews. */
  description: z.string().min(1),
  hostNames: z.array(z.string().min(1)).default([]),
  timeZone: z.string().default('Europe/London'),

  telephoneNo: z.string().optional(),
  email: z.email({ message: 'must be an e-mail address' }),
  address: z.string(),
  contactHeader: z.string(),
  contactBlurb: z.string(),
  socialMedia: z
    .object({
      facebook: socialLinkSchema.optional(),
      instagram: socialLinkSchema.optional(),
      tiktok: socialLinkSchema.optional(),
      twitter: socialLinkSchema.optional(),
      youtube: socialLinkSchema.optional(),
      linkedin: socialLinkSchema.optional(),
    })
    .default({}),
  whatsappLink: z.url().optional(),
  vatNumber: z.string().optional(),

  menuType: z.enum(['bar', 'hamburger']),
  headerType: z.enum(['SE', 'DQ', 'Min', 'PI', '3bar']),
  menuItems: z.array(menuItemSchema),
  footerType: z.enum(['SE', 'DQ', 'Min', 'PI']),
  showContactFormOnFooter: z.boolean(),
  showContactDetailsOnAbout: z.boolean().optional(),

  usesCart: z.boolean(),
  /** Spec: an alternative mode treats stored product amounts as pence. */
  pricesInPence: z.boolean().default(false),

  pictureLocation: z.string().startsWith('/', 'must be a path starting with /'),
  workingFolder: z.string().min(1),
  pictureExtension: z.enum(['jpg', 'jpeg', 'png', 'webp']),
  picturesForSlide: z.array(z.string().min(1)),
  slideTimer: z.number().int().min(1000).max(60000).optional(),
  tickerItems: z.array(z.string().min(1)).default([]),

  welcome: z.object({
    heading: z.string().min(1),
    paragraphs: z.array(z.string().min(1)).min(1),
  }),
  /** Story or about text shown on /about. */
  about: z.object({ heading: z.string().min(1), paragraphs: z.array(z.string().min(1)) }),

  successTitle: z.string().min(1),
  successText: z.string().min(1),
  failureTitle: z.string().min(1),
  failureText: z.string().min(1),
  reviewTitle: z.string(),
  reviewBlurb: z.string(),

  emailService: emailServiceSchema,
  /** Where the failure screen posts its diagnostic; default is this site's own endpoint. */
  failureProbeUrl: z.string().default('/api/diagnostics/failure-probe'),
  booking: bookingRulesSchema.optional(),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
export type ClientConfigInput = z.input<typeof clientConfigSchema>;

/** Formats zod issues as `field.path: message` lines, for start-up errors a person can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(record)'}: ${issue.message}`)
    .join('; ');
}
