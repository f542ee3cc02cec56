import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPounds, toPounds } from '@common/money';
import { LoadingLine } from '@/components/loading-line';
import { ProductImage } from '@/components/product-image';
import { useClient } from '@/lib/client-context';
import { productQuery } from '@/lib/product-query';
import { withQueryClient } from '@/lib/query-provider';

/** A featured product block: one product of the client's catalogue with a See More button. */
export function FeaturedProduct({ productId }: { productId: number }) {
  const client = useClient();
  const product = useQuery(productQuery(String(productId)));
  // A product the catalogue no longer has (null) or cannot give right now is left out.
  if (product.isError || product.data === null) return null;
  return (
    <section className="featured-product" aria-labelledby="featured-product-heading">
      <h2 id="featured-product-heading">Featured product</h2>
      {product.data ? (
        <div className="featured-product__card">
          <ProductImage
            product={product.data}
            alt={product.data.title}
            sizes="(min-width: 72rem) 34rem, (min-width: 48rem) 50vw, 100vw"
          />
          <div className="featured-product__text">
            <h3>{product.data.title}</h3>
            <p className="featured-product__price">
              {formatPounds(toPounds(product.data.price, client.pricesInPence))}
            </p>
            <Link to={`/product/${product.data.id}`} className="button button--primary">
              See More<span className="visually-hidden"> about {product.data.title}</span>
            </Link>
          </div>
        </div>
      ) : (
        <LoadingLine>Loading the featured product…</LoadingLine>
      )}
    </section>
  );
}

export const FeaturedProductWithQueries = withQueryClient(FeaturedProduct);
