import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { createLocalMediaStorage } from '../media/media-storage.js';

/**
 * The built app's assets (named by content hash: cached for a year), the clients' pictures and
 * their themes. A file that is missing goes to the not-found handler (src/server/http/error-handler.ts).
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  config: ServerConfig,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(config.webDistDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    preCompressed: true,
  });
  // The pictures on local disk (media/media-storage.ts); with a bucket they are served from its URL.
  const media = createLocalMediaStorage(config.mediaDir);
  await app.register(fastifyStatic, {
    root: media.localDirectory ?? config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
    index: false,
  });
  await app.register(fastifyStatic, {
    root: config.themesDir,
    prefix: '/themes/',
    decorateReply: false,
    maxAge: '1h',
    index: false,
  });
}
