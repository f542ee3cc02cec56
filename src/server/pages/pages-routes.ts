import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import { isKnownPath, isPrivatePath } from '../../common/routes.js';
import type { ServerConfig } from '../config.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { deferAppScripts, findBootScript } from './app-boot.js';
import { compressPage } from './compress-page.js';
import { inlineStylesheets, renderPage } from './html.js';
import { createPageHeads } from './page-heads.js';
import { pageData } from './page-data.js';
import { loadPrerender } from './prerender.js';

export interface PagesOptions extends AppDeps {
  /** The page template; defaults to the built dist/web/index.html. */
  indexHtml?: string | undefined;
}

/** Files a browser asks for at the root that we do not have: a plain 404, not the app. */
const rootFiles = new Set(['robots.txt', 'favicon.ico']);

/** A text file's content, or undefined when it cannot be read. */
function readTextFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The built page template, with the app's stylesheet inlined and its scripts loaded after the
 * first paint by a boot script (docs/decisions/page-speed.md).
 */
function readIndexTemplate(config: ServerConfig): string {
  const file = join(config.webDistDir, 'index.html');
  if (!existsSync(file)) {
    throw new Error(`The web app is not built (${file} is missing). Run "npm run build" first.`);
  }
  const template = inlineStylesheets(readFileSync(file, 'utf8'), (assetPath) =>
    readTextFile(join(config.webDistDir, 'assets', assetPath)),
  );
  return deferAppScripts(template, findBootScript(config.webDistDir));
}

/**
 * Each client's theme goes into its pages inline; read once in production, on every page in
 * development so that editing a theme shows on reload.
 */
function createThemeReader(config: ServerConfig): (client: ClientConfig) => string | undefined {
  const themes = new Map<string, string | undefined>();
  return (client) => {
    if (themes.has(client.name)) return themes.get(client.name);
    const css = readTextFile(join(config.themesDir, `${client.name}.css`));
    if (config.env === 'production') themes.set(client.name, css);
    return css;
  };
}

/**
 * The site's pages: every GET path no other route takes is a page of the app, prerendered for
 * the request's client with the data its screen reads first. A path the app knows answers 200;
 * any other still gets the app, which shows its not-found screen, with 404.
 */
export const pagesRoutes: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const { config, db, indexHtml } = options;
  const template = indexHtml ?? readIndexTemplate(config);
  // Without an injected template (tests) or a prerender bundle, pages go out with an empty #root.
  const prerender = indexHtml ? undefined : await loadPrerender(config.webDistDir, app.log);
  const themeCss = createThemeReader(config);

  const headFor = createPageHeads(config.mediaDir);

  const pageHtml = async (url: string, client: ClientConfig, origin: string): Promise<string> => {
    const path = url.split('?')[0] ?? '/';
    const page = await pageData(db, client, path);
    if (isPrivatePath(path)) page.noindex = true;
    const appHtml = await prerender?.(url, client, page.queries);
    const head = await headFor(client, path, page.product, origin);
    return renderPage(template, client, appHtml, page, themeCss(client), head);
  };

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (rootFiles.has(path.slice(1))) return reply.callNotFound();
    const origin = `${request.protocol}://${request.host}`;
    const html = await pageHtml(request.url, request.client, origin);
    const { body, encoding } = compressPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    if (isPrivatePath(path)) reply.header('x-robots-tag', 'noindex, nofollow');
    return reply
      .code(isKnownPath(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  });
};
