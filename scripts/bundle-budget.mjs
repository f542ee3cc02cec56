// Pure budget arithmetic over Vite's build manifest (dist/.vite/manifest.json), kept apart from
// the file system so it can be unit tested. Sizes are gzipped bytes supplied by the caller.

/**
 * Issue 7: JavaScript to show the home page, and each lazily loaded screen group. A script entry
 * beside the page (the boot script, src/web/boot.ts) is loaded by every page before the app, so it
 * has a small budget of its own. The initial set grew from 90 to 91 KB with issue 29: the screens'
 * error boundary (never a blank page) and the API client's no-answer rule; and to 92 KB with
 * issues 35–37: the menu built from the owner's categories, the route-branch memo that cuts the
 * server's render, and the back-office stylesheet's loader that took 31 KB of CSS off every
 * visitor's page (docs/decisions/0014-page-speed.md, "Budgets in the build").
 */
export const bundleBudgets = {
  initialBytes: 92 * 1024,
  lazyGroupBytes: 30 * 1024,
  scriptEntryBytes: 2 * 1024,
  /**
   * Issue 31: a lazy group of the back office (src/web/manage, the owner's app) may be larger, so
   * a real rich-text editor (about 100–150 KB gzipped) fits beside its screen. Visitors never
   * load these groups; what a back-office screen shares with a visitor screen is counted in the
   * visitor's group against the 30 KB budget too (docs/decisions/0014-page-speed.md).
   */
  backOfficeGroupBytes: 180 * 1024,
};

/** A lazy group of the back office: its entry lies under src/web/manage (Vite's root is src/web). */
export const isBackOfficeGroup = (name) => name.startsWith('manage/');

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
 * The initial set is the entry page (index.html) with its static imports (the home screen is a
 * lazy group since issue 37: it reads its site text with TanStack Query). Each dynamic entry is a lazy screen group: its chunk plus the static imports not already
 * in the initial set. Each other entry (a script, not a page) is measured with everything it
 * imports. `gzipSizeOf(file)` returns the gzipped size of one emitted file.
 */
export function computeBundleSizes(manifest, gzipSizeOf) {
  const allEntries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const entries = allEntries.filter((key) => key.endsWith('.html'));
  if (entries.length !== 1) {
    throw new Error(`Expected one entry page (.html) in the manifest, found ${entries.length}`);
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
      return {
        name,
        files: extra.map((k) => manifest[k].file),
        bytes: sizeOfChunks(extra),
        budget: isBackOfficeGroup(name)
          ? bundleBudgets.backOfficeGroupBytes
          : bundleBudgets.lazyGroupBytes,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  const scripts = allEntries
    .filter((key) => !entries.includes(key))
    .map((key) => {
      const files = [...staticClosure(manifest, key)];
      return {
        name: `script ${manifest[key].src ?? key}`,
        files: files.map((k) => manifest[k].file),
        bytes: sizeOfChunks(files),
        budget: bundleBudgets.scriptEntryBytes,
      };
    });

  return {
    scripts,
    initial: {
      name: `initial (${manifest[entries[0]].src ?? entries[0]})`,
      files: [...initial].map((k) => manifest[k].file),
      bytes: sizeOfChunks(initial),
      budget: bundleBudgets.initialBytes,
    },
    groups,
  };
}

/** Every measured group that is over its budget; any one fails the build. */
export function overBudget(sizes) {
  return [sizes.initial, ...sizes.groups, ...sizes.scripts].filter(
    (group) => group.bytes > group.budget,
  );
}
