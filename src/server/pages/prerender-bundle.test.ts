import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../../../scripts/ensure-build.mjs';

const serverBundleDir = join(import.meta.dirname, '../../../dist/web/server');

/** The built prerender bundle's JavaScript: the entry and the chunks it loads. */
function bundleSource(): string {
  const assets = join(serverBundleDir, 'assets');
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
  return [
    readFileSync(join(serverBundleDir, 'entry-server.js'), 'utf8'),
    ...chunks.map((name) => readFileSync(join(assets, name), 'utf8')),
  ].join('\n');
}

describe('the built prerender bundle', () => {
  beforeAll(async () => {
    // Built by `npm test` before the tests; built here when run alone and stale.
    await ensureBuild();
  }, 180_000);

  it("renders with React's production build, whatever NODE_ENV the server runs under", () => {
    const source = bundleSource();
    // React picks its build from NODE_ENV when first imported: a package imported from
    // node_modules would render with the development build under `npm start` without
    // NODE_ENV=production (decision 0089). Only Node's own modules and the bundle's chunks.
    // Import statements start a line; the packages' comments, kept in the bundle, quote some.
    const imports = [
      ...source.matchAll(/^import\b[^;]*?["']([^"']+)["'];?$/gm),
      ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ];
    expect(imports.length, 'the bundle imports its chunks').toBeGreaterThan(0);
    const packageImports = imports
      .map((match) => match[1])
      .filter((specifier) => !specifier?.startsWith('node:') && !specifier?.startsWith('.'));
    expect(packageImports).toEqual([]);
    expect(source).not.toContain('process.env.NODE_ENV');
    expect(source).toContain('react-dom-server.node.production');
    expect(source).not.toContain('react-dom-server.node.development');
  });
});
