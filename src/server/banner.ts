import type { ClientRegistry } from './kernel/client-registry.js';
import type { ServerConfig } from './config.js';
import type { DatabaseKind } from './db/database.js';

const bannerClientLimit = 20;

/** What `npm start` and `npm run dev` print once listening: where each client's site is. */
export function runningBanner(
  config: ServerConfig,
  dbKind: DatabaseKind,
  registry: ClientRegistry,
  imagesCreated: number,
  mode = '',
): string {
  const base = `http://localhost:${config.port}`;
  const database =
    dbKind === 'sqlite'
      ? `SQLite ${config.database.kind === 'sqlite' ? config.database.file : ''}`
      : 'PostgreSQL';
  return [
    '',
    `Highstreet${mode} is running on ${base} (${database})`,
    imagesCreated > 0 ? `Drew ${imagesCreated} placeholder images under ${config.mediaDir}` : '',
    registry.all.length > bannerClientLimit
      ? `Open a client (${bannerClientLimit} of ${registry.all.length} shown):`
      : 'Open each client:',
    // With a thousand clients the banner would be a thousand lines of log at every start.
    ...registry.all.slice(0, bannerClientLimit).map((c) => {
      const host = c.hostNames.find((h) => h.endsWith('.localhost'));
      const byHost = host ? `  or  http://${host}:${config.port}/` : '';
      const preview = config.clientPreview ? `${base}/?client=${c.name}` : '(preview off)';
      return `  ${c.name.padEnd(5)} ${c.title.padEnd(34)} ${preview}${byHost}`;
    }),
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}
