import * as z from 'zod/mini';
import type { ProductCategory } from '../../../common/routes';
import { ApiError, apiJson } from '../../lib/api-client';

// The catalogue's wire shape and fetchers; the TanStack Query hooks over them are in product-queries.ts,
// so checkout, which only re-prices through the query client, does not load useQuery.

/** A product as GET /api/products answers it; checked here because it comes over the wire. */
export const productSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  title: z.string(),
  price: z.number().check(z.nonnegative()),
  category: z.string(),
  blurb: z.string(),
  picture: z.string(),
  listingPictures: z.array(z.string()),
});
export type Product = z.infer<typeof productSchema>;

export const productsQueryKey = (category?: ProductCategory) =>
  category ? (['products', { category }] as const) : (['products'] as const);

export async function getProducts(category?: ProductCategory): Promise<Product[]> {
  const query = category ? `?category=${encodeURIComponent(category)}` : '';
  return z.array(productSchema).parse(await apiJson<unknown>(`/api/products${query}`));
}

/** null when this client has no such product, as the server also prerenders it (page-data.ts). */
export async function getProduct(id: string): Promise<Product | null> {
  try {
    return productSchema.parse(await apiJson<unknown>(`/api/products/${encodeURIComponent(id)}`));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
