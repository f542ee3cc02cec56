import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import type { PrefetchedQuery } from '../../common/page-data.js';
import type { PublicClientConfig } from '../../common/site-text.js';
import { publicClientConfig } from './html.js';

/** The HTML of the app's screen at a URL for a client, or undefined to send the empty shell. */
export type Prerender = ((
  url: string,
  client: ClientConfig,
  /** Data the screen reads from its query cache (src/server/pages/page-data.ts). */
  queries?: PrefetchedQuery[],
) => Promise<string | undefined>) & {
  /** The built back office's stylesheet (/assets/…css), linked on its pages (decision 0081). */
  backOfficeStylesheet?: string | undefined;
};

/** What the prerender bundle (src/web/entry-server.tsx) exports, built or through Vite. */
export interface ServerEntry {
  renderApp: (
    url: string,
    client: PublicClientConfig,
    queries: PrefetchedQuery[],
  ) => Promise<string>;
  backOfficeStylesheet?: unknown;
}

function isServerEntry(value: unknown): value is ServerEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ServerEntry>).renderApp === 'function'
  );
}

/**
 * Loads the prerender bundle that `npm run build` writes to <web dist>/server/entry-server.js
 * (src/web/entry-server.tsx). Without it, pages are sent with an empty #root as before; a screen
 * that fails to render on the server is logged and sent empty too, and the browser draws it.
 * Prerendered HTML lets the page paint before its scripts arrive (docs/decisions/0014-page-speed.md).
 */
export async function loadPrerender(
  webDistDir: string,
  log: FastifyBaseLogger,
): Promise<Prerender | undefined> {
  const file = join(webDistDir, 'server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const entry: unknown = await import(pathToFileURL(file).href);
  if (!isServerEntry(entry)) throw new Error(`${file} does not export renderApp`);
  const prerender: Prerender = async (url, client, queries = []) => {
    try {
      // The same record and data the browser reads from the page, so both draw the same screen.
      return await entry.renderApp(url, publicClientConfig(client), queries);
    } catch (error) {
      log.warn(
        { err: error, url, client: client.name },
        'prerender failed; sending the empty shell',
      );
      return undefined;
    }
  };
  const stylesheet = entry.backOfficeStylesheet;
  // Only a path of the built assets: it goes into an attribute of every back-office page.
  if (typeof stylesheet === 'string' && /^\/assets\/[\w.-]+\.css$/.test(stylesheet)) {
    prerender.backOfficeStylesheet = stylesheet;
  }
  return prerender;
}
