import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from './api-description.js';
import { accessOf, buildOpenApiDocument, openApiPath } from './openapi-document.js';

export interface OpenApiRoutesOptions {
  version: string;
  /** The readable page (/api/docs) is for development; production serves only the JSON. */
  withPage: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A plain page of the API, grouped by tag: no UI bundle, made from the same document. */
export function renderApiPage(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = (operation.tags as string[])[0] ?? 'other';
      const details = JSON.stringify(
        { parameters: operation.parameters, requestBody: operation.requestBody },
        null,
        2,
      );
      const item =
        `<li><code>${method.toUpperCase()} ${escapeHtml(path)}</code> ` +
        `${escapeHtml(String(operation.summary))} <small>(${escapeHtml(String(operation['x-access']))}; ` +
        `${Object.keys(operation.responses as object).join(', ')})</small>` +
        `<details><summary>Request</summary><pre>${escapeHtml(details)}</pre></details></li>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), item]);
    }
  }
  const sections = [...byTag]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, items]) => `<h2>${escapeHtml(tag)}</h2><ul>${items.join('')}</ul>`)
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Highstreet HTTP API</title>' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}' +
    'li{margin:.4rem 0}pre{background:#f4f4f4;padding:.5rem;overflow:auto}</style></head><body>' +
    '<h1>Highstreet HTTP API</h1><p>The same as <a href="/api/openapi.json">/api/openapi.json</a> ' +
    `(OpenAPI 3.1), ${Object.keys(apiRoutes).length} routes.</p>${sections}</body></html>`
  );
}

/** The document, and its JSON and page, each made on the first request for it, once per process. */
const madeForVersion = new Map<
  string,
  {
    document: Record<string, unknown>;
    json?: string;
    page?: string;
  }
>();

function made(version: string, part: 'json' | 'page'): string {
  let entry = madeForVersion.get(version);
  if (!entry) {
    entry = { document: buildOpenApiDocument(version) };
    madeForVersion.set(version, entry);
  }
  entry[part] ??= part === 'json' ? JSON.stringify(entry.document) : renderApiPage(entry.document);
  return entry[part];
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the HTTP API (openapi/api-description.ts),
 * public and the same for every client, made once, when first asked for: a start does not pay for
 * a document few requests ask for. GET /api/docs: the same as a page, outside production.
 */
export const openApiRoutes: FastifyPluginAsync<OpenApiRoutesOptions> = async (
  app,
  { version, withPage },
) => {
  app.get('/api/openapi.json', async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(made(version, 'json')),
  );
  if (withPage) {
    app.get('/api/docs', async (_request, reply) =>
      reply.header('content-type', 'text/html; charset=utf-8').send(made(version, 'page')),
    );
  }
};

export { accessOf, openApiPath };
