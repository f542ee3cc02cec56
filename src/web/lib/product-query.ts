import { queryOptions } from '@tanstack/react-query';
import { productSchema, type Product } from '@common/catalogue';
import { productQueryKey } from '@common/page-data';
import { ApiError, apiJson } from './api-client';

/** A 4xx will not change on retry (no such product, a mistyped id); a 5xx or network error may. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** null when this client has no such product, as the server also prerenders it (page-data.ts). */
export async function getProduct(id: string): Promise<Product | null> {
  try {
    return productSchema.parse(await apiJson(`/api/products/${encodeURIComponent(id)}`));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * One product, under the one key the server seeds it with: the product page and the home page's
 * featured product share it, so a product seen on one shows at once on the other.
 */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: () => getProduct(id),
    retry: retryUnlessClientError,
  });
}
