import { largestJpegOf, srcSetOf, type PictureSet } from '@common/picture-set';

/**
 * Every picture on the site: a <picture> offering AVIF and WebP in every stored width, the JPEG
 * widths as the fallback, and the picture's own width and height so the layout never shifts
 * while it arrives. `sizes` says how wide it is shown, so a phone fetches a small file.
 */
export function ResponsivePicture({
  set,
  alt,
  sizes,
  className,
  loading = 'lazy',
  fetchPriority,
  draggable,
  widestShown,
}: {
  set: PictureSet;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown at each viewport width. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** 'high' for the page's largest picture; 'low' for small ones beside it (thumbnails). */
  fetchPriority?: 'high' | 'auto' | 'low';
  draggable?: boolean;
  /** The most CSS pixels it is ever shown across (a thumbnail): larger files are left out. */
  widestShown?: number;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(set, 'avif', widestShown)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(set, 'webp', widestShown)} sizes={sizes} />
      <img
        className={className}
        src={largestJpegOf(set)}
        srcSet={srcSetOf(set, 'jpeg', widestShown)}
        sizes={sizes}
        alt={alt}
        width={set.width}
        height={set.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        draggable={draggable}
      />
    </picture>
  );
}
