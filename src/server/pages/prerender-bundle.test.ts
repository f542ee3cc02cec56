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
    const packageImports = [
      ...source.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g),
    ]
      .map((match) => match[1])
      .filter((specifier) => !specifier?.startsWith('node:'));
    expect(packageImports).toEqual([]);
    expect(source).not.toContain('process.env.NODE_ENV');
    expect(source).toContain('react-dom-server.node.production');
    expect(source).not.toContain('react-dom-server.node.development');
  });
});
