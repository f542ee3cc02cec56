import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ClientConfig } from '../../common/client-config.js';
import { isSlideFile } from '../../common/slides.js';
import {
  PICTURE_FORMATS,
  pictureSetBeside,
  type PictureFormat,
  type PictureSet,
} from '../../common/picture-set.js';

/**
 * Placeholder pictures drawn locally (no network) at the paths the spec gives, so every client
 * shows real images on a fresh clone. Existing files are left alone: a host may drop real photos in.
 */
export interface ImageSpec {
  /** Path under the media folder, e.g. `SE/pics/2/cover.jpeg`. */
  path: string;
  width: number;
  height: number;
  label: string;
  seed: string;
}

export interface ProductPictures {
  clientCode: string;
  id: number;
  title: string;
  pictureCount: number;
}

/** Strips the leading `/media/` from a client's pictureLocation. */
export function mediaFolderOf(client: ClientConfig): string {
  return client.pictureLocation.replace(/^\/media\/?/, '').replace(/\/$/, '');
}

export function listImageSpecs(clients: ClientConfig[], products: ProductPictures[]): ImageSpec[] {
  const specs: ImageSpec[] = [
    {
      path: 'common/under-construction.jpeg',
      width: 800,
      height: 500,
      label: 'Coming soon',
      seed: 'uc',
    },
  ];
  for (const client of clients) {
    const folder = mediaFolderOf(client);
    client.picturesForSlide.forEach((name, i) => {
      // A slide placed from the library or the media folder is a real file: nothing to draw.
      if (isSlideFile(name)) return;
      specs.push({
        path: `${folder}/${client.workingFolder}/${name}.${client.pictureExtension}`,
        width: 1600,
        height: 700,
        label: `${client.title} — ${i + 1}`,
        seed: `${client.name}-slide-${i}`,
      });
    });
    for (let n = 1; n <= 6; n++) {
      specs.push({
        path: `${folder}/gallery/${n}.jpeg`,
        width: 800,
        height: 600,
        label: `${client.title} gallery ${n}`,
        seed: `${client.name}-gallery-${n}`,
      });
    }
    for (let n = 1; n <= 4; n++) {
      specs.push({
        path: `${folder}/awards/award-${n}.jpeg`,
        width: 320,
        height: 320,
        label: `Award ${n}`,
        seed: `${client.name}-award-${n}`,
      });
    }
    for (let n = 1; n <= 3; n++) {
      specs.push({
        path: `${folder}/shop/shop-${n}.jpeg`,
        width: 800,
        height: 600,
        label: `Our shop ${n}`,
        seed: `${client.name}-shop-${n}`,
      });
    }
  }
  const byCode = new Map(clients.map((c) => [c.name, c]));
  for (const product of products) {
    const client = byCode.get(product.clientCode);
    if (!client) continue;
    const base = `${mediaFolderOf(client)}/pics/${product.id}`;
    specs.push({
      path: `${base}/cover.jpeg`,
      width: 800,
      height: 600,
      label: product.title,
      seed: `${product.clientCode}-${product.id}`,
    });
    for (let n = 1; n <= product.pictureCount; n++) {
      specs.push({
        path: `${base}/${n}.jpeg`,
        width: 800,
        height: 600,
        label: `${product.title} (${n})`,
        seed: `${product.clientCode}-${product.id}-${n}`,
      });
    }
  }
  return specs;
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function placeholderSvg(spec: ImageSpec): string {
  const h = hashOf(spec.seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + (h % 60)) % 360;
  const { width: w, height: ht } = spec;
  const fontSize = Math.max(18, Math.round(Math.min(w, ht) / 12));
  const circles = [0, 1, 2]
    .map((i) => {
      const r = ((h >> (i * 5)) % 100) / 100;
      return `<circle cx="${Math.round(w * (0.2 + 0.3 * i))}" cy="${Math.round(ht * (0.3 + 0.4 * r))}" r="${Math.round(Math.min(w, ht) * (0.15 + 0.2 * r))}" fill="hsl(${(hue + 30 * i) % 360},60%,80%)" fill-opacity="0.35"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},45%,35%)"/><stop offset="1" stop-color="hsl(${hue2},55%,55%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${circles}
<text x="50%" y="52%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="#fff">${escapeXml(spec.label)}</text>
</svg>`;
}

/** Breaks a title into at most two lines of about `width` characters, at word boundaries. */
export function wrapTitle(title: string, width = 18): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of title.split(/\s+/)) {
    if (current && `${current} ${word}`.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= 2) return lines;
  return [lines[0]!, lines.slice(1).join(' ')];
}

export function logoSvg(client: ClientConfig): string {
  const hue = hashOf(client.name) % 360;
  const initials = escapeXml(client.name);
  const lines = wrapTitle(client.title);
  const fontSize = lines.length > 1 || (lines[0]?.length ?? 0) > 14 ? 14 : 17;
  const textLines = lines
    .map(
      (line, i) =>
        `<tspan x="72" y="${lines.length > 1 ? 28 + i * 18 : 38}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="${escapeXml(client.title)}">
<rect x="2" y="2" width="60" height="60" rx="14" fill="hsl(${hue},55%,32%)"/>
<text x="32" y="41" text-anchor="middle" font-family="Georgia, serif" font-size="${initials.length > 3 ? 16 : 22}" font-weight="700" fill="#fff">${initials}</text>
<text font-family="Georgia, serif" font-size="${fontSize}" fill="hsl(${hue},55%,22%)">${textLines}</text>
</svg>`;
}

/** The responsive set stored beside a spec's picture (src/common/picture-set.ts). */
export function pictureSetOfSpec(spec: ImageSpec): PictureSet {
  return pictureSetBeside(`/media/${spec.path}`, spec.width, spec.height);
}

/** Whether any file of a spec's set is missing on disk. */
function missingSet(mediaDir: string, spec: ImageSpec): boolean {
  const set = pictureSetOfSpec(spec);
  const stem = join(mediaDir, set.path.replace(/^\/media\//, ''));
  return set.widths.some((w) =>
    PICTURE_FORMATS.some((format) => !existsSync(`${stem}-${w}.${format}`)),
  );
}

/** Sharp, loaded on the first picture to make: most starts make none, and it takes a while to load. */
async function loadEncoders() {
  const [{ default: sharp }, { writePictureSet }] = await Promise.all([
    import('sharp'),
    import('./image-pipeline.js'),
  ]);
  return { sharp, writePictureSet };
}

/** Draws a spec's placeholder picture at its path. */
async function drawPlaceholder(mediaDir: string, spec: ImageSpec): Promise<void> {
  const { sharp } = await loadEncoders();
  const file = join(mediaDir, spec.path);
  mkdirSync(dirname(file), { recursive: true });
  const image = sharp(Buffer.from(placeholderSvg(spec)));
  const output = /\.png$/.test(file)
    ? image.png()
    : /\.webp$/.test(file)
      ? image.webp({ quality: 70 })
      : image.jpeg({ quality: 72, progressive: true, mozjpeg: true });
  await output.toFile(file);
}

/**
 * Stores a spec's set beside its picture (drawn, or a host's photo) through the image pipeline's
 * encoder: the spec's widths × AVIF, WebP and JPEG, cropped to the spec's shape so the width and
 * height the page gives stay true.
 */
export async function storeSetOfSpec(
  mediaDir: string,
  spec: ImageSpec,
  /** Only this width and format (the one file a page asked for); the whole set by default. */
  only?: { width: number; format: PictureFormat },
): Promise<void> {
  const { sharp, writePictureSet } = await loadEncoders();
  const set = pictureSetOfSpec(spec);
  const file = join(mediaDir, spec.path);
  await writePictureSet(sharp(file, { failOn: 'none' }).rotate(), {
    dir: dirname(file),
    name: basename(set.path),
    widths: only ? [only.width] : set.widths,
    aspect: spec.height / spec.width,
    avifEffort: 0,
    ...(only ? { formats: [only.format] } : {}),
  });
}

/**
 * Draws every missing placeholder picture and logo; with `sets`, also stores every missing set
 * beside its picture (drawn or dropped in by a host). Only missing files are made, so a start
 * with everything in place only checks the disk. Without `sets` (the server's start) the sets
 * are made when a page first asks for one of their files (picture-sets-on-demand.ts); a release
 * step runs this with `sets` so no visitor waits for one. Returns how many pictures and sets
 * were made.
 */
export async function ensurePlaceholderImages(
  mediaDir: string,
  clients: ClientConfig[],
  products: ProductPictures[],
  options: { sets?: boolean } = {},
): Promise<number> {
  let created = 0;
  for (const client of clients) {
    const logoPath = join(mediaDir, mediaFolderOf(client), 'logo.svg');
    if (!existsSync(logoPath)) {
      mkdirSync(dirname(logoPath), { recursive: true });
      writeFileSync(logoPath, logoSvg(client));
      created++;
    }
  }
  const specs = listImageSpecs(clients, products);
  // A few at a time: sharp is multi-threaded already, and this keeps memory flat.
  const inBatches = async (
    list: ImageSpec[],
    size: number,
    work: (spec: ImageSpec) => Promise<void>,
  ) => {
    for (let i = 0; i < list.length; i += size) {
      await Promise.all(list.slice(i, i + size).map(work));
      created += Math.min(size, list.length - i);
    }
  };
  await inBatches(
    specs.filter((s) => !existsSync(join(mediaDir, s.path))),
    8,
    (spec) => drawPlaceholder(mediaDir, spec),
  );
  if (options.sets) {
    await inBatches(
      specs.filter((s) => missingSet(mediaDir, s)),
      2,
      (spec) => storeSetOfSpec(mediaDir, spec),
    );
  }
  return created;
}
