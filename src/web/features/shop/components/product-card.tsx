import { Link } from 'react-router';
import type { ProductSummary } from '@common/catalogue';
import { shownWidths } from '@common/picture-set';
import { ProductImage } from '@/components/product-image';
import { ProductPrice } from './product-price';

/** A list card: picture, title, price and View Details (spec section 2). */
export function ProductCard({ product, eager }: { product: ProductSummary; eager: boolean }) {
  return (
    <article className="product-card">
      <ProductImage
        product={product}
        alt=""
        sizes={shownWidths.productCard}
        loading={eager ? 'eager' : 'lazy'}
      />
      <div className="product-card-body">
        <h2>{product.title}</h2>
        <ProductPrice product={product} />
        <Link className="button" to={`/product/${product.id}`}>
          View Details<span className="visually-hidden"> of {product.title}</span>
        </Link>
      </div>
    </article>
  );
}
