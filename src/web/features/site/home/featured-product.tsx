import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPounds, toPounds } from '../../../../common/money';
import { useClient } from '../../../app/client-context';
import { apiJson } from '../../../lib/api-client';
import { withQueryClient } from '../../../app/query-provider';

/** Spec section 9: the featured product on the retailer's and the grocer's home pages. */
export const featuredProductId = 2;

interface FeaturedProductDto {
  id: number;
  title: string;
  price: number;
  picture: string;
}

export function FeaturedProduct() {
  const client = useClient();
  const product = useQuery({
    queryKey: ['product', client.name, featuredProductId],
    queryFn: () => apiJson<FeaturedProductDto>(`/api/products/${featuredProductId}`),
  });
  if (product.isError) return null;
  return (
    <section className="featured-product" aria-labelledby="featured-product-heading">
      <h2 id="featured-product-heading">Featured product</h2>
      {product.data ? (
        <div className="featured-product__card">
          <img
            src={product.data.picture}
            alt={product.data.title}
            width={800}
            height={600}
            loading="lazy"
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
        <p className="loading-text">Loading the featured product…</p>
      )}
    </section>
  );
}

export const FeaturedProductWithQueries = withQueryClient(FeaturedProduct);
