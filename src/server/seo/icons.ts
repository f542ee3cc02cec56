import sharp from 'sharp';
import type { ClientConfig } from '../../common/client-config.js';
import { logoFileOf } from '../../common/logo.js';
import type { MediaStorage } from '../media/media-storage.js';
import { logoSvg, mediaFolderOf } from '../media/placeholder-images.js';
import { shareImageSize } from '../pages/page-head.js';

/** Everything drawn from one client's logo. */
export interface ClientIcons {
  /** /favicon.ico: 16, 32 and 48 px. */
  favicon: Buffer;
  /** /apple-touch-icon.png: 180 × 180, opaque. */
  appleTouchIcon: Buffer;
  /** /logo.png: the whole logo, 128 px high, for structured data (a raster logo). */
  logo: Buffer;
  /** /share-image.png: the logo on a 1200 × 630 card, the link preview of pages without a picture. */
  shareImage: Buffer;
}

const white = { r: 255, g: 255, b: 255, alpha: 1 };

/**
 * An .ico holding PNG images (allowed since Windows Vista, read by every browser): a 6-byte
 * header, a 16-byte entry per image, then the images.
 */
export function icoFromPngs(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** The client's logo file (common/logo.ts), or the drawn placeholder when it has none. */
async function readLogo(media: MediaStorage, client: ClientConfig): Promise<Buffer> {
  const logo = await media
    .get(`${mediaFolderOf(client)}/${logoFileOf(client)}`)
    .catch(() => undefined);
  return logo ?? Buffer.from(logoSvg(client));
}

/**
 * Draws the icons from the logo with sharp. A wide logo (mark and name side by side, as the
 * template's logos are) gives its left square, the mark, to the small icons, where the name
 * could not be read; a squarish logo is used whole.
 */
export async function drawClientIcons(
  media: MediaStorage,
  client: ClientConfig,
): Promise<ClientIcons> {
  const svg = await readLogo(media, client);
  const { width = 240, height = 64 } = await sharp(svg).metadata();
  const highDensity = (targetHeight: number) => Math.min(2400, (72 * targetHeight) / height);
  const large = await sharp(svg, { density: highDensity(512) })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width: largeWidth, height: largeHeight } = large.info;
  const mark =
    width / height > 1.5
      ? await sharp(large.data)
          .extract({ left: 0, top: 0, width: largeHeight, height: largeHeight })
          .png()
          .toBuffer()
      : large.data;
  const square = (size: number, background = { r: 0, g: 0, b: 0, alpha: 0 }) =>
    sharp(mark).resize(size, size, { fit: 'contain', background }).png().toBuffer();
  const favicon = icoFromPngs(
    await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await square(size) }))),
  );
  const appleTouchIcon = await sharp(
    await sharp(mark)
      .resize(148, 148, { fit: 'contain', background: white })
      .flatten({ background: white })
      .png()
      .toBuffer(),
  )
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: white })
    .png()
    .toBuffer();
  const logo = await sharp(large.data)
    .resize({ height: 128 })
    .flatten({ background: white })
    .png()
    .toBuffer();
  const cardLogoWidth = Math.min(900, Math.round((largeWidth / largeHeight) * 360));
  const cardLogo = await sharp(large.data)
    .resize({ width: cardLogoWidth, height: 360, fit: 'inside' })
    .png()
    .toBuffer();
  const shareImage = await sharp({
    create: { ...shareImageSize, channels: 4, background: white },
  })
    .composite([{ input: cardLogo, gravity: 'center' }])
    .flatten({ background: white })
    .png()
    .toBuffer();
  return { favicon, appleTouchIcon, logo, shareImage };
}
