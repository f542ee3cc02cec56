import { useQuery } from '@tanstack/react-query';
import { productQueryKey } from '../../../common/page-data';
import type { ProductCategory } from '../../../common/routes';
import { ApiError } from '../../lib/api-client';
import { getProduct, getProducts, productsQueryKey } from './api';

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
