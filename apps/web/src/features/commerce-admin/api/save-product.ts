import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductInput } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { productsKey, salesKey } from './keys';

export type SaveProduct =
  | { id: null; input: AdminProductInput }
  | { id: number; input: AdminProductInput; version: number };

/** POST /v2/admin/commerce/products, or PUT …/products/:id with the version the edit started from. */
export async function saveProduct(save: SaveProduct): Promise<AdminProduct> {
  const body =
    save.id === null
      ? await backend.post<{ data: AdminProduct }>('/v2/admin/commerce/products', save.input)
      : await backend.put<{ data: AdminProduct }>(`/v2/admin/commerce/products/${save.id}`, {
          ...save.input,
          version: save.version,
        });
  return body.data;
}

/** Replaces the saved product in the list at once, then refreshes what depends on it. */
export function useProductCache() {
  const queryClient = useQueryClient();
  return (product: AdminProduct) => {
    queryClient.setQueryData<AdminProduct[]>(productsKey, (list) => {
      if (!list) return list;
      const known = list.some((item) => item.id === product.id);
      return known ? list.map((item) => (item.id === product.id ? product : item)) : [...list, product];
    });
    void queryClient.invalidateQueries({ queryKey: productsKey });
    void queryClient.invalidateQueries({ queryKey: salesKey });
  };
}

export const useSaveProduct = () => {
  const remember = useProductCache();
  return useMutation({ mutationFn: saveProduct, onSuccess: remember });
};
