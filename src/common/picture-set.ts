/**
 * A picture as the image pipeline stores it (src/server/media/image-pipeline.ts): files at
 * `${path}-${w}.${avif|webp|jpeg}` for each of `widths`, so the site can offer a phone a small
 * AVIF and keep the layout still with the width and height (docs/decisions/0032-uploaded-pictures.md).
 * Owners' uploads and the drawn placeholders are stored the same way. No zod here: the site's
 * first bundle draws pictures and must not carry a schema library (pictureSetSchema is in
 * catalogue.ts, where answers are parsed).
 */
export interface PictureSet {
  /** Media path without width and extension, e.g. `/media/SE/uploads/p7-abc123`. */
  path: string;
  /** Size of the picture at its largest stored width. */
  width: number;
  height: number;
  /** The stored widths, ascending; the last equals `width`. */
  widths: number[];
  /** The file the set was made from, when kept (a drawn placeholder): the `src` older browsers get. */
  src?: string | undefined;
}

/** The standard widths a picture is stored in (only those below its own width: never upscaled). */
/** The widest a picture is stored: a phone at 3× needs no more for the site's layout. */
const largestWidth = 1280;
export const PICTURE_WIDTHS = [320, 640, 960, largestWidth] as const;

export const PICTURE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** The widths to store for a picture `width` pixels wide: the standard ones below it, plus itself (at most the largest). */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, largestWidth);
  const widths: number[] = PICTURE_WIDTHS.filter((w) => w < top);
  widths.push(top);
  return widths;
}

/** The densest screens the site chooses pictures for (a phone at 3×). */
const densestScreen = 3;

/**
 * `srcset` of one format of a picture: every stored width, or, for a picture never shown wider
 * than `widestShown` CSS pixels (a thumbnail), only those a 3× screen could choose: the widths
 * below it and the first at or above it (each width left out is some 35 bytes of every page).
 */
export function srcSetOf(set: PictureSet, format: PictureFormat, widestShown?: number): string {
  const enough = widestShown === undefined ? Infinity : widestShown * densestScreen;
  const firstEnough = set.widths.findIndex((w) => w >= enough);
  const widths = firstEnough < 0 ? set.widths : set.widths.slice(0, firstEnough + 1);
  return widths.map((w) => `${set.path}-${w}.${format} ${w}w`).join(', ');
}

/** The `src` every browser can show: the kept source file, else the largest stored JPEG. */
export function largestJpegOf(set: PictureSet): string {
  return set.src ?? `${set.path}-${set.width}.jpeg`;
}

/**
 * The set stored beside a picture file drawn (or dropped in) at a known size, e.g.
 * `/media/SE/gallery/1.jpeg` at 800 × 600 has `/media/SE/gallery/1-320.avif` … `1-800.jpeg`.
 * The placeholder step (src/server/media/placeholder-images.ts) stores exactly these widths.
 */
export function pictureSetBeside(src: string, width: number, height: number): PictureSet {
  const widths = widthsFor(width);
  const top = widths[widths.length - 1] ?? width;
  return {
    path: src.replace(/\.[A-Za-z0-9]+$/, ''),
    width: top,
    height: Math.round((height * top) / width),
    widths,
    src,
  };
}

/**
 * How wide the pictures a page preloads are shown (the `sizes` attribute). The server's preload
 * link and the screen's <picture> must say the same, or the browser fetches the picture twice.
 */
export const shownWidths = {
  /** The home page slider: the page's width, at most 72rem (slider.css). */
  slide: '(min-width: 72rem) 72rem, 100vw',
  /** A product page's large picture: three fifths of the page from 48rem (shop.css). */
  productMain: '(min-width: 72rem) 42rem, (min-width: 48rem) 58vw, 100vw',
  /** A product list's card: three or two to a row, one on a phone (shop.css). */
  productCard: '(min-width: 64rem) 20rem, (min-width: 40rem) 45vw, 100vw',
} as const;

/** A picture the page preloads, with the srcset and sizes its <picture> will choose from. */
export interface PreloadPicture {
  set: PictureSet;
  sizes: string;
}
