import { Link } from 'react-router';
import type { Product } from '@common/catalogue';
import { ProductPrice } from './product-price';

/** A list card: picture, title, price and View Details (spec section 2). */
export function ProductCard({ product, eager }: { product: Product; eager: boolean }) {
  return (
    <article className="product-card">
      <img
        src={product.picture}
        alt=""
        width={800}
        height={600}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
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
