/**
 * `npm run dev`: the server with Vite inside it. Vite's middleware answers the app's modules (with
 * hot module replacement over this server's own port); every other request goes to the Fastify
 * app, whose pages are prerendered from src/web/entry-server.tsx through Vite (ssrLoadModule, so
 * an edit shows on the next request) and are never cached. `tsx watch` restarts this process when
 * a server file changes. Logs are pino-pretty lines. No build needed (docs/decisions/0021-first-command.md).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { createServer as createViteServer } from 'vite';
import { runningBanner } from './banner.js';
import { loadConfig } from './config.js';
import { readEnvFile } from './env-file.js';
import { buildApp } from './http/build-app.js';
import { createLogger } from './logger.js';
import { attachOutboxWorker } from './mail/outbox-worker.js';
import { attachRecordsRetention } from './retention/retention-schedule.js';
import type { ServerEntry } from './pages/prerender.js';
import { publicClientConfig } from './pages/html.js';
import { prepareData } from './startup.js';

const root = resolve(import.meta.dirname, '../..');

async function dev(): Promise<void> {
  readEnvFile();
  const config = loadConfig();
  // A development server is one instance: it runs the release step itself, on either database.
  const { handle, registry, imagesCreated } = await prepareData(config, config.database, {
    migrate: true,
  });
  const httpServer = createServer();
  const vite = await createViteServer({
    configFile: join(root, 'vite.config.ts'),
    // Read through Vite's module runner: the default bundles the config to a temporary file and
    // imports it, and tsx watch, seeing that file imported and then deleted, restarts in a loop
    // (whenever node_modules is not below the project, as with a linked node_modules).
    configLoader: 'runner',
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  const indexFile = join(root, 'src/web/index.html');
  const app = await buildApp({
    config,
    db: handle.db,
    dbKind: handle.kind,
    registry,
    logger: createLogger(config, { pretty: true }),
    devPages: {
      // Read on every page: an edit to the template shows on reload. The entry is named from the
      // site's root, as a page's own path (/product/2) would resolve "./main.tsx" below it.
      template: (url) =>
        vite.transformIndexHtml(
          url,
          readFileSync(indexFile, 'utf8').replace('src="./main.tsx"', 'src="/main.tsx"'),
        ),
      prerender: async (url, client, queries = []) => {
        try {
          const entry = (await vite.ssrLoadModule('/entry-server.tsx')) as ServerEntry;
          return await entry.renderApp(url, publicClientConfig(client), queries);
        } catch (error) {
          if (error instanceof Error) vite.ssrFixStacktrace(error);
          app.log.warn({ err: error, url }, 'prerender failed; sending the empty shell');
          return undefined;
        }
      },
    },
  });
  attachOutboxWorker(app, { config, db: handle.db, dbKind: handle.kind });
  attachRecordsRetention(app, { config, db: handle.db });
  await app.ready();
  // Vite first (modules, /@vite/client, HMR); what it does not know goes to Fastify.
  httpServer.on('request', (req, res) => {
    vite.middlewares(req, res, () => app.routing(req, res));
  });

  const shutdown = async () => {
    httpServer.close();
    await vite.close();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  await new Promise<void>((listening) => httpServer.listen(config.port, config.host, listening));
  console.log(runningBanner(config, handle.kind, registry, imagesCreated, ' (development)'));
}

dev().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
