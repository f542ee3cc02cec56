// Plain data, no schema library: the site's header (site-menu.ts) reads it on every page.

/** The spec's categories, in its order, with the names the site has always shown. */
export const builtInCategories: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: 'oasis', name: 'Oasis hot tubs' },
  { slug: 'sunbeach', name: 'Sunbeach hot tubs' },
  { slug: 'spas', name: 'Swim spas' },
  { slug: 'haircare', name: 'Hair care' },
  { slug: 'body', name: 'Body care' },
  { slug: 'extensions', name: 'Hair extensions' },
  { slug: 'groceries', name: 'Groceries' },
];

export function builtInCategoryName(slug: string): string {
  return builtInCategories.find((c) => c.slug === slug)?.name ?? slug;
}
