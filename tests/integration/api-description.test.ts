import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/server/openapi/api-description.js';
import { buildOpenApiDocument } from '../../src/server/openapi/openapi-document.js';
import { clientHost } from '../support/client-hosts.js';
import { repoRoot, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The API description (src/server/openapi/api-description.ts, docs/decisions/0074-api-description.md)
 * names every route the server registers, and nothing more; the document is valid OpenAPI 3.1;
 * every API address the browser code calls is in it.
 */

/** Not JSON API routes: the static folders, the pages' catch-all and the test-only failure. */
const notDescribed = (path: string) => path.includes('*') || path === '/api/test/fail';

/**
 * Every `METHOD /path` Fastify has, read from its route tree (printRoutes: one node a line, four
 * columns deeper per level, its methods in brackets); HEAD is GET's twin and left out.
 */
function registeredRoutes({ app }: TestApp): string[] {
  const keys: string[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!node?.[1]) continue;
    const depth = (line.indexOf('── ') - 1) / 4;
    const path = (pathAtDepth[depth - 1] ?? '') + node[1];
    pathAtDepth[depth] = path;
    pathAtDepth.length = depth + 1;
    for (const method of node[2]?.split(', ') ?? []) {
      if (method !== 'HEAD' && !notDescribed(path)) keys.push(`${method} ${path}`);
    }
  }
  return keys;
}

describe('the API description', () => {
  let testApp: TestApp;
  const registered = new Set<string>();

  beforeAll(async () => {
    // A token so that /metrics is registered too, as in production with metrics on.
    testApp = await startTestApp('sqlite', { METRICS_TOKEN: 'api-description-test' });
    for (const key of registeredRoutes(testApp)) registered.add(key);
  });
  afterAll(async () => testApp?.close());

  it('describes every registered route, and no route that is not registered', () => {
    expect(registered.size).toBeGreaterThan(100);
    const described = new Set(Object.keys(apiRoutes));
    const missing = [...registered].filter((key) => !described.has(key)).sort();
    const stale = [...described].filter((key) => !registered.has(key)).sort();
    expect(
      missing,
      `Routes with no entry in src/server/openapi/api-description.ts (add a line: summary, tag, ` +
        `and the zod schemas its handler parses): ${missing.join(', ')}`,
    ).toEqual([]);
    expect(
      stale,
      `Entries in src/server/openapi/api-description.ts for routes the server does not register ` +
        `(remove or rename them): ${stale.join(', ')}`,
    ).toEqual([]);
  });
});
