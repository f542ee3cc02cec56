import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { createLocalMediaStorage } from '../media/media-storage.js';
import type { PictureSetMaker } from '../media/picture-sets-on-demand.js';

/**
 * The built app's assets (named by content hash: cached for a year), the clients' pictures and
 * their themes. A file that is missing goes to the not-found handler (src/server/http/error-handler.ts).
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  config: ServerConfig,
  /** Makes a drawn picture's set on the first request for one of its files. */
  pictureSets?: PictureSetMaker,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(config.webDistDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    preCompressed: true,
  });
  // In a plugin of their own, so the hook runs for /media/ only: a global onRequest hook costs
  // every request (docs/decisions/0015-security-headers.md).
  await app.register(async (media) => {
    if (pictureSets) {
      media.addHook('onRequest', async (request) => {
        try {
          await pictureSets.ensure(request.url.split('?')[0] ?? '');
        } catch (error) {
          // The file stays missing and the static files answer 404; the picture's src still shows.
          request.log.warn({ err: error, url: request.url }, 'A picture set could not be made');
        }
      });
    }
    // The pictures on local disk (media/media-storage.ts); with a bucket they are served from its URL.
    const storage = createLocalMediaStorage(config.mediaDir);
    await media.register(fastifyStatic, {
      root: storage.localDirectory ?? config.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '7d',
      index: false,
    });
  });
  await app.register(fastifyStatic, {
    root: config.themesDir,
    prefix: '/themes/',
    decorateReply: false,
    maxAge: '1h',
    index: false,
  });
}
