/**
 * The spec's route table (section 2), plus the two routes DESIGN.md makes reachable
 * (/work for the cleaner's previous jobs; /travelbooking shows the travel enquiry for JS).
 * The server uses it to answer 404 for unknown paths; the browser router uses it to map screens.
 */
export const routeTable = {
  home: '/',
  about: '/about',
  cart: '/cart',
  checkout: '/checkout',
  /** Back from Stripe, paid: the order number and "payment received" (issue 36). */
  checkoutPaid: '/checkout/paid',
  /** Back from Stripe, cancelled: the order kept unpaid, with a way to pay again (issue 36). */
  checkoutNotPaid: '/checkout/not-paid',
  success: '/order/success',
  failure: '/order/fail',
  product: '/product/:id',
  products: '/products',
  oasis: '/oasis',
  sunbeach: '/sunbeach',
  spas: '/spas',
  haircare: '/haircare',
  body: '/body',
  extensions: '/extensions',
  groceries: '/groceries',
  documentation: '/documentation',
  reviews: '/reviews',
  /** A customer writes a review from the e-mail's signed link (issue 33). */
  reviewWrite: '/review/:token',
  nails: '/nails',
  galleries: '/galleries',
  booking: '/booking',
  /** After booking: the reference and a summary (issue 17). */
  bookingDone: '/booking/booked',
  /** The visitor's own booking, opened from the e-mail's link (issue 17). */
  bookingManage: '/booking/manage/:token',
  /** A new customer confirms a held booking from the e-mail's link (issue 17). */
  bookingConfirm: '/booking/confirm/:token',
  /** Issue 36: where Stripe's page returns after paying a booking's deposit, or not. */
  bookingPaid: '/booking/paid',
  bookingNotPaid: '/booking/not-paid',
  approach: '/approach',
  qualifications: '/qualifications',
  terms: '/terms',
  cookies: '/cookies',
  /** The client's privacy notice (issue 15), drawn from the client record. */
  privacy: '/privacy',
  faqs: '/faqs',
  fees: '/fees',
  client: '/client',
  hub: '/hub',
  tech: '/tech',
  contact: '/contact',
  services: '/services',
  travelbooking: '/travelbooking',
  joinus: '/joinus',
  team: '/team',
  work: '/work',
  login: '/login',
  loginSetPassword: '/login/set-password',
  loginReset: '/login/reset',
  manage: '/manage',
  /** The host's screen: add and switch businesses (decision 0080). */
  operator: '/operator',
} as const;

export type RouteName = keyof typeof routeTable;

/**
 * The routes whose screen is the client's page content (src/common/content.ts): a heading and
 * blocks from the client record, or the generic page when the record has none for the route.
 */
export const contentPaths = [
  routeTable.about,
  routeTable.documentation,
  routeTable.nails,
  routeTable.galleries,
  routeTable.work,
  routeTable.services,
  routeTable.approach,
  routeTable.client,
  routeTable.hub,
  routeTable.tech,
  routeTable.qualifications,
  routeTable.terms,
  routeTable.cookies,
  routeTable.faqs,
  routeTable.joinus,
  routeTable.team,
] as const;
export type ContentPath = (typeof contentPaths)[number];

export const productCategories = [
  'oasis',
  'sunbeach',
  'spas',
  'haircare',
  'body',
  'extensions',
  'groceries',
] as const;
export type ProductCategory = (typeof productCategories)[number];

/** The product list routes' headings: `/products` (all) and one per category. */
export const categoryHeadings: Record<ProductCategory | 'all', string> = {
  all: 'All products',
  oasis: 'Oasis hot tubs',
  sunbeach: 'Sunbeach hot tubs',
  spas: 'Swim spas',
  haircare: 'Hair care',
  body: 'Body care',
  extensions: 'Hair extensions',
  groceries: 'Groceries',
};

const staticPaths = new Set<string>(Object.values(routeTable).filter((p) => !p.includes(':')));

/** True when the path (without query) is one the site knows. */
export function isKnownPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (staticPaths.has(path)) return true;
  // The back office routes its own screens (src/web/manage).
  if (/^\/manage(\/[a-z0-9-]+)+$/.test(path)) return true;
  if (/^\/booking\/(manage|confirm)\/[A-Za-z0-9_-]{43}$/.test(path)) return true;
  // A review link (issue 33): r1.<client>.<request id>.<signature>, see review-token.ts.
  if (/^\/review\/r1\.[A-Za-z0-9]{1,8}\.[0-9]{1,10}\.[A-Za-z0-9_-]{43}$/.test(path)) return true;
  return /^\/product\/[^/]+$/.test(path);
}

/**
 * Sign-in, the back office and the operator's screen: the pages that use the back office's
 * stylesheet (decision 0081). A visitor's private pages (a booking or review link, a payment's
 * return) are drawn with the site's styles alone.
 */
export function isBackOfficePath(pathname: string): boolean {
  return /^\/(login|manage|operator)(\/|$)/.test(pathname);
}

/** Sign-in, the back office and a visitor's booking link: never indexed by search engines. */
export function isPrivatePath(pathname: string): boolean {
  return /^\/(login|manage|operator|booking\/manage|booking\/confirm|review|checkout\/(paid|not-paid))(\/|$)/.test(
    pathname,
  );
}
