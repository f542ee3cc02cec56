import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import { listProducts } from '../catalogue/catalogue-store.js';
import { withShownCategories } from '../catalogue/shop-categories-store.js';
import { findClientSavedAt } from '../clients/client-registry-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { createLocalMediaStorage } from '../media/media-storage.js';
import { siteOrigin } from '../pages/page-head.js';
import { drawClientIcons, type ClientIcons } from './icons.js';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.js';

/** The site's own address for the client, else the one the request came to (a client on trial). */
function originFor(request: FastifyRequest, client: ClientConfig): string {
  return siteOrigin(client) ?? `${request.protocol}://${request.host}`;
}

/**
 * What crawlers and browsers ask for at a site's root, per client host (issue 15): /robots.txt,
 * /sitemap.xml, /favicon.ico, /apple-touch-icon.png, and the logo pictures the page head names
 * (/logo.png for structured data, /share-image.png for link previews).
 */
export const seoRoutes: FastifyPluginAsync<AppDeps> = async (
  app,
  { config, db, changes, referenceCache },
) => {
  // Icons are drawn on a client's first request and kept until its data changes (a new logo).
  const icons = new Map<string, Promise<ClientIcons>>();
  const media = createLocalMediaStorage(config.mediaDir);
  const changedAt = new Map<string, Date>();
  changes.onChange((code) => {
    icons.delete(code);
    changedAt.set(code, new Date());
  });

  const iconsOf = (client: ClientConfig): Promise<ClientIcons> => {
    let drawn = icons.get(client.name);
    if (!drawn) {
      drawn = drawClientIcons(media, client);
      drawn.catch(() => icons.delete(client.name));
      icons.set(client.name, drawn);
    }
    return drawn;
  };

  /** When the client's pages last changed: its record's last save, or a later change signal. */
  const lastModified = async (client: ClientConfig): Promise<Date> => {
    const savedAt = await findClientSavedAt(db, client.name);
    const saved = savedAt ? new Date(savedAt) : new Date(0);
    const signalled = changedAt.get(client.name);
    return signalled && signalled > saved ? signalled : saved;
  };

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(request.client, originFor(request, request.client))),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    // The shop's categories as the owner set them: a hidden one's list is not offered.
    const client = await withShownCategories(db, referenceCache, request.client);
    const products = await listProducts(db, client, undefined);
    const xml = sitemapXml(
      originFor(request, client),
      sitemapPaths(
        client,
        products.map((product) => product.id),
      ),
      await lastModified(client),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });

  const icon =
    (pick: (drawn: ClientIcons) => Buffer, type: string) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(pick(await iconsOf(request.client)));
  app.get(
    '/favicon.ico',
    icon((drawn) => drawn.favicon, 'image/x-icon'),
  );
  app.get(
    '/apple-touch-icon.png',
    icon((drawn) => drawn.appleTouchIcon, 'image/png'),
  );
  app.get(
    '/logo.png',
    icon((drawn) => drawn.logo, 'image/png'),
  );
  app.get(
    '/share-image.png',
    icon((drawn) => drawn.shareImage, 'image/png'),
  );
};
