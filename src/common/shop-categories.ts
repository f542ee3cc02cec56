// zod/mini: the back office parses what the owner categories API answers with it.
import * as z from 'zod/mini';
import { routeTable } from './routes.js';
import { singleLineChecks } from './text-rules.js';

/**
 * A client's own product categories (issue 35, docs/decisions/0069-…): the owner adds, renames,
 * reorders and hides them; a product's `category` is one of its client's slugs. The built-in
 * slugs are the spec's (oasis, sunbeach, spas; BBG's haircare …), each with its list page route.
 */
export const shopCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  position: z.number(),
  hidden: z.boolean(),
  /** Send back on a rename or hide: a changed version answers 409. */
  version: z.number(),
  /** How many products (hidden ones too) are in it. */
  productCount: z.number(),
});
export type ShopCategory = z.infer<typeof shopCategorySchema>;

export const shopCategoryListSchema = z.object({ categories: z.array(shopCategorySchema) });
export type ShopCategoryList = z.infer<typeof shopCategoryListSchema>;

export const maxCategoryNameLength = 60;

const categoryName = z
  .string({ error: 'Please enter the category’s name' })
  .check(
    z.trim(),
    z.minLength(1, 'Please enter the category’s name'),
    z.maxLength(
      maxCategoryNameLength,
      `Please keep the name under ${maxCategoryNameLength} characters`,
    ),
    ...singleLineChecks(),
  );

/** POST /api/manage/shop-categories: a new category, shown, after the others. */
export const newShopCategorySchema = z.object({ name: categoryName });
export type NewShopCategory = z.infer<typeof newShopCategorySchema>;

/** PUT /api/manage/shop-categories/:slug: its name and whether it is hidden, at a version. */
export const shopCategoryEditSchema = z.object({
  name: categoryName,
  hidden: z.boolean({ error: 'hidden is true or false' }),
  version: z.number({ error: 'version is a number' }).check(z.int('version is a number')),
});
export type ShopCategoryEdit = z.infer<typeof shopCategoryEditSchema>;

/** POST /api/manage/shop-categories/order: every slug, in the new order. */
export const shopCategoryOrderSchema = z.object({
  slugs: z
    .array(z.string().check(z.maxLength(40)))
    .check(z.minLength(1, 'slugs lists the categories in their new order')),
});

export { builtInCategories, builtInCategoryName } from './built-in-categories.js';
import { builtInCategories } from './built-in-categories.js';

/** Where a built-in category goes in a new client's list (1-based); others after them. */
export function builtInCategoryPosition(slug: string): number {
  const index = builtInCategories.findIndex((c) => c.slug === slug);
  return index === -1 ? builtInCategories.length + 1 : index + 1;
}

/**
 * Slugs a new category may not take: its list page is /its-slug, so never a page of the site
 * (about, cart, product …), nor a path the server answers itself (api, media, health …), nor
 * "all", which names the list of every product.
 */
export const reservedCategorySlugs: ReadonlySet<string> = new Set([
  ...Object.values(routeTable).map((path) => path.split('/')[1] ?? ''),
  'all',
  'api',
  'assets',
  'media',
  'calendar',
  'health',
  'metrics',
  'icons',
  'not-found',
  'themes',
]);

/**
 * A new category's slug from its name: lower-case letters, digits and hyphens, at most 40; taken
 * or reserved slugs get -2, -3 … so two categories never share one and none hides a page.
 */
export function slugForName(name: string, takenSlugs: ReadonlySet<string>): string {
  const taken = { has: (slug: string) => takenSlugs.has(slug) || reservedCategorySlugs.has(slug) };
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'category';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
