import { useQuery } from '@tanstack/react-query';
import { productQuery, retryUnlessClientError } from '@/lib/product-query';
import { productListQueryKey } from '@common/page-data';
import { getProducts } from './api';

export function useProducts(category?: string) {
  return useQuery({
    queryKey: productListQueryKey(category),
    queryFn: () => getProducts(category),
    retry: retryUnlessClientError,
  });
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
