import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedPageEncoding, compressPage } from './compress-page.js';

/** A page of a realistic size and repetition: ~19 KB of markup. */
const page = `<!doctype html><html><body>${Array.from(
  { length: 300 },
  (_, i) => `<p class="card card--${i % 7}">Product ${i}: a hot tub for ${i % 9} people</p>`,
).join('')}</body></html>`;
const largePage = page.repeat(5);

/** Whether the promise has settled after the microtasks queued now have run, no I/O between. */
async function settlesWithoutWaiting(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  return settled;
}

describe('compressPage', () => {
  it('gives back the page in each encoding, fast or best, small or large', async () => {
    for (const html of [page, largePage]) {
      for (const effort of ['fast', 'best'] as const) {
        const br = await compressPage(html, 'br', effort);
        expect(brotliDecompressSync(br).toString()).toBe(html);
        const gzip = await compressPage(Buffer.from(html), 'gzip', effort);
        expect(gunzipSync(gzip).toString()).toBe(html);
      }
    }
    expect((await compressPage(page, 'br', 'best')).length).toBeLessThan(
      (await compressPage(page, 'br', 'fast')).length,
    );
  });

  it('compresses a page someone waits for on the event loop, without a trip to the thread pool', async () => {
    expect(page.length).toBeLessThan(64 * 1024);
    expect(await settlesWithoutWaiting(compressPage(page, 'br'))).toBe(true);
    expect(await settlesWithoutWaiting(compressPage(page, 'gzip'))).toBe(true);
  });

  it('never compresses at the best setting, nor a page over 64 KB, on the event loop', async () => {
    expect(largePage.length).toBeGreaterThan(64 * 1024);
    expect(await settlesWithoutWaiting(compressPage(page, 'br', 'best'))).toBe(false);
    expect(await settlesWithoutWaiting(compressPage(largePage, 'br'))).toBe(false);
    // While brotli 11 works in the pool, the loop goes on.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await compressPage(largePage, 'br', 'best');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('acceptedPageEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedPageEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedPageEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedPageEncoding('identity')).toBeUndefined();
    expect(acceptedPageEncoding(undefined)).toBeUndefined();
  });
});
