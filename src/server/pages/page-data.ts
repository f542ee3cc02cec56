import type { Kysely } from 'kysely';
import type { BookingRules } from '../../common/booking-rules.js';
import { coverSetOf, productSummary, type Product } from '../../common/catalogue.js';
import type { ClientConfig } from '../../common/client-config.js';
import { slideSrc } from '../../common/slides.js';
import { pictureSetBeside, shownWidths, type PreloadPicture } from '../../common/picture-set.js';
import {
  activeTreatmentsQueryKey,
  bookingCategoriesQueryKey,
  productIdOfPath,
  productListQueryKey,
  productQueryKey,
  reviewsQueryKey,
  siteTextQueryKey,
  visitorBookingRulesQueryKey,
  type PrefetchedQuery,
} from '../../common/page-data.js';
import { productListOfPath, shownCategoriesOf } from '../../common/category-pages.js';
import { routeTable } from '../../common/routes.js';
import { showsSiteText, siteTextOf } from '../../common/site-text.js';
import { visitorBookingRules } from '../../common/visitor-booking-rules.js';
import { cachedBookingRules } from '../booking/booking-rules-store.js';
import { listCategories, listTreatments } from '../booking/booking-store.js';
import { findProduct, listProducts } from '../catalogue/catalogue-store.js';
import { parseProductId } from '../catalogue/product-id.js';
import type { Database } from '../db/schema.js';
import type { ReferenceCache } from '../kernel/reference-cache.js';
import { listReviews } from '../reviews/reviews-store.js';

/** What the server knows about a page beyond its client: prefetched data, the LCP picture. */
export interface PageData {
  /** On /product/:id: the client's product, or null when it has none with that id (the head uses it). */
  product?: Product | null;
  queries: PrefetchedQuery[];
  /** The picture the page's largest paint is likely to be, preloaded at high priority. */
  preloadImage?: PreloadPicture;
  /** Kept out of search engines (sign-in and the back office). */
  noindex?: boolean;
  /** The owner's stored booking rules, for a client that takes bookings (the head's hours). */
  bookingRules?: BookingRules;
}

/** The first slide, where the home page shows the slider (other screens have no slider). */
function firstSlide(client: ClientConfig): PreloadPicture | undefined {
  const slide = client.picturesForSlide[0];
  if (!slide) return undefined;
  const src = slideSrc(client, slide);
  // Drawn slides are 1600 × 700 (home-blocks.tsx's SliderBlock says the same).
  return { set: pictureSetBeside(src, 1600, 700), sizes: shownWidths.slide };
}

/** The visitor's own booking, opened from the e-mail's link: its calendar needs the rules too. */
const manageBookingPath = new RegExp(
  `^${routeTable.bookingManage.replace(':token', '[A-Za-z0-9_-]+')}$`,
);

/**
 * The home page: the first slide's picture, and each featured product block's product (null when
 * the catalogue no longer has it: the block then shows nothing, as in the browser).
 */
async function homePageData(db: Kysely<Database>, client: ClientConfig): Promise<PageData> {
  const ids = client.home.flatMap((block) =>
    block.type === 'featuredProduct' ? [block.productId] : [],
  );
  const products = await Promise.all(ids.map((id) => findProduct(db, client, id)));
  return {
    queries: ids.map((id, index) => ({
      queryKey: productQueryKey(String(id)),
      data: products[index] ?? null,
    })),
    preloadImage: firstSlide(client),
  };
}

/**
 * /products or a category's list: the cards only (productSummary: no description, no gallery),
 * and the first card's picture preloaded, the largest paint of a list on a phone.
 */
async function productListData(
  db: Kysely<Database>,
  client: ClientConfig,
  list: string,
): Promise<PageData> {
  const category = list === 'all' ? undefined : list;
  const cards = (await listProducts(db, client, category)).map(productSummary);
  const first = cards[0];
  return {
    queries: [{ queryKey: productListQueryKey(category), data: cards }],
    ...(first ? { preloadImage: { set: coverSetOf(first), sizes: shownWidths.productCard } } : {}),
  };
}

/** How a page is looked up beyond its path. */
export interface PageDataOptions {
  /**
   * Seed the site text on this page whatever its screen: a previewed page (never kept), so that
   * moving around inside the app in a preview shows the draft's text, which the API does not give.
   */
  siteTextOnEveryPage?: boolean;
}

/**
 * The data the screen at `pathname` would fetch first, and the site text (site-text.ts) where the
 * screen shows it (the home page and the content routes) or where `options` ask for it everywhere:
 * a page whose screen does not show it does not carry it (issue 37: a product page under 25 KB).
 */
export async function pageData(
  db: Kysely<Database>,
  referenceCache: ReferenceCache,
  client: ClientConfig,
  pathname: string,
  options: PageDataOptions = {},
): Promise<PageData> {
  const data = await screenData(db, referenceCache, client, pathname);
  if (!options.siteTextOnEveryPage && !showsSiteText(pathname)) return data;
  return {
    ...data,
    queries: [...data.queries, { queryKey: siteTextQueryKey, data: siteTextOf(client) }],
  };
}

/**
 * The data the screen at `pathname` would fetch first, looked up for this client only (the same
 * scoping as the API), so the page is prerendered with it and the browser starts with it in its
 * query cache. /product/:id: the product, or null when this client has no such product (a client
 * without a shop, an unknown or malformed id), which the screen shows as "Product not found"
 * without asking the API, so no failed request reaches the console. /booking, for a client that
 * takes bookings: its categories and active treatments, so the prerendered screen is the treatment
 * chooser rather than a loading line that the chooser replaces (moving the footer: CLS), and the
 * visitor's share of the owner's rules, so the calendar ends where the server's horizon does.
 * The product lists, /reviews and the home page's featured products likewise: every page a crawler
 * can reach is sent with its content (issue 29; tests/e2e/crawl-the-sitemaps.spec.ts). Every page
 * of a client that takes bookings carries the owner's rules for its head (the opening hours); a
 * rules change is a change of the client's data, so cached pages go (page-cache.ts).
 */
async function screenData(
  db: Kysely<Database>,
  referenceCache: ReferenceCache,
  client: ClientConfig,
  pathname: string,
): Promise<PageData> {
  const bookingRules = client.booking
    ? (await cachedBookingRules(referenceCache, db, client))?.rules
    : undefined;
  const withRules = (data: PageData): PageData => (bookingRules ? { ...data, bookingRules } : data);
  const rulesQuery = (rules: BookingRules): PrefetchedQuery => ({
    queryKey: visitorBookingRulesQueryKey,
    data: visitorBookingRules(rules),
  });
  if (pathname === routeTable.booking && bookingRules) {
    const [categories, treatments] = await Promise.all([
      listCategories(db, client.name),
      listTreatments(db, client.name, true),
    ]);
    return withRules({
      queries: [
        { queryKey: bookingCategoriesQueryKey, data: categories },
        { queryKey: activeTreatmentsQueryKey, data: treatments },
        rulesQuery(bookingRules),
      ],
    });
  }
  if (manageBookingPath.test(pathname) && bookingRules) {
    return withRules({ queries: [rulesQuery(bookingRules)] });
  }
  if (pathname === routeTable.home) return withRules(await homePageData(db, client));
  if (pathname === routeTable.reviews) {
    return withRules({
      queries: [{ queryKey: reviewsQueryKey, data: await listReviews(db, client.name) }],
    });
  }
  const list = productListOfPath(pathname, shownCategoriesOf(client));
  if (list) return withRules(await productListData(db, client, list));
  const idText = productIdOfPath(pathname);
  if (idText === undefined) return withRules({ queries: [] });
  const id = parseProductId(idText);
  const product = id === undefined ? undefined : await findProduct(db, client, id);
  // The gallery's large picture (product-page.tsx): its first picture.
  const first = product?.gallery?.[0];
  return withRules({
    queries: [{ queryKey: productQueryKey(idText), data: product ?? null }],
    product: product ?? null,
    ...(first ? { preloadImage: { set: first, sizes: shownWidths.productMain } } : {}),
  });
}
