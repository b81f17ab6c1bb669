import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { productsKey, shopAdminKey } from './keys';

/** GET /v2/admin/commerce/products: every product, on sale or not. */
export async function getAdminProducts(signal?: AbortSignal) {
  const body = await backend.get<{ data: AdminProduct[] }>(
    '/v2/admin/commerce/products',
    signal ? { signal } : {},
  );
  return body.data;
}

export const adminProductsQueryOptions = () =>
  queryOptions({ queryKey: productsKey, queryFn: ({ signal }) => getAdminProducts(signal) });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

export interface ShopCategory {
  id: number;
  name: string;
  /** 'TeenVoice Research › Reports › Digital life' */
  path: string;
  isActive: boolean;
}

/** GET /v2/admin/commerce/categories: what a product can be filed under. */
export async function getShopCategories(signal?: AbortSignal) {
  const body = await backend.get<{ data: ShopCategory[] }>(
    '/v2/admin/commerce/categories',
    signal ? { signal } : {},
  );
  return body.data;
}

export const useShopCategories = () =>
  useQuery({
    queryKey: [...shopAdminKey, 'categories'],
    queryFn: ({ signal }) => getShopCategories(signal),
    staleTime: 5 * 60_000,
  });
