import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productQueryKey } from '../../../common/page-data';
import type { ProductCategory } from '../../../common/routes';
import { ApiError, apiJson } from '../../lib/api-client';

/** A product as GET /api/products answers it; checked here because it comes over the wire. */
export const productSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  price: z.number().finite().nonnegative(),
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

/** A 4xx will not change on retry (no such product, a mistyped id); a 5xx or network error may. */
function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function useProducts(category?: ProductCategory) {
  return useQuery({
    queryKey: productsQueryKey(category),
    queryFn: () => getProducts(category),
    retry: retryUnlessClientError,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productQueryKey(id),
    queryFn: () => getProduct(id),
    retry: retryUnlessClientError,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
