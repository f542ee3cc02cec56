import { z } from 'zod';

/**
 * The fields Google's rich results read from schema.org JSON-LD (developers.google.com/search/docs/
 * appearance/structured-data: local-business, product-snippet + merchant-listing, breadcrumb), as
 * zod schemas: what Google requires is required here, and what it recommends and we promise
 * (telephone, url, opening hours for booking clients) is required too.
 */

const absoluteUrl = z.url({ protocol: /^https?$/ });
const context = z.literal('https://schema.org');

export const postalAddressShape = z.object({
  '@type': z.literal('PostalAddress'),
  streetAddress: z.string().min(1),
  addressLocality: z.string().min(1),
  postalCode: z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, 'a UK postcode'),
  addressCountry: z.literal('GB'),
});

export const openingHoursShape = z.object({
  '@type': z.literal('OpeningHoursSpecification'),
  dayOfWeek: z
    .array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']))
    .min(1),
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});

/** LocalBusiness or a subtype (schema.org's tree below LocalBusiness). */
export const localBusinessTypes = [
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

export const localBusinessShape = z.object({
  '@context': context,
  '@type': z.enum(localBusinessTypes),
  '@id': absoluteUrl,
  name: z.string().min(1),
  address: postalAddressShape,
  url: absoluteUrl,
  logo: absoluteUrl,
  image: absoluteUrl,
  telephone: z.string().regex(/^[\d +()-]{10,}$/),
  email: z.email(),
  sameAs: z.array(absoluteUrl).optional(),
  openingHoursSpecification: z.array(openingHoursShape).min(1).optional(),
});

export const productShape = z.object({
  '@context': context,
  '@type': z.literal('Product'),
  name: z.string().min(1),
  image: z.array(absoluteUrl).min(1),
  description: z.string().min(1),
  sku: z.string().min(1),
  offers: z.object({
    '@type': z.literal('Offer'),
    url: absoluteUrl,
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.literal('GBP'),
    availability: z.enum([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
      'https://schema.org/PreOrder',
    ]),
  }),
});

export const breadcrumbShape = z.object({
  '@context': context,
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({
        '@type': z.literal('ListItem'),
        position: z.number().int().min(1),
        name: z.string().min(1),
        item: absoluteUrl,
      }),
    )
    .min(2)
    .refine(
      (items) => items.every((item, index) => item.position === index + 1),
      'positions count up from 1',
    ),
});

/** The JSON-LD blocks of an HTML page, parsed (a block that is not JSON throws). */
export function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}
