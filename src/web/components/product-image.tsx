import { coverSetOf, type Product } from '@common/catalogue';
import { ResponsivePicture } from './responsive-picture';

/**
 * A product's cover picture as a <picture> with AVIF, WebP and JPEG in every stored width and
 * its own width and height (an owner's upload, or the drawn cover stored the same way).
 */
export function ProductImage({
  product,
  alt,
  sizes,
  className,
  loading = 'lazy',
  fetchPriority,
}: {
  product: Pick<Product, 'picture' | 'pictureSet'>;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** 'high' for the page's largest picture (the first card of a list). */
  fetchPriority?: 'high';
}) {
  return (
    <ResponsivePicture
      set={coverSetOf(product)}
      alt={alt}
      sizes={sizes}
      className={className}
      loading={loading}
      fetchPriority={fetchPriority}
    />
  );
}
