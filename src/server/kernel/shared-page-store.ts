import type { CompressionEffort } from './compress-page.js';

/** What the shared store keeps of a rendered page: enough to answer it without rendering. */
export interface SharedPage {
  etag: string;
  /** Absent once a compressed form exists: the HTML is read back from it (page-cache.ts). */
  html?: Buffer | undefined;
  /** Absent until an instance has made that form (a page is first compressed one way only). */
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
  effort: CompressionEffort;
}

/** The client's current data generation in the store, and the page kept under it if there is one. */
export interface SharedLookup {
  generation: string;
  page?: SharedPage | undefined;
}

/**
 * Rendered pages shared by every instance (docs/decisions/0024-page-cache.md, issue 37): a page
 * rendered by one instance is served by the others. Keys carry a data generation shared by the
 * instances (not an instance's own change count), so a page rendered before a change is never
 * found after it. Every call fails soft: undefined means "render it yourself".
 */
export interface SharedPageStore {
  /** The page, or the current generation to keep a rendered page under; undefined: store away. */
  get(clientCode: string, key: string): Promise<SharedLookup | undefined>;
  /** Keeps a page under the generation `get` gave (a change since makes it unread); never waits. */
  put(clientCode: string, key: string, generation: string, page: SharedPage): void;
  /** A change made on this instance: moves the client's generation on (before the signal goes). */
  clientChanged(clientCode: string): void;
}

/** The largest page the shared store keeps (HTML + br + gzip); larger ones stay per instance. */
export const sharedPageMaxBytes = 512 * 1024;

/**
 * One Buffer for a page: a 4-byte length, a small JSON header (ETag, effort, part lengths), then
 * the HTML (0 bytes when only compressed forms are kept), br and gzip bytes. Redis keeps it as one string value.
 */
export function encodeSharedPage(page: SharedPage): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      e: page.etag,
      f: page.effort,
      h: page.html?.length ?? 0,
      // 0: not made (no compressed form is empty).
      b: page.br?.length ?? 0,
      g: page.gzip?.length ?? 0,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  const parts: Buffer[] = [length, header];
  if (page.html) parts.push(page.html);
  if (page.br) parts.push(page.br);
  if (page.gzip) parts.push(page.gzip);
  return Buffer.concat(parts);
}

/** The page in a stored Buffer, or undefined when it is not one (truncated, another program's). */
export function decodeSharedPage(value: Buffer): SharedPage | undefined {
  try {
    if (value.length < 4) return undefined;
    const headerLength = value.readUInt32BE(0);
    const start = 4 + headerLength;
    if (start > value.length) return undefined;
    const header = JSON.parse(value.subarray(4, start).toString()) as {
      e?: unknown;
      f?: unknown;
      h?: unknown;
      b?: unknown;
      g?: unknown;
    };
    const { e, f, h, b, g } = header;
    if (typeof e !== 'string' || (f !== 'fast' && f !== 'best')) return undefined;
    if (typeof h !== 'number' || typeof b !== 'number' || typeof g !== 'number') return undefined;
    if (start + h + b + g !== value.length) return undefined;
    // A page in no form at all is not one.
    if (h + b + g === 0) return undefined;
    // Copies, not views: the stored value's memory is not held by a part of it.
    const html = Buffer.from(value.subarray(start, start + h));
    const br = Buffer.from(value.subarray(start + h, start + h + b));
    const gzip = Buffer.from(value.subarray(start + h + b));
    return {
      etag: e,
      effort: f,
      html: html.length > 0 ? html : undefined,
      br: br.length > 0 ? br : undefined,
      gzip: gzip.length > 0 ? gzip : undefined,
    };
  } catch {
    return undefined;
  }
}
