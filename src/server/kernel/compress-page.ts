import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  constants,
  gunzip,
  gzip,
  gzipSync,
} from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const unbrotliAsync = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

/** Browsers send a handful of distinct headers: each is parsed once (at most 100 kept). */
const parsedHeaders = new Map<string, PageEncoding | undefined>();

/** The encoding to send a page in for an Accept-Encoding header: br, else gzip, else none. */
export function acceptedPageEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  if (parsedHeaders.has(acceptEncoding)) return parsedHeaders.get(acceptEncoding);
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (parsedHeaders.size >= 100) parsedHeaders.clear();
  parsedHeaders.set(acceptEncoding, encoding);
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): PageEncoding | undefined {
  const accepted = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !/^q=0(\.0*)?$/.test(q?.trim() ?? ''))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * How hard to compress. `fast` is for a page someone is waiting for (brotli 0, far faster than
 * 11, for about two fifths more bytes); `best` is for a page kept in the cache and
 * asked for again, recompressed off the request path (page-cache.ts), never while anyone waits.
 */
export type CompressionEffort = 'fast' | 'best';

/**
 * Brotli 0 for a cold page, sent only until the page is asked for again and recompressed at 11.
 * Qualities 0 and 1 use brotli's one-pass compressors with small tables: in the server, a cold
 * page's compression fell from 0.59 to 0.31 ms of CPU at 1 against quality 3, for about 9% more
 * bytes (0.8 KB of a product page; issue 37, decision 0087); 0 is cheaper again (SE /product/2
 * 0.094 against 0.115 ms, RRB /booking 0.070 against 0.157) within 4% of 1's bytes, some pages
 * smaller. Gzip, for the rare visitor without brotli, likewise at its fastest level.
 */
const brotliQuality: Record<CompressionEffort, number> = { fast: 0, best: 11 };
const gzipLevel: Record<CompressionEffort, number> = { fast: 1, best: 9 };

/**
 * The largest page compressed `fast` on the event loop. Brotli 1 of a 45 KB page is ~0.16 ms of
 * CPU there (0 ~0.07); handing it to libuv's pool instead costs more than that in the stream, its callbacks
 * and the pool's threads (~0.14 ms a page, issue 37), and holds the loop no shorter a time than a
 * render does. A larger page, and every `best` compression, goes to the pool.
 */
const onTheLoopLimit = 64 * 1024;

function compressionOptions(bytes: number, encoding: PageEncoding, effort: CompressionEffort) {
  if (encoding === 'gzip') return { level: gzipLevel[effort] };
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality[effort],
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}

/**
 * Compresses a page: a page someone waits for (`fast`) of up to 64 KB on the event loop, where
 * it is cheapest; anything larger or slower in libuv's thread pool, where it holds no other
 * request (docs/decisions/0024-page-cache.md, 0087).
 */
export function compressPage(
  html: string | Buffer,
  encoding: PageEncoding,
  effort: CompressionEffort = 'fast',
): Promise<Buffer> {
  // Measured once: for a string, byteLength walks the whole page.
  const bytes = Buffer.byteLength(html);
  const options = compressionOptions(bytes, encoding, effort);
  if (effort === 'fast' && bytes <= onTheLoopLimit) {
    try {
      return Promise.resolve(
        encoding === 'gzip' ? gzipSync(html, options) : brotliCompressSync(html, options),
      );
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return encoding === 'gzip' ? gzipAsync(html, options) : brotliAsync(html, options);
}

/** A compressed page's HTML again, in the thread pool (a fraction of a millisecond for a page). */
export function decompressPageAsync(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br' ? unbrotliAsync(body) : gunzipAsync(body);
}
