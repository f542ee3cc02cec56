// Pure budget arithmetic over Vite's build manifest (dist/.vite/manifest.json), kept apart from
// the file system so it can be unit tested. Sizes are gzipped bytes supplied by the caller.

/** Issue 7: JavaScript to show the home page, and each lazily loaded screen group. */
export const bundleBudgets = { initialBytes: 90 * 1024, lazyGroupBytes: 30 * 1024 };

/**
 * Screen groups that are over the 30 KB target today, each held at a cap (KB gzipped) so that
 * they cannot grow by more than about 1 KB while the debt stands; a group not listed here must meet the target. They
 * carry full zod (about 23 KB: the shared schemas), react-hook-form (13 KB) and, for data
 * screens, TanStack Query (8 KB). docs/decisions/page-speed.md says how to pay this down; lower
 * a cap or remove the entry when a group shrinks.
 */
export const knownOverages = {
  'features/booking/booking-page.tsx': 53,
  'features/enquiry/contact-form.tsx': 41,
  'features/enquiry/contact-page.tsx': 42,
  'features/enquiry/travel-booking-page.tsx': 42,
  'features/shop/cart-page.tsx': 39,
  'features/shop/checkout-page.tsx': 53,
  'features/shop/product-list-page.tsx': 36,
  'features/shop/product-page.tsx': 50,
  'features/site/screens/reviews-screen.tsx': 35,
};

/** Keys of `start` and every chunk it statically imports, directly or not. */
function staticClosure(manifest, start) {
  const seen = new Set();
  const pending = [start];
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk "${key}"`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

const isJavaScript = (file) => /\.m?js$/.test(file);

/**
 * The initial set is the entry (index.html) with its static imports; the home screen is part of
 * it. Each dynamic entry is a lazy screen group: its chunk plus the static imports not already in
 * the initial set. `gzipSizeOf(file)` returns the gzipped size of one emitted file.
 */
export function computeBundleSizes(manifest, gzipSizeOf, overages = knownOverages) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) {
    throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}`);
  }
  const sizeOfChunks = (keys) =>
    [...keys]
      .map((key) => manifest[key].file)
      .filter(isJavaScript)
      .reduce((sum, file) => sum + gzipSizeOf(file), 0);

  const initial = staticClosure(manifest, entries[0]);
  const groups = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && isJavaScript(manifest[key].file))
    .map((key) => {
      const extra = [...staticClosure(manifest, key)].filter((k) => !initial.has(k));
      const name = manifest[key].src ?? key;
      const cap = overages[name];
      return {
        name,
        files: extra.map((k) => manifest[k].file),
        bytes: sizeOfChunks(extra),
        budget: bundleBudgets.lazyGroupBytes,
        ...(cap === undefined ? {} : { cap: cap * 1024 }),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  return {
    initial: {
      name: `initial (${manifest[entries[0]].src ?? entries[0]})`,
      files: [...initial].map((k) => manifest[k].file),
      bytes: sizeOfChunks(initial),
      budget: bundleBudgets.initialBytes,
    },
    groups,
  };
}

/** The limit that fails the build: the budget, or a known overage's cap. */
export const limitOf = (group) => group.cap ?? group.budget;

/** Every measured group that is over the limit that fails the build. */
export function overBudget(sizes) {
  return [sizes.initial, ...sizes.groups].filter((group) => group.bytes > limitOf(group));
}
