import { schemaOrgAvailability } from '../../common/product-availability.js';
import type { WeeklyHours } from '../../common/booking-rules.js';
import type { Product } from '../../common/catalogue.js';
import { weekdays, type ClientConfig, type Weekday } from '../../common/client-config.js';
import { toPounds } from '../../common/money.js';

/**
 * schema.org JSON-LD for a client's pages (issue 15): the business on every page, the product and
 * its offer on a product page, the trail to the page. Pure; the head (page-head.ts) places them.
 */

/** Text of sanitised HTML (a product blurb) for a description. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<\/(p|li|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const dayNames: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/**
 * The owner's opening hours (the stored booking rules, as availability reads them): the days that
 * share the same spans grouped, Monday first, one specification per span, so a day with a break
 * has two; closed days are left out.
 */
export function openingHoursSpecification(weeklyHours: WeeklyHours): OpeningHoursSpecification[] {
  const mondayFirst: Weekday[] = [...weekdays.slice(1), weekdays[0]];
  const groups = new Map<string, OpeningHoursSpecification[]>();
  for (const day of mondayFirst) {
    const spans = weeklyHours[day];
    if (spans.length === 0) continue;
    const key = spans.map((span) => `${span.start}-${span.end}`).join(',');
    const group = groups.get(key);
    if (group) for (const specification of group) specification.dayOfWeek.push(dayNames[day]);
    else {
      groups.set(
        key,
        spans.map((span) => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: [dayNames[day]],
          opens: span.start,
          closes: span.end,
        })),
      );
    }
  }
  return [...groups.values()].flat();
}

/**
 * The business: LocalBusiness or the subtype the record names, with what Google's listing reads;
 * its opening hours when the client takes bookings (`weeklyHours`, from the owner's rules).
 */
export function businessJsonLd(
  client: ClientConfig,
  absolute: (sitePath: string) => string,
  imageUrl: string,
  weeklyHours?: WeeklyHours,
): object {
  const address = client.postalAddress
    ? { '@type': 'PostalAddress', ...client.postalAddress }
    : { '@type': 'PostalAddress', streetAddress: client.address, addressCountry: 'GB' };
  const sameAs = Object.values(client.socialMedia)
    .filter((link) => link !== undefined)
    .map((link) => link.link);
  return {
    '@context': 'https://schema.org',
    '@type': client.businessType,
    '@id': absolute('/#business'),
    name: client.title,
    description: client.description,
    url: absolute('/'),
    logo: absolute('/logo.png'),
    image: imageUrl,
    email: client.email,
    ...(client.telephoneNo ? { telephone: client.telephoneNo } : {}),
    address,
    ...(sameAs.length ? { sameAs } : {}),
    ...(weeklyHours ? { openingHoursSpecification: openingHoursSpecification(weeklyHours) } : {}),
  };
}

/** A product with one offer: its price in pounds (GBP), its stock (issue 35), sold by the business. */
export function productJsonLd(
  client: ClientConfig,
  product: Product,
  pageUrl: string,
  absolute: (sitePath: string) => string,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: `${client.name}-${product.id}`,
    image: [product.picture, ...product.listingPictures].map(absolute),
    description: textOfHtml(product.blurb),
    brand: { '@type': 'Brand', name: client.title },
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: toPounds(product.price, client.pricesInPence).toFixed(2),
      priceCurrency: 'GBP',
      availability: schemaOrgAvailability(product),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@id': absolute('/#business') },
    },
  };
}

/** The trail from the home page to this one, each step with its absolute address. */
export function breadcrumbJsonLd(steps: Array<{ name: string; url: string }>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}
