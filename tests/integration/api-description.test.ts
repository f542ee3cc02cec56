import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/server/openapi/api-description.js';
import { buildOpenApiDocument } from '../../src/server/openapi/openapi-document.js';
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
    // Tokens so that /metrics and the operator's API are registered too, as in production.
    testApp = await startTestApp('sqlite', {
      METRICS_TOKEN: 'api-description-test',
      OPERATOR_TOKEN: 'api-description-operator',
    });
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

  it('serves a valid OpenAPI 3.1 document, and the readable page outside production', async () => {
    const answer = await testApp.app.inject({
      url: '/api/openapi.json',
      headers: { host: 'se.localhost' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toContain('public');
    const document = answer.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(answer.json<Record<string, unknown>>());
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
    // Every route is an operation, and the shared schemas came through.
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(Object.keys(apiRoutes).length);
    const staffEdit = document.paths['/api/manage/staff/{id}']?.put;
    expect(staffEdit?.['x-access']).toBe('owner');
    expect(JSON.stringify(staffEdit?.requestBody)).toContain('"version"');
    expect(document.paths['/api/manage/diary']?.get?.['x-access']).toBe('owner-or-staff');
    expect(Object.keys(document.paths['/api/manage/staff']?.post?.responses ?? {})).toContain(
      '201',
    );

    const page = await testApp.app.inject({ url: '/api/docs', headers: { host: 'se.localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/manage/staff/{id}');
  });

  it('has every API address the browser code calls', () => {
    const document = JSON.parse(JSON.stringify(buildOpenApiDocument('test'))) as OpenApiDocument;
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method, path: path.replace(/\{(\w+)\}/g, '$1') })),
    );
    const unknown: string[] = [];
    for (const { file, address } of browserApiAddresses()) {
      // A `${…}` part stands for any text; a query string is not part of the route.
      const pattern = new RegExp(
        `^${address
          .split(/\$\{[^}]*\}/)
          .map((part) => part.split('?')[0]!.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('[^?]*')}$`,
      );
      const bare = address.split('?')[0]!;
      const matches = described.some(({ path }) => pattern.test(path) || path === bare);
      if (!matches) unknown.push(`${address} (${file})`);
    }
    expect(
      unknown,
      `The browser calls addresses the API description does not have: ${unknown.join(', ')}`,
    ).toEqual([]);
  });
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { 'x-access'?: string; requestBody?: unknown; responses?: object }>
  >;
}

/** The '/api/…' string and template literals in the browser code (src/web, tests left out). */
function browserApiAddresses(): { file: string; address: string }[] {
  const found: { file: string; address: string }[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/['`](\/api\/[^'`\s]*)['`]/g)) {
          found.push({ file: relative(repoRoot, path), address: match[1]! });
        }
      }
    }
  };
  walk(join(repoRoot, 'src/web'));
  return found;
}
