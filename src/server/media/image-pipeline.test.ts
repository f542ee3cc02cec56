import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../kernel/errors.js';
import { FORMAT_MAX_SIDE, inspectUpload, storeUpload, widthsFor } from './image-pipeline.js';

const dirs: string[] = [];
function mediaDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hs-pipeline-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function picture(width: number, height: number): Sharp {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A PNG whose header claims width × height but carries almost no data (a decompression bomb). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image pipeline', () => {
  it('stores only widths up to the picture, never upscaled', () => {
    expect(widthsFor(4000)).toEqual([320, 640, 960, 1280]);
    expect(widthsFor(800)).toEqual([320, 640, 800]);
    expect(widthsFor(200)).toEqual([200]);
    expect(widthsFor(640)).toEqual([320, 640]);
  });

  it('turns a photo upright, strips its metadata and stores every width in AVIF, WebP and JPEG', async () => {
    // 1000 × 600 as stored, EXIF orientation 6 (shown rotated: 600 × 1000), with an author and GPS.
    const photo = await picture(1000, 600)
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Artist: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('Secret Owner');
    expect(before.orientation).toBe(6);

    const dir = mediaDir();
    const stored = await storeUpload(photo, { mediaDir: dir, folder: 'SE/uploads', name: 'p7-a1' });
    expect(stored).toEqual({
      path: '/media/SE/uploads/p7-a1',
      width: 600,
      height: 1000,
      widths: [320, 600],
    });
    expect(readdirSync(join(dir, 'SE/uploads')).sort()).toEqual([
      'p7-a1-320.avif',
      'p7-a1-320.jpeg',
      'p7-a1-320.webp',
      'p7-a1-600.avif',
      'p7-a1-600.jpeg',
      'p7-a1-600.webp',
    ]);
    for (const [file, format] of [
      ['p7-a1-600.jpeg', 'jpeg'],
      ['p7-a1-600.webp', 'webp'],
      ['p7-a1-600.avif', 'heif'],
    ] as const) {
      const meta = await sharp(join(dir, 'SE/uploads', file)).metadata();
      expect(meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([600, 1000]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    const small = await sharp(join(dir, 'SE/uploads/p7-a1-320.jpeg')).metadata();
    expect([small.width, small.height]).toEqual([320, 533]);
  });

  it('accepts PNG, WebP and AVIF sources', async () => {
    for (const data of [
      await picture(50, 40).png().toBuffer(),
      await picture(50, 40).webp().toBuffer(),
      await picture(50, 40).avif({ effort: 0 }).toBuffer(),
    ]) {
      expect(await inspectUpload(data)).toMatchObject({ width: 50, height: 40 });
    }
  });

  it('refuses a file that is not a picture, renamed .jpg', async () => {
    const error = await refusal(
      storeUpload(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n'), {
        mediaDir: mediaDir(),
        folder: 'SE/uploads',
        name: 'evil',
      }),
    );
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(
      'This file is not a picture; upload a JPEG, PNG, WebP or AVIF file.',
    );
  });

  it('refuses a picture format it does not accept, naming it', async () => {
    const gif = await picture(20, 20).gif().toBuffer();
    const error = await refusal(inspectUpload(gif));
    expect(error.statusCode).toBe(415);
    expect(error.message).toMatch(/^This file is a GIF picture, which is not accepted/);
  });

  it('refuses an SVG carrying a script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
        '<script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
    );
    const dir = mediaDir();
    const error = await refusal(
      storeUpload(svg, { mediaDir: dir, folder: 'SE/uploads', name: 's' }),
    );
    expect(error.statusCode).toBe(415);
    expect(error.message).toMatch(/^SVG drawings are not accepted \(they can carry scripts\)/);
    expect(readdirSync(dir)).toEqual([]);
    // Without a size sharp cannot read it at all; still named as SVG.
    const bare = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>',
    );
    expect((await refusal(inspectUpload(bare))).message).toMatch(/^SVG drawings/);
  });

  it('refuses huge dimensions (a decompression bomb) from the header, without decoding', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2000);
    const error = await refusal(inspectUpload(bomb));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe(
      'The picture is 50000 × 50000 pixels; the largest accepted is 24 megapixels.',
    );
  });

  it('refuses a small file of more than 24 megapixels from its header, quickly (issue 30, item 15)', async () => {
    // 8000 × 5000 of one colour: about 120 KB, 40 megapixels (4.5 s and 340 MB to store before).
    const data = await picture(8000, 5000).png({ compressionLevel: 9 }).toBuffer();
    expect(data.length).toBeLessThan(300_000);
    const started = performance.now();
    const error = await refusal(
      storeUpload(data, { mediaDir: mediaDir(), folder: 'SE/uploads', name: 'big' }),
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe(
      'The picture is 8000 × 5000 pixels; the largest accepted is 24 megapixels.',
    );
    // A 24-megapixel camera photo (6000 × 4000) is within the limit.
    const camera = await picture(6000, 4000).png({ compressionLevel: 9 }).toBuffer();
    await expect(inspectUpload(camera)).resolves.toMatchObject({ width: 6000, height: 4000 });
  });

  it('refuses a picture too tall for a stored format from its header, saying what fits (item 15)', async () => {
    // 1080 × 17,000 (a long screenshot) is stored 1080 wide: taller than AVIF's 16,384 and WebP's 16,383.
    const tall = await picture(1080, 17_000).png({ compressionLevel: 9 }).toBuffer();
    const dir = mediaDir();
    const started = performance.now();
    const error = await refusal(
      storeUpload(tall, { mediaDir: dir, folder: 'SE/uploads', name: 'tall' }),
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(
      'The picture is 1080 × 17000 pixels, too tall to store: WebP pictures are at most 16,383 pixels tall at 1080 pixels wide. Crop it to at most 16,383 pixels tall, or split it in two.',
    );
    expect(readdirSync(dir)).toEqual([]);

    // Wider pictures are stored 1280 wide, so they may be taller in proportion.
    expect((await refusal(inspectUpload(pngClaiming(1300, 17_000)))).message).toMatch(
      /^The picture is 1300 × 17000 pixels, too tall to store: WebP .* at 1280 pixels wide\. Crop it to at most 16,638 pixels tall/,
    );
    await expect(inspectUpload(pngClaiming(1300, 16_638))).resolves.toMatchObject({
      height: 16_638,
    });
    // One pixel wide and 24 million tall passes the pixel limit but not the formats'.
    expect((await refusal(inspectUpload(pngClaiming(1, 24_000_000)))).statusCode).toBe(422);
    // A very wide picture is stored 1280 wide and a few pixels tall: fine.
    await expect(inspectUpload(pngClaiming(24_000, 1000))).resolves.toMatchObject({
      width: 24_000,
    });
    expect(Math.min(...Object.values(FORMAT_MAX_SIDE))).toBe(16_383);
  });

  it('stores a picture exactly as tall as every format holds', async () => {
    const data = await picture(200, FORMAT_MAX_SIDE.webp).png({ compressionLevel: 9 }).toBuffer();
    const stored = await storeUpload(data, {
      mediaDir: mediaDir(),
      folder: 'SE/uploads',
      name: 'strip',
    });
    expect(stored).toMatchObject({ width: 200, height: FORMAT_MAX_SIDE.webp });
  });

  it('refuses a file over the size limit', async () => {
    const data = await picture(100, 100).png().toBuffer();
    const error = await refusal(inspectUpload(data, { maxBytes: 100, maxPixels: 24_000_000 }));
    expect(error.statusCode).toBe(413);
    expect(error.message).toMatch(/; the largest accepted is 0 MB\.$/);
  });

  it('refuses a truncated file and stores nothing', async () => {
    const whole = await picture(400, 300).jpeg().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const dir = mediaDir();
    const error = await refusal(
      storeUpload(truncated, { mediaDir: dir, folder: 'SE/uploads', name: 'half' }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      'The picture file is damaged or incomplete; try uploading it again.',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses an empty file', async () => {
    const error = await refusal(inspectUpload(Buffer.alloc(0)));
    expect(error.statusCode).toBe(400);
  });
});
