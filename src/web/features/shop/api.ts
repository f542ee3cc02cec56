import { productListSchema, type Product } from '@common/catalogue';
import type { ProductCategory } from '@common/routes';
import { apiJson } from '@/lib/api-client';

// The catalogue's list fetcher; the TanStack Query hooks over it are in product-queries.ts, so
// checkout, which only re-prices through the query client, does not load useQuery. One product
// is fetched by @/lib/product-query, which the home page's featured product shares.

export const productsQueryKey = (category?: ProductCategory) =>
  category ? (['products', { category }] as const) : (['products'] as const);

export async function getProducts(category?: ProductCategory): Promise<Product[]> {
  const query = category ? `?category=${encodeURIComponent(category)}` : '';
  return productListSchema.parse(await apiJson(`/api/products${query}`));
}
