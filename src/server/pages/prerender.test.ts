import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { readSeed } from '../db/seed.js';
import { loadPrerender } from './prerender.js';
import { withBackOfficeStylesheet } from './pages-routes.js';

const root = join(import.meta.dirname, '../../..');
const se = readSeed(join(root, 'seed')).clients.find((c) => c.name === 'SE')!;
const log = Fastify({ logger: false }).log;
const folders: string[] = [];

/** A web dist folder whose prerender bundle is the given module source. */
function distWithEntry(source: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'highstreet-prerender-'));
  folders.push(dir);
  if (source !== undefined) {
    mkdirSync(join(dir, 'server'));
    writeFileSync(join(dir, 'server', 'entry-server.js'), source);
  }
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadPrerender', () => {
  it('is off when the build has no prerender bundle', async () => {
    expect(await loadPrerender(distWithEntry(undefined), log)).toBeUndefined();
  });

  it('renders with the public client record, as the browser reads it', async () => {
    const prerender = await loadPrerender(
      distWithEntry(
        'export async function renderApp(url, client) { return `<p>${url} ${client.name} ${["hostNames", "home", "welcome", "about", "pages"].filter((key) => key in client)}</p>`; }',
      ),
      log,
    );
    expect(se.hostNames.length).toBeGreaterThan(0);
    // No host names (server-only), no site text (a query of the screens that show it).
    expect(await prerender!('/product/2', se)).toBe('<p>/product/2 SE </p>');
  });

  it('sends the empty shell when a screen fails to render', async () => {
    const prerender = await loadPrerender(
      distWithEntry(
        'export async function renderApp() { throw new Error("window is not defined"); }',
      ),
      log,
    );
    expect(await prerender!('/', se)).toBeUndefined();
  });

  it('links the back office stylesheet the bundle names on back-office pages only', async () => {
    const entry = (href: string) =>
      `export async function renderApp() { return ''; }\nexport const backOfficeStylesheet = ${JSON.stringify(href)};`;
    const prerender = await loadPrerender(
      distWithEntry(entry('/assets/manage-styles-Ab1.css')),
      log,
    );
    expect(prerender!.backOfficeStylesheet).toBe('/assets/manage-styles-Ab1.css');
    expect(withBackOfficeStylesheet('<head><style>a{}</style></head><body>', prerender)).toBe(
      '<head><style>a{}</style><link rel="stylesheet" href="/assets/manage-styles-Ab1.css"></head><body>',
    );
    // Anything but a built asset's path never reaches the page.
    const odd = await loadPrerender(distWithEntry(entry('/assets/x.css"><script>')), log);
    expect(odd!.backOfficeStylesheet).toBeUndefined();
    expect(withBackOfficeStylesheet('<head></head>', odd)).toBe('<head></head>');
  });

  it('refuses a bundle without renderApp', async () => {
    await expect(loadPrerender(distWithEntry('export const other = 1;'), log)).rejects.toThrow(
      /renderApp/,
    );
  });
});
