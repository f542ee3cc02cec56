import { createHash } from 'node:crypto';
import {
  acceptedPageEncoding,
  compressPage,
  decompressPageAsync,
  type CompressionEffort,
  type PageEncoding,
} from '../kernel/compress-page.js';
import type { SharedPageStore } from '../kernel/shared-page-store.js';

/** One rendered page, kept in every form it is sent in. */
export interface CachedPage {
  /** A weak validator of the HTML: the same page sent br, gzip or plain has the same ETag. */
  etag: string;
  /**
   * The plain HTML, kept only while the page has no compressed form: after that it is read back
   * from one when needed (a rare visitor without compression, a recompression). A product page's
   * HTML is about four times its brotli form, so the cache holds about four times as many pages
   * (issue 37: five hundred shops asked in turn no longer push each other out).
   */
  html?: Buffer | undefined;
  /**
   * The compressed forms, made when first asked for: a cold page is compressed only in the
   * encoding its first visitor takes (issue 37: half the compression of a page asked for once).
   */
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
  bytes: number;
  storedAt: number;
  /** How hard `br` and `gzip` were compressed: fast when first answered, best once asked again. */
  effort: CompressionEffort;
  /** The shared store's generation this page is kept under there (to keep its best form too). */
  sharedGeneration?: string | undefined;
}

export interface PageCacheOptions {
  /** The most the cache holds, counting the HTML and both compressed forms; 0 turns it off. */
  maxBytes: number;
  /** How long an entry may be served without a change (a safety net for writes made elsewhere). */
  maxAgeMs: number;
  /** The client's data version (DataChanges.version): part of every key. */
  version: (clientCode: string) => number;
  /**
   * Pages shared by every instance (Redis): looked in after memory, before rendering; a page
   * rendered here is put there without waiting. Unset: this instance renders its own.
   */
  shared?: SharedPageStore | undefined;
  now?: () => number;
}

export interface PageCache {
  /**
   * The page for this client and path at the client's current data version: from memory, or
   * rendered by `render` (once, however many requests ask at the same moment) and compressed off
   * the event loop. `render` says `keep: false` for a page that must not be kept (a not-found
   * product, an unknown path: anyone can ask for endless such URLs); its HTML comes back as a
   * string, to be compressed for that one answer.
   */
  get(
    clientCode: string,
    key: string,
    render: () => Promise<{ html: string; keep: boolean }>,
    /** The encoding the asking visitor takes: the one form a newly rendered page is made in. */
    encoding?: PageEncoding,
  ): Promise<CachedPage | string>;
  /**
   * The body to send a kept page in for an Accept-Encoding header: a form not made yet is
   * compressed now (fast), kept with the page and counted in the cache's bytes.
   */
  body(
    clientCode: string,
    key: string,
    page: CachedPage,
    acceptEncoding: string | undefined,
  ): Promise<{ body: Buffer; encoding?: PageEncoding }>;
  /**
   * Whether `page` is still the page kept for this client and key, at the current data version
   * and within its age (a remembered answer made from it may be sent again); counts as a use,
   * and as the page asked for again (it earns its best compression).
   */
  isCurrent(clientCode: string, key: string, page: CachedPage): boolean;
  /** Drops every page of a client (DataChanges.onChange). */
  dropClient(clientCode: string): void;
  readonly size: { entries: number; bytes: number };
  /**
   * Pages asked for since start: found in memory, or not (misses, waiting included); of the
   * misses, found in the shared store, or rendered here (/metrics).
   */
  readonly counts: { hits: number; misses: number; shared: number; renders: number };
  /** Settles when no page is being recompressed at the best setting (tests, shutdown). */
  recompressed(): Promise<void>;
}

/** Pages waiting to be recompressed at most; past it a page keeps its fast form (still correct). */
const recompressQueueLimit = 64;

/** A weak ETag from the HTML (W/: equal for every encoding of the same page). */
export function pageEtag(html: string | Buffer): string {
  return `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 13.1.2): the
 * browser's copy is current, so the answer is a 304.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(etag));
}

/** A page with its ETag, compressed in the encodings given (both unless told). */
export async function preparePage(
  html: string,
  now = Date.now(),
  effort: CompressionEffort = 'fast',
  encodings: readonly PageEncoding[] = ['br', 'gzip'],
): Promise<CachedPage> {
  const body = Buffer.from(html);
  const [br, gzip] = await Promise.all([
    encodings.includes('br') ? compressPage(body, 'br', effort) : undefined,
    encodings.includes('gzip') ? compressPage(body, 'gzip', effort) : undefined,
  ]);
  const plain = br || gzip ? undefined : body;
  return {
    etag: pageEtag(body),
    html: plain,
    br,
    gzip,
    bytes: pageBytes(plain, br, gzip),
    storedAt: now,
    effort,
  };
}

/** The bytes a page holds: its HTML if kept, and the compressed forms made so far. */
function pageBytes(
  html: Buffer | undefined,
  br: Buffer | undefined,
  gzip: Buffer | undefined,
): number {
  return (html?.length ?? 0) + (br?.length ?? 0) + (gzip?.length ?? 0);
}

/** The page's plain HTML: kept, or read back from a compressed form. */
export async function plainHtmlOf(page: CachedPage): Promise<Buffer> {
  if (page.html) return page.html;
  if (page.br) return decompressPageAsync(page.br, 'br');
  if (page.gzip) return decompressPageAsync(page.gzip, 'gzip');
  throw new Error('A kept page has no form at all');
}

/**
 * The body to send for an Accept-Encoding header, and its content-encoding; undefined when the
 * form it takes is not kept (PageCache.body makes it, or reads the HTML back).
 */
export function pageBody(
  page: CachedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: PageEncoding } | undefined {
  const encoding = acceptedPageEncoding(acceptEncoding);
  if (!encoding) return page.html ? { body: page.html } : undefined;
  const body = page[encoding];
  return body ? { body, encoding } : undefined;
}

/**
 * Rendered pages per client, path and data version, least recently used first out when the
 * bytes run over (docs/decisions/0024-page-cache.md). Keys carry the version, so a page rendered
 * before a change is never served after it, even if it was being rendered while the change came.
 *
 * A page is first compressed fast, for the visitor waiting for it. When it is asked for again it
 * has earned the best setting: it is recompressed then, one page at a time in the thread pool,
 * while the fast form goes on being served (issue 37: never brotli 11 on the request path). A
 * page asked for once (most of a thousand shops' pages) costs no second compression.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  /** Insertion order is use order: a hit moves its entry to the end. */
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | string>>();
  let bytes = 0;
  const counts = { hits: 0, misses: 0, shared: 0, renders: 0 };
  /** Keys of pages waiting for, or under, recompression at the best setting; one runs at a time. */
  const recompressQueue = new Set<string>();
  let recompressing: Promise<void> = Promise.resolve();
  const fullKey = (clientCode: string, key: string) =>
    `${clientCode}\n${options.version(clientCode)}\n${key}`;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const store = (key: string, page: CachedPage) => {
    if (page.bytes > options.maxBytes) return;
    remove(key);
    entries.set(key, page);
    bytes += page.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };

  /** Puts a kept page in line to be recompressed at the best setting, unless the line is full. */
  const recompressLater = (clientCode: string, key: string, cacheKey: string, page: CachedPage) => {
    /** Still kept, and still the page for the client's current data (else never asked again). */
    const stillWanted = () =>
      entries.get(cacheKey) === page && fullKey(clientCode, key) === cacheKey;
    if (page.effort === 'best' || recompressQueue.has(cacheKey)) return;
    if (recompressQueue.size >= recompressQueueLimit) return;
    recompressQueue.add(cacheKey);
    recompressing = recompressing.then(async () => {
      try {
        // Dropped, pushed out or made old by a change meanwhile: nothing to do.
        if (!stillWanted()) return;
        const html = await plainHtmlOf(page);
        const [br, gzip] = await Promise.all([
          compressPage(html, 'br', 'best'),
          compressPage(html, 'gzip', 'best'),
        ]);
        if (!stillWanted()) return;
        // The same object, so a remembered answer made from it stays current (isCurrent).
        const grown = pageBytes(undefined, br, gzip) - page.bytes;
        page.html = undefined;
        page.br = br;
        page.gzip = gzip;
        page.bytes += grown;
        page.effort = 'best';
        bytes += grown;
        // The other instances get the best form too.
        if (page.sharedGeneration !== undefined) {
          options.shared?.put(clientCode, key, page.sharedGeneration, page);
        }
      } catch {
        // Compression failing leaves the fast form, which is served as before.
      } finally {
        recompressQueue.delete(cacheKey);
      }
    });
  };

  /** The entry under this key if it is within its age, counted as a use (moved to the end). */
  const freshEntry = (cacheKey: string): CachedPage | undefined => {
    const hit = entries.get(cacheKey);
    if (!hit || now() - hit.storedAt > options.maxAgeMs) return undefined;
    entries.delete(cacheKey);
    entries.set(cacheKey, hit);
    return hit;
  };

  return {
    async get(clientCode, key, render, encoding) {
      const cacheKey = fullKey(clientCode, key);
      const hit = freshEntry(cacheKey);
      if (hit) {
        counts.hits++;
        recompressLater(clientCode, key, cacheKey, hit);
        return hit;
      }
      counts.misses++;
      remove(cacheKey);
      const pending = rendering.get(cacheKey);
      if (pending) return pending;
      const job = (async () => {
        const found = await options.shared?.get(clientCode, key);
        if (found?.page) {
          counts.shared++;
          const { html, br, gzip } = found.page;
          const page: CachedPage = {
            ...found.page,
            bytes: pageBytes(html, br, gzip),
            storedAt: now(),
            sharedGeneration: found.generation,
          };
          if (options.maxBytes > 0 && fullKey(clientCode, key) === cacheKey) store(cacheKey, page);
          return page;
        }
        counts.renders++;
        const { html, keep } = await render();
        if (!keep) return html;
        const page = await preparePage(html, now(), 'fast', encoding ? [encoding] : []);
        if (found) {
          page.sharedGeneration = found.generation;
          options.shared?.put(clientCode, key, found.generation, page);
        }
        // A change while this page was rendered made a new key; this one is never asked for again.
        if (options.maxBytes > 0 && fullKey(clientCode, key) === cacheKey) store(cacheKey, page);
        return page;
      })();
      rendering.set(cacheKey, job);
      try {
        return await job;
      } finally {
        rendering.delete(cacheKey);
      }
    },
    async body(clientCode, key, page, acceptEncoding) {
      const ready = pageBody(page, acceptEncoding);
      if (ready) return ready;
      const encoding = acceptedPageEncoding(acceptEncoding);
      const html = await plainHtmlOf(page);
      // A visitor without compression (rare: browsers all take it): read back, not kept.
      if (!encoding) return { body: html };
      const body = await compressPage(html, encoding, page.effort);
      // Made meanwhile (recompressed at the best setting, or by another visitor): that one.
      const made = page[encoding];
      if (made) return { body: made, encoding };
      // The first compressed form replaces the plain HTML (read back from it from now on).
      const dropped = page.html?.length ?? 0;
      page.html = undefined;
      page[encoding] = body;
      page.bytes += body.length - dropped;
      if (entries.get(fullKey(clientCode, key)) === page) bytes += body.length - dropped;
      return { body, encoding };
    },
    isCurrent(clientCode, key, page) {
      const cacheKey = fullKey(clientCode, key);
      const current = freshEntry(cacheKey) === page;
      // An answer made from the page and sent again is the page asked for again.
      if (current) recompressLater(clientCode, key, cacheKey, page);
      return current;
    },
    dropClient(clientCode) {
      const prefix = `${clientCode}\n`;
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) remove(key);
    },
    get size() {
      return { entries: entries.size, bytes };
    },
    counts,
    recompressed: () => recompressing,
  };
}
