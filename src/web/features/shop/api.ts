import { productSummaryListSchema, type ProductSummary } from '@common/catalogue';
import { apiJson } from '@/lib/api-client';

// The catalogue's list fetcher; the TanStack Query hooks over it are in product-queries.ts, so
// checkout, which only re-prices through the query client, does not load useQuery. One product
// is fetched by @/lib/product-query, which the home page's featured product shares.

/**
 * The cards of a list: parsed to the summary, the same shape the server prerenders a list page
 * with (src/server/pages/page-data.ts), whatever else the answer carries.
 */
export async function getProducts(category?: string): Promise<ProductSummary[]> {
  const query = category ? `?category=${encodeURIComponent(category)}` : '';
  return productSummaryListSchema.parse(await apiJson(`/api/products${query}`));
}
