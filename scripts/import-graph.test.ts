import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  findBoundaryBreaks,
  findCycles,
  projectBoundaries,
} from './import-graph.mjs';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A throw-away project tree from `path → source`. */
function projectWith(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

const aliases: Array<[string, string]> = [
  ['@/', 'src/web/'],
  ['@common/', 'src/common/'],
];

describe('the import graph', () => {
  it('resolves .js to .ts, folders to index files, aliases, and ignores packages and assets', () => {
    const dir = projectWith({
      'src/web/main.tsx': `import { a } from './lib/a'; import '@/lib'; import x from 'react';
        import url from './x.vtt?url'; import type { C } from '@common/c';`,
      'src/web/lib/a.ts': `export const a = 1;`,
      'src/web/lib/index.ts': `export {};`,
      'src/common/c.ts': `export type C = 1;`,
      'src/server/s.ts': `export { c } from '../common/c.js';`,
    });
    const graph = buildImportGraph(dir, ['src'], aliases);
    expect(graph.get('src/web/main.tsx')).toEqual([
      'src/common/c.ts',
      'src/web/lib/a.ts',
      'src/web/lib/index.ts',
    ]);
    expect(graph.get('src/server/s.ts')).toEqual(['src/common/c.ts']);
  });

  it('finds a cycle made only of type imports, which ESLint import-x/no-cycle does not see', () => {
    const dir = projectWith({
      'src/server/app.ts': `import type { Deps } from './routes/r.js'; export type App = Deps;`,
      'src/server/routes/r.ts': `import type { App } from '../app.js'; export type Deps = App;`,
      'src/server/alone.ts': `import './routes/r.js';`,
    });
    expect(findCycles(buildImportGraph(dir, ['src']))).toEqual([
      ['src/server/app.ts', 'src/server/routes/r.ts'],
    ]);
  });

  it('finds a longer cycle, a file importing itself, and nothing in a tree without cycles', () => {
    const dir = projectWith({
      'src/a.ts': `import './b';`,
      'src/b.ts': `import './c';`,
      'src/c.ts': `import './a'; import './d';`,
      'src/d.ts': `export {};`,
      'src/self.ts': `import './self';`,
    });
    expect(findCycles(buildImportGraph(dir, ['src']))).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts'],
      ['src/self.ts'],
    ]);
    const acyclic = projectWith({ 'src/a.ts': `import './b';`, 'src/b.ts': `export {};` });
    expect(findCycles(buildImportGraph(acyclic, ['src']))).toEqual([]);
  });

  it('names each import across a boundary, and leaves tests and allowed directions alone', () => {
    const dir = projectWith({
      'src/common/c.ts': `import '../server/kernel/k';`,
      'src/server/kernel/k.ts': `export {};`,
      'src/server/booking/b.ts': `import '../http/build-app'; import '../kernel/k';`,
      'src/server/booking/b.test.ts': `import '../http/build-app';`,
      'src/server/http/build-app.ts': `import '../booking/b';`,
      'src/web/app/router.tsx': `import '@/features/shop/page'; import '@/manage/app/manage-routes';`,
      'src/web/features/shop/page.tsx': `import '@/app/router'; import '@/features/booking/x'; import './y';`,
      'src/web/features/shop/y.ts': `export {};`,
      'src/web/features/booking/x.ts': `import '@/lib/api';`,
      'src/web/manage/app/manage-routes.tsx': `export {};`,
      'src/web/lib/api.ts': `import '@/features/shop/y';`,
    });
    const breaks = findBoundaryBreaks(buildImportGraph(dir, ['src'], aliases), projectBoundaries);
    expect(breaks.map(({ file, target }) => `${file} → ${target}`).sort()).toEqual([
      'src/common/c.ts → src/server/kernel/k.ts',
      'src/server/booking/b.ts → src/server/http/build-app.ts',
      'src/web/features/shop/page.tsx → src/web/app/router.tsx',
      'src/web/features/shop/page.tsx → src/web/features/booking/x.ts',
      'src/web/lib/api.ts → src/web/features/shop/y.ts',
    ]);
    expect(breaks.find((b) => b.file === 'src/web/features/shop/page.tsx')?.message).toMatch(
      /does not import the app shell/,
    );
  });

  it('keeps the back office apart: only the router imports its entry, screens stay apart', () => {
    const dir = projectWith({
      'src/web/app/router.tsx': `import '@/manage/app/manage-routes'; import '@/manage/screens/diary/page';`,
      'src/web/app/shell/menu.tsx': `import '@/manage/shared/session-api';`,
      'src/web/features/shop/page.tsx': `import '@/manage/screens/orders/page';`,
      'src/web/lib/api.ts': `import '@/manage/shared/session-api';`,
      'src/web/manage/app/manage-routes.tsx': `import('@/manage/app/manage-app');`,
      'src/web/manage/app/manage-app.tsx': `import '@/manage/screens/home/home'; import '@/manage/shared/session-api'; import('@/manage/screens/diary/page');`,
      'src/web/manage/screens/home/home.tsx': `import '@/manage/shared/session-api'; import './home-api';`,
      'src/web/manage/screens/home/home-api.ts': `import '@/lib/api';`,
      'src/web/manage/screens/diary/page.tsx': `import '@/manage/screens/hours/hours-api'; import '@/manage/app/manage-app';`,
      'src/web/manage/screens/hours/hours-api.ts': `import '@/features/shop/page';`,
      'src/web/manage/screens/orders/page.tsx': `import type { X } from '@/manage/screens/diary/page';`,
      'src/web/manage/shared/session-api.ts': `import '@/lib/api';`,
      'src/web/manage/shared/section.ts': `import type { Y } from '@/manage/screens/home/home'; import '@/manage/app/manage-app';`,
    });
    const breaks = findBoundaryBreaks(buildImportGraph(dir, ['src'], aliases), projectBoundaries);
    expect(breaks.map(({ file, target }) => `${file} → ${target}`).sort()).toEqual([
      'src/web/app/router.tsx → src/web/manage/screens/diary/page.tsx',
      'src/web/app/shell/menu.tsx → src/web/manage/shared/session-api.ts',
      'src/web/features/shop/page.tsx → src/web/manage/screens/orders/page.tsx',
      'src/web/lib/api.ts → src/web/manage/shared/session-api.ts',
      'src/web/lib/api.ts → src/web/manage/shared/session-api.ts',
      'src/web/manage/screens/diary/page.tsx → src/web/manage/app/manage-app.tsx',
      'src/web/manage/screens/diary/page.tsx → src/web/manage/screens/hours/hours-api.ts',
      'src/web/manage/screens/hours/hours-api.ts → src/web/features/shop/page.tsx',
      'src/web/manage/screens/orders/page.tsx → src/web/manage/screens/diary/page.tsx',
      'src/web/manage/shared/section.ts → src/web/manage/app/manage-app.tsx',
      'src/web/manage/shared/section.ts → src/web/manage/screens/home/home.tsx',
    ]);
    const messageOf = (file: string, target: string) =>
      breaks.filter((b) => b.file === file && b.target === target).map((b) => b.message);
    expect(
      messageOf('src/web/manage/screens/orders/page.tsx', 'src/web/manage/screens/diary/page.tsx'),
    ).toEqual([expect.stringMatching(/imports neither another screen/)]);
    expect(
      messageOf('src/web/manage/shared/section.ts', 'src/web/manage/screens/home/home.tsx'),
    ).toEqual([expect.stringMatching(/shared parts import no screen/)]);
  });

  it('passes on the real tree, and fails on a screen importing another planted in it', () => {
    const graph = buildImportGraph(process.cwd(), ['src'], aliases);
    expect(findBoundaryBreaks(graph, projectBoundaries)).toEqual([]);
    graph.set('src/web/manage/screens/orders/orders-page.tsx', [
      ...(graph.get('src/web/manage/screens/orders/orders-page.tsx') ?? []),
      'src/web/manage/screens/diary/diary-api.ts',
    ]);
    expect(findBoundaryBreaks(graph, projectBoundaries).map((b) => b.target)).toEqual([
      'src/web/manage/screens/diary/diary-api.ts',
    ]);
  });
});
