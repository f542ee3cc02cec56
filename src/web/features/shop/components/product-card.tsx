import { Link } from 'react-router';
import type { ProductSummary } from '@common/catalogue';
import { shownWidths } from '@common/picture-set';
import { ProductImage } from '@/components/product-image';
import { ProductAvailability, ProductPrice } from './product-price';

/** A list card: picture, title, price and View Details (spec section 2). */
/**
 * `first`: the list's first card, whose picture is the page's largest paint (the server preloads
 * it, src/server/pages/page-data.ts): fetched at once and first. The others wait for layout, so
 * on a phone they do not share the slow connection with it.
 */
export function ProductCard({ product, first }: { product: ProductSummary; first: boolean }) {
  return (
    <article className="product-card">
      <ProductImage
        product={product}
        alt=""
        sizes={shownWidths.productCard}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
      />
      <div className="product-card-body">
        <h2>{product.title}</h2>
        <ProductPrice product={product} />
        <ProductAvailability product={product} />
        <Link className="button" to={`/product/${product.id}`}>
          View Details<span className="visually-hidden"> of {product.title}</span>
        </Link>
      </div>
    </article>
  );
}
