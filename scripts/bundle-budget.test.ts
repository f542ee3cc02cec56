import { describe, expect, it } from 'vitest';
import {
  bundleBudgets,
  computeBundleSizes,
  isBackOfficeGroup,
  overBudget,
  type Manifest,
} from './bundle-budget.mjs';

/** A small app: entry with a vendor chunk; two lazy screens sharing a form chunk. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['screens/a.tsx', 'screens/b.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_forms.js': { file: 'assets/forms.js', imports: ['_vendor.js'] },
  'screens/a.tsx': {
    file: 'assets/a.js',
    src: 'screens/a.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_vendor.js', '_forms.js'],
  },
  'screens/b.tsx': {
    file: 'assets/b.js',
    src: 'screens/b.tsx',
    isDynamicEntry: true,
    imports: ['_forms.js'],
  },
  'manual.pdf': { file: 'assets/manual.pdf', src: 'manual.pdf', isDynamicEntry: true },
};

const kb = 1024;
const sizes: Record<string, number> = {
  'assets/index.js': 50 * kb,
  'assets/vendor.js': 30 * kb,
  'assets/forms.js': 20 * kb,
  'assets/a.js': 5 * kb,
  'assets/b.js': 15 * kb,
};
const sizeOf = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`measured a file that is not JavaScript: ${file}`);
  return size;
};

describe('computeBundleSizes', () => {
  it('counts the entry and everything it imports statically as the initial set', () => {
    const { initial } = computeBundleSizes(manifest, sizeOf);
    expect(initial.files.sort()).toEqual(['assets/index.js', 'assets/vendor.js']);
    expect(initial.bytes).toBe(80 * kb);
    expect(initial.budget).toBe(bundleBudgets.initialBytes);
  });

  it('counts each lazy screen with the static imports not already loaded by the initial set', () => {
    const { groups } = computeBundleSizes(manifest, sizeOf);
    expect(groups.map((g) => [g.name, g.bytes / kb])).toEqual([
      ['screens/a.tsx', 25],
      ['screens/b.tsx', 35],
    ]);
  });

  it('reports every group over its budget, with no exceptions', () => {
    expect(overBudget(computeBundleSizes(manifest, sizeOf)).map((g) => g.name)).toEqual([
      'screens/b.tsx',
    ]);
    const bigEntry = (file: string) => (file === 'assets/index.js' ? 70 * kb : sizeOf(file));
    expect(overBudget(computeBundleSizes(manifest, bigEntry)).map((g) => g.name)).toEqual([
      'initial (index.html)',
      'screens/b.tsx',
    ]);
  });

  it('passes a build whose groups are all within budget', () => {
    const smallForms = (file: string) => (file === 'assets/forms.js' ? 10 * kb : sizeOf(file));
    expect(overBudget(computeBundleSizes(manifest, smallForms))).toEqual([]);
  });

  it('refuses a manifest without exactly one entry', () => {
    expect(() => computeBundleSizes({ 'a.js': { file: 'a.js' } }, sizeOf)).toThrow(/one entry/);
  });
});

describe('a script entry beside the page (the boot script)', () => {
  const withBoot: Manifest = {
    ...manifest,
    'boot.ts': { file: 'assets/boot.js', src: 'boot.ts', isEntry: true },
  };
  const withBootSizes = (bootBytes: number) => (file: string) =>
    file === 'assets/boot.js' ? bootBytes : sizeOf(file);

  it('is measured on its own, not counted in the initial set', () => {
    const sizes = computeBundleSizes(withBoot, withBootSizes(900));
    expect(sizes.initial.bytes).toBe(80 * kb);
    expect(sizes.scripts).toEqual([
      {
        name: 'script boot.ts',
        files: ['assets/boot.js'],
        bytes: 900,
        budget: bundleBudgets.scriptEntryBytes,
      },
    ]);
  });

  it('fails the build over its budget', () => {
    const over = overBudget(computeBundleSizes(withBoot, withBootSizes(3 * kb)));
    expect(over.map((group) => group.name)).toContain('script boot.ts');
  });
});

describe('the back office budget', () => {
  /** A visitor screen and a back-office screen that lazily loads a 140 KB editor. */
  const withBackOffice: Manifest = {
    ...manifest,
    'manage/screens/products/products-page.tsx': {
      file: 'assets/products.js',
      src: 'manage/screens/products/products-page.tsx',
      isDynamicEntry: true,
      imports: ['_forms.js'],
      dynamicImports: ['manage/shared/rich-text-editor.tsx'],
    },
    'manage/shared/rich-text-editor.tsx': {
      file: 'assets/editor.js',
      src: 'manage/shared/rich-text-editor.tsx',
      isDynamicEntry: true,
    },
  };
  const withEditor = (editorBytes: number) => (file: string) =>
    file === 'assets/products.js'
      ? 25 * kb
      : file === 'assets/editor.js'
        ? editorBytes
        : file === 'assets/forms.js'
          ? 10 * kb
          : sizeOf(file);

  it('lets a back-office group hold a real editor while visitor groups keep 30 KB', () => {
    const sizes = computeBundleSizes(withBackOffice, withEditor(140 * kb));
    const budgetOf = (name: string) => sizes.groups.find((g) => g.name === name)?.budget;
    expect(budgetOf('manage/shared/rich-text-editor.tsx')).toBe(bundleBudgets.backOfficeGroupBytes);
    expect(budgetOf('manage/screens/products/products-page.tsx')).toBe(
      bundleBudgets.backOfficeGroupBytes,
    );
    expect(budgetOf('screens/a.tsx')).toBe(bundleBudgets.lazyGroupBytes);
    expect(overBudget(sizes)).toEqual([]);
    expect(bundleBudgets.lazyGroupBytes).toBe(30 * kb);
  });

  it('still fails a back-office group over its own budget', () => {
    const over = overBudget(computeBundleSizes(withBackOffice, withEditor(200 * kb)));
    expect(over.map((g) => g.name)).toEqual(['manage/shared/rich-text-editor.tsx']);
  });

  it('is only for entries under src/web/manage', () => {
    expect(isBackOfficeGroup('manage/app/manage-app.tsx')).toBe(true);
    expect(isBackOfficeGroup('features/shop/checkout-page.tsx')).toBe(false);
    expect(isBackOfficeGroup('features/booking/manage-booking-page.tsx')).toBe(false);
  });
});
