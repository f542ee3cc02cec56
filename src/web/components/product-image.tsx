import type { Product } from '@common/catalogue';
import { pictureSetBeside } from '@common/picture-set';
import { ResponsivePicture } from './responsive-picture';

/** The cover's stored set; a product answer without one (older data) has the drawn 800 × 600 cover. */
export function coverSetOf(product: Pick<Product, 'picture' | 'pictureSet'>) {
  return product.pictureSet ?? pictureSetBeside(product.picture, 800, 600);
}

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
}: {
  product: Product;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  return (
    <ResponsivePicture
      set={coverSetOf(product)}
      alt={alt}
      sizes={sizes}
      className={className}
      loading={loading}
    />
  );
}
