import type { Product } from '@common/catalogue';

type PictureSet = NonNullable<Product['pictureSet']>;

/** `srcset` of one format of an uploaded picture: every stored width. */
export function srcSetOf(set: PictureSet, format: 'avif' | 'webp' | 'jpeg'): string {
  return set.widths.map((w) => `${set.path}-${w}.${format} ${w}w`).join(', ');
}

/**
 * A product's cover picture. An owner-uploaded one (issue 19) is a <picture> offering AVIF and
 * WebP in every stored width, with the JPEG as fallback, and its own width and height so the
 * layout does not shift; a seed picture stays one 800 × 600 JPEG.
 */
export function ProductImage({
  product,
  alt,
  sizes,
  className,
  loading = 'lazy',
}: {
  product: Product;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const set = product.pictureSet;
  if (!set) {
    return (
      <img
        className={className}
        src={product.picture}
        alt={alt}
        width={800}
        height={600}
        loading={loading}
        decoding="async"
      />
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(set, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(set, 'webp')} sizes={sizes} />
      <img
        className={className}
        src={product.picture}
        srcSet={srcSetOf(set, 'jpeg')}
        sizes={sizes}
        alt={alt}
        width={set.width}
        height={set.height}
        loading={loading}
        decoding="async"
      />
    </picture>
  );
}
