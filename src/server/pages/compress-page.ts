import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CompressedBody {
  body: Buffer | string;
  /** The content-encoding header to send, if the body was compressed. */
  encoding?: 'br' | 'gzip';
}

/**
 * Compresses a page for a browser that accepts it. Pages carry their stylesheets inline (a few
 * tens of KB of text), so compressing them is worth more than it costs: about a millisecond at
 * these settings, and no dependency (docs/decisions/page-speed.md).
 */
export function compressPage(html: string, acceptEncoding: string | undefined): CompressedBody {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q?.trim() !== 'q=0')
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) {
    const body = brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // Quality 5 compresses these pages to within a few per cent of 11, far faster.
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });
    return { body, encoding: 'br' };
  }
  if (accepted.includes('gzip')) return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}
