import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import {
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  widthsFor,
  type PictureFormat,
  type PictureSet,
} from '../../common/picture-set.js';
import { AppError } from '../kernel/errors.js';
import { createLocalMediaStorage, type MediaStorage } from './media-storage.js';

/**
 * The upload pipeline for owners' pictures: a file is judged by its content (never its name or
 * the browser's type), refused when too large in bytes or pixels, then decoded once, turned
 * upright by its EXIF orientation and re-encoded without any metadata (camera, location, ICC
 * profile) in several widths and in AVIF, WebP and JPEG.
 */
export interface ImageLimits {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Largest accepted picture, in pixels (width × height); also sharp's limitInputPixels. */
  maxPixels: number;
}

/**
 * 24 megapixels is a 6000 × 4000 camera photo, the largest a phone or a common camera gives by
 * default; the largest stored copy is 1280 px wide, so more pixels only cost decoding time and
 * memory (measured with the upload pipeline: 40 MP took 588 MB and 9.4 s, 24 MP 408 MB and 8.0 s,
 * on the shared 2-core machine; docs/fault-probes.md, issue 30).
 */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 24_000_000,
};

/** The widths and formats a picture is stored in (src/common/picture-set.ts). */
export const IMAGE_WIDTHS = PICTURE_WIDTHS;
export const IMAGE_FORMATS = PICTURE_FORMATS;
export type ImageFormat = PictureFormat;
export { widthsFor };

/** The longest side each stored format can hold: libheif's AVIF, libwebp, JPEG's 16-bit header. */
export const FORMAT_MAX_SIDE: Readonly<Record<ImageFormat, number>> = {
  avif: 16_384,
  webp: 16_383,
  jpeg: 65_535,
};

const formatNames: Readonly<Record<ImageFormat, string>> = {
  avif: 'AVIF',
  webp: 'WebP',
  jpeg: 'JPEG',
};

/** The largest copy stored of a picture: its largest stored width, the height in proportion. */
function largestStoredSize(width: number, height: number): { width: number; height: number } {
  const stored = widthsFor(width).at(-1) ?? width;
  return { width: stored, height: Math.round((height * stored) / width) };
}

/**
 * A picture too long for a format it is stored in (a 1080 × 17,000 screenshot: AVIF stops at
 * 16,384 px) is refused from the header, with the size it would fit in, rather than failing in
 * the encoder after seconds of work.
 */
function refuseTooLongForFormats(width: number, height: number): void {
  // The stored width is at most 1280 px (picture-set.ts), so only the height can be too long.
  const stored = largestStoredSize(width, height);
  const [tightest] = IMAGE_FORMATS.filter((format) => stored.height > FORMAT_MAX_SIDE[format]).sort(
    (a, b) => FORMAT_MAX_SIDE[a] - FORMAT_MAX_SIDE[b],
  );
  if (!tightest) return;
  const max = FORMAT_MAX_SIDE[tightest];
  // The tallest source that still fits once scaled to the stored width.
  const fits = Math.floor((max * width) / stored.width);
  throw new AppError(
    422,
    `The picture is ${width} × ${height} pixels, too tall to store: ${formatNames[tightest]} ` +
      `pictures are at most ${max.toLocaleString('en-GB')} pixels tall at ${stored.width} pixels wide. ` +
      `Crop it to at most ${fits.toLocaleString('en-GB')} pixels tall, or split it in two.`,
  );
}

/** What the pipeline stored: files at `${path}-${width}.${format}` for every width and format. */
export type StoredPicture = PictureSet;

const ACCEPTED = 'JPEG, PNG, WebP or AVIF';

/** The accepted source formats as sharp names them (AVIF is `heif` with AV1 compression). */
function acceptedFormat(meta: Metadata): boolean {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return true;
  return meta.format === 'heif' && meta.compression === 'av1';
}

const svgMessage = `SVG drawings are not accepted (they can carry scripts); upload a ${ACCEPTED} picture.`;

/** Text starting like XML or SVG markup (after any byte-order mark and spaces) with an <svg> element. */
function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * Checks an upload by its content and answers its format and upright size; throws an AppError
 * (400/413/415/422) with a message an owner can act on. Everything here reads the header only.
 */
export async function inspectUpload(
  data: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<{ format: string; width: number; height: number }> {
  if (data.length === 0) throw new AppError(400, 'The file is empty; choose a picture to upload.');
  if (data.length > limits.maxBytes) {
    throw new AppError(
      413,
      `The picture is ${megabytes(data.length)}; the largest accepted is ${megabytes(limits.maxBytes)}.`,
    );
  }
  // An SVG sharp cannot size is still an SVG: say so rather than "not a picture".
  if (looksLikeSvg(data)) throw new AppError(415, svgMessage);
  let meta: Metadata;
  try {
    // Header only: the pixel limit is checked below with a clearer message than sharp's.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, `This file is not a picture; upload a ${ACCEPTED} file.`);
  }
  if (meta.format === 'svg') throw new AppError(415, svgMessage);
  if (!acceptedFormat(meta)) {
    throw new AppError(
      415,
      `This file is a ${meta.format.toUpperCase()} picture, which is not accepted; upload a ${ACCEPTED} picture.`,
    );
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new AppError(400, 'The picture has no size; it may be damaged.');
  if (width * height > limits.maxPixels) {
    throw new AppError(
      413,
      `The picture is ${width} × ${height} pixels; the largest accepted is ${Math.round(limits.maxPixels / 1_000_000)} megapixels.`,
    );
  }
  refuseTooLongForFormats(width, height);
  return { format: meta.format, width, height };
}

/** AVIF effort for owners' photos: encoding AVIF is the slow step, and these are web pictures. */
const uploadAvifEffort = 2;

export function encode(image: Sharp, format: ImageFormat, avifEffort = uploadAvifEffort): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 55, effort: avifEffort });
    case 'webp':
      return image.webp({ quality: 78 });
    case 'jpeg':
      return image.jpeg({ quality: 80, mozjpeg: true });
  }
}

/** Where an upload is stored: through `storage`, or local disk under `mediaDir` (tests, CLI). */
export type UploadTarget = { folder: string; name: string } & (
  { storage: MediaStorage } | { mediaDir: string }
);

/**
 * Checks, re-encodes and stores an upload through MediaStorage as
 * `${folder}/${name}-${width}.${avif|webp|jpeg}`. `folder` is the client's media folder plus a
 * sub-folder (e.g. `SE/uploads`) and `name` a server-made file stem; neither comes from the
 * upload. Every file is encoded before the first is stored, and the ones stored are deleted
 * again if a later one fails, so a set is stored whole or not at all.
 */
export async function storeUpload(
  data: Buffer,
  target: UploadTarget,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<StoredPicture> {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(target.folder)) {
    throw new Error(`Unsafe media folder ${target.folder}`);
  }
  if (!/^[a-z0-9-]+$/.test(target.name)) throw new Error(`Unsafe media name ${target.name}`);
  const storage = 'storage' in target ? target.storage : createLocalMediaStorage(target.mediaDir);
  const { width } = await inspectUpload(data, limits);

  // failOn 'warning': a truncated or corrupt file is refused rather than stored half grey.
  const source = sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'warning' }).rotate();
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once to raw pixels; every width and format is made from these.
    upright = await source.raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(400, 'The picture file is damaged or incomplete; try uploading it again.');
  }
  const { info } = upright;
  const base = sharp(upright.data, {
    raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 },
    limitInputPixels: limits.maxPixels,
  });
  const widths = widthsFor(width);
  const { files, height } = await encodePictureFiles(base, { name: target.name, widths });
  const stored: string[] = [];
  try {
    for (const { file, bytes } of files) {
      const key = `${target.folder}/${file}`;
      await storage.put(key, bytes);
      stored.push(key);
    }
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return {
    path: `/media/${target.folder}/${target.name}`,
    width: widths[widths.length - 1] ?? width,
    height,
    widths,
  };
}

interface PictureSetTarget {
  name: string;
  widths: number[];
  aspect?: number;
  /** 0 (fastest) to 9; drawn placeholders, flat colour and text, need little. */
  avifEffort?: number;
  /** Only these formats (one file asked for); all three by default. */
  formats?: readonly ImageFormat[];
}

/**
 * Encodes `${name}-${w}.${avif|webp|jpeg}` for every width, from an upright picture, each `w`
 * wide (with `aspect` = height ÷ width, cropped to it; else the picture's own shape). Answers the
 * files' bytes and the height at the largest width.
 */
async function encodePictureFiles(
  picture: Sharp,
  target: PictureSetTarget,
): Promise<{ files: { file: string; bytes: Buffer }[]; height: number }> {
  const { name, widths, aspect, avifEffort, formats = IMAGE_FORMATS } = target;
  const files: { file: string; bytes: Buffer }[] = [];
  let height = 0;
  for (const w of widths) {
    const resized = picture
      .clone()
      .resize(
        aspect
          ? { width: w, height: Math.round(w * aspect), fit: 'cover' }
          : { width: w, withoutEnlargement: true },
      );
    for (const format of formats) {
      const { data: bytes, info } = await encode(resized.clone(), format, avifEffort).toBuffer({
        resolveWithObject: true,
      });
      if (w === widths[widths.length - 1]) height = info.height;
      files.push({ file: `${name}-${w}.${format}`, bytes });
    }
  }
  return { files, height };
}

/**
 * Writes the files of `encodePictureFiles` into `dir` (the drawn placeholders' sets). Files go
 * to a temporary folder first and are moved into place only when all succeeded, so a reader
 * never sees half a set. Answers the height at the largest width.
 */
export async function writePictureSet(
  picture: Sharp,
  target: PictureSetTarget & { dir: string },
): Promise<number> {
  const { dir, name } = target;
  // A folder of its own: two jobs for the same picture (two widths asked at once) never share one.
  const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  await mkdir(temp, { recursive: true });
  try {
    const { files, height } = await encodePictureFiles(picture, target);
    for (const { file, bytes } of files) await writeFile(join(temp, file), bytes);
    for (const { file } of files) await rename(join(temp, file), join(dir, file));
    return height;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
