import type { WeeklyHours } from '../../common/booking-rules.js';
import type { Product } from '../../common/catalogue.js';
import type { ClientConfig } from '../../common/client-config.js';
import { slideSrc } from '../../common/slides.js';
import {
  productListHeading,
  productListOfPath,
  shownCategoriesOf,
} from '../../common/category-pages.js';
import { contentPaths, routeTable, type ContentPath } from '../../common/routes.js';
import { buildHeaderMenu } from '../../common/site-menu.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { jsonForScript } from './html.js';
import { breadcrumbJsonLd, businessJsonLd, productJsonLd, textOfHtml } from './structured-data.js';

/**
 * The head of each page, decided on the server so that search engines and link previews (which
 * run no JavaScript) see the screen's own title, description, canonical address, picture and
 * structured data (issue 15; docs/decisions/0025-page-head.md). Pure: the route gives it the product
 * it looked up and the share picture's size.
 */

/** A picture for link previews, with its size (og:image:width/height). */
export interface HeadImage {
  /** A path on the site (`/media/SE/pics/2/cover.jpeg`) or an absolute URL. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageHeadInput {
  client: ClientConfig;
  /** The path without its query. */
  path: string;
  /** Whether the site knows the path (an unknown one is the not-found screen). */
  known: boolean;
  /** On /product/:id: the client's product, or null when it has none with that id. */
  product?: Product | null | undefined;
  image: HeadImage;
  /** The origin the request came to, for absolute addresses when the client has no host name. */
  requestOrigin: string;
  /** The owner's opening hours (stored booking rules), for a client that takes bookings. */
  weeklyHours?: WeeklyHours | undefined;
}

export interface PageHead {
  /** The whole <title> text. */
  title: string;
  siteName: string;
  description: string;
  /** Absent when the client record names no host (a client being tried out). */
  canonical: string | undefined;
  noindex: boolean;
  /** The robots meta: noindex, and nofollow too on sign-in and back-office pages. */
  robots: 'noindex' | 'noindex, nofollow' | undefined;
  ogType: 'website' | 'product';
  image: HeadImage & { url: string };
  jsonLd: object[];
}

/** The name of the generic file the icons route draws from the logo (src/server/seo). */
export const shareImageFile = '/share-image.png';
export const shareImageSize = { width: 1200, height: 630 } as const;

/** Screens kept out of search results: a visitor's own basket, order and outcome. */
const noindexPaths = new Set<string>([
  routeTable.cart,
  routeTable.checkout,
  routeTable.success,
  routeTable.failure,
  routeTable.bookingDone,
  // Issue 36: a deposit's return pages are one visitor's outcome too.
  routeTable.bookingPaid,
  routeTable.bookingNotPaid,
]);

/** Sign-in and the back office: out of search results, and their links not followed either. */
export function isPrivatePagePath(path: string): boolean {
  return /^\/(login|manage|booking\/manage|booking\/confirm|review)(\/|$)/.test(path);
}

export function isNoindexPath(path: string): boolean {
  return noindexPaths.has(path) || isPrivatePagePath(path);
}

/** Headings of the content routes' generic pages (src/common/generic-pages.ts). */
const genericHeadings: Partial<Record<ContentPath, string>> = {
  '/qualifications': 'Qualifications',
  '/terms': 'Terms',
  '/cookies': 'Cookies',
  '/faqs': 'Frequently asked questions',
  '/galleries': 'Gallery',
  '/team': 'Meet the team',
};

/**
 * The site's own address for this client: its record's first host name (never the host a preview
 * came through), https except for a local development name.
 */
export function siteOrigin(client: ClientConfig): string | undefined {
  const host = client.hostNames[0];
  if (!host) return undefined;
  const local = host === 'localhost' || host.endsWith('.localhost');
  return `${local ? 'http' : 'https'}://${host.toLowerCase()}`;
}

/** At most `max` characters, cut at a word with an ellipsis (search results show about 155). */
export function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

function isContentPath(path: string): path is ContentPath {
  return (contentPaths as readonly string[]).includes(path);
}

/** The content page's heading and first paragraph, as the browser's page-for.ts picks the page. */
function contentScreen(
  client: ClientConfig,
  path: ContentPath,
): { heading: string; text?: string } {
  const own = client.pages[path];
  if (own) {
    const text = own.blocks.find((block) => block.type === 'text');
    return { heading: own.heading, text: text?.type === 'text' ? text.paragraphs[0] : undefined };
  }
  if (path === routeTable.about) {
    return { heading: client.about.heading, text: client.about.paragraphs[0] };
  }
  const generic = genericHeadings[path];
  if (generic) return { heading: generic };
  const menuEntry = buildHeaderMenu(client).entries.find((item) => item.route === path);
  return { heading: menuEntry?.display ?? 'Coming soon' };
}

interface Screen {
  /** The h1, as the browser's PageHeading puts it in the title; undefined on the home page. */
  heading: string | undefined;
  description: string;
  /** Where the screen sits: [name, path] from the home page down, the screen last. */
  trail?: Array<[string, string]>;
}

function screenOf(input: PageHeadInput): Screen {
  const { client, path, product } = input;
  const fallback = client.description;
  if (!input.known) return { heading: 'Page not found', description: fallback };
  if (path === '/') return { heading: undefined, description: fallback };
  if (isPrivatePagePath(path)) {
    return {
      heading: path.startsWith('/login')
        ? 'Sign in'
        : path.startsWith('/booking/')
          ? 'Your booking'
          : 'Back office',
      description: fallback,
    };
  }
  if (product !== undefined) {
    if (!product) return { heading: 'Product not found', description: fallback };
    // The product's category, while it is shown (a hidden one has no list page to lead to).
    const category = shownCategoriesOf(client).find((c) => c.slug === product.category);
    const trail: Array<[string, string]> = category ? [[category.name, `/${category.slug}`]] : [];
    return {
      heading: product.title,
      description: textOfHtml(product.blurb) || fallback,
      trail: [...trail, [product.title, path]],
    };
  }
  const list = productListOfPath(path, shownCategoriesOf(client));
  if (list) {
    const heading = productListHeading(list, shownCategoriesOf(client));
    return {
      heading,
      description: `${heading} from ${client.title}. ${client.description}`,
      trail: [[heading, path]],
    };
  }
  if (isContentPath(path)) {
    const { heading, text } = contentScreen(client, path);
    return { heading, description: text ?? fallback, trail: [[heading, path]] };
  }
  switch (path) {
    case routeTable.contact:
      return {
        heading: 'Contact us',
        description: client.contactBlurb || fallback,
        trail: [['Contact us', path]],
      };
    case routeTable.reviews: {
      const heading = client.reviewTitle || 'Reviews';
      return { heading, description: client.reviewBlurb || fallback, trail: [[heading, path]] };
    }
    case routeTable.booking:
      return {
        heading: 'Book a treatment',
        description: `Choose your treatments and a time that suits you, and book online with ${client.title}.`,
        trail: [['Book a treatment', path]],
      };
    case routeTable.travelbooking:
      return {
        heading: 'Travel enquiry',
        description: `Tell ${client.title} about the trip you have in mind and we will come back with ideas and prices.`,
        trail: [['Travel enquiry', path]],
      };
    case routeTable.privacy:
      return {
        heading: 'Privacy notice',
        description: `How ${client.title} uses and looks after the personal details you give us, how long we keep them and how to ask us to delete them.`,
        trail: [['Privacy notice', path]],
      };
    case routeTable.cart:
      return { heading: 'Your cart', description: fallback };
    case routeTable.checkout:
      return { heading: 'Please enter your details', description: fallback };
    case routeTable.success:
      return { heading: client.successTitle, description: fallback };
    case routeTable.failure:
      return { heading: client.failureTitle, description: fallback };
    default:
      return { heading: undefined, description: fallback };
  }
}

/** The pages that describe the business itself in structured data: home, about and contact. */
const businessPaths = new Set<string>([routeTable.home, routeTable.about, routeTable.contact]);

/** The head's content for one page of one client. */
export function buildPageHead(input: PageHeadInput): PageHead {
  const { client, path } = input;
  const screen = screenOf(input);
  const origin = siteOrigin(client);
  const absolute = (sitePath: string) =>
    /^https?:\/\//.test(sitePath) ? sitePath : `${origin ?? input.requestOrigin}${sitePath}`;
  const noindex = !input.known || isNoindexPath(path) || input.product === null;
  const title =
    screen.heading && screen.heading !== client.title
      ? `${screen.heading} | ${client.title}`
      : client.title;
  const image = { ...input.image, url: absolute(input.image.path) };
  // The business is described on the pages about it, where search engines look for it (issue 37:
  // its 0.9 KB was in every page's HTML).
  const jsonLd: object[] = businessPaths.has(path)
    ? [businessJsonLd(client, absolute, image.url, input.weeklyHours)]
    : [];
  if (input.product) {
    jsonLd.push(productJsonLd(client, input.product, absolute(path), absolute));
  }
  if (screen.trail && !noindex) {
    jsonLd.push(
      breadcrumbJsonLd(
        [[client.title, '/'] as const, ...screen.trail].map(([name, trailPath]) => ({
          name,
          url: absolute(trailPath),
        })),
      ),
    );
  }
  return {
    title,
    siteName: client.title,
    description: clip(screen.description),
    canonical: origin && !noindex ? `${origin}${path}` : undefined,
    noindex,
    robots: isPrivatePagePath(path) ? 'noindex, nofollow' : noindex ? 'noindex' : undefined,
    ogType: input.product ? 'product' : 'website',
    image,
    jsonLd,
  };
}

/** The share picture for a page: the product's cover, else the first slide, else the logo card. */
export function shareImagePath(client: ClientConfig, product: Product | null | undefined): string {
  if (product) return product.picture;
  const slide = client.picturesForSlide[0];
  if (slide) {
    return slideSrc(client, slide);
  }
  return shareImageFile;
}

/** The head as HTML: meta tags, links and the JSON-LD scripts (`<` escaped inside them). */
export function renderHeadTags(head: PageHead): string {
  const attr = escapeHtml;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${attr(String(content))}">`;
  const tags = [
    meta('name', 'description', head.description),
    head.robots ? meta('name', 'robots', head.robots) : '',
    head.canonical ? `<link rel="canonical" href="${attr(head.canonical)}">` : '',
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:width', head.image.width),
    meta('property', 'og:image:height', head.image.height),
    meta('property', 'og:image:alt', head.image.alt),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:site_name', head.siteName),
    // X reads the title, description and picture from the og: tags when its own are missing.
    meta('name', 'twitter:card', head.image.width >= 300 ? 'summary_large_image' : 'summary'),
    '<link rel="icon" href="/favicon.ico" sizes="32x32">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    ...head.jsonLd.map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('\n    ');
}
