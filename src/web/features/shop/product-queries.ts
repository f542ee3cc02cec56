import { useQuery } from '@tanstack/react-query';
import type { ProductCategory } from '@common/routes';
import { productQuery, retryUnlessClientError } from '@/lib/product-query';
import { getProducts, productsQueryKey } from './api';

export function useProducts(category?: ProductCategory) {
  return useQuery({
    queryKey: productsQueryKey(category),
    queryFn: () => getProducts(category),
    retry: retryUnlessClientError,
  });
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
