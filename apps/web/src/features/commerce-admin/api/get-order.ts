import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { orderKey } from './keys';

/** GET /v2/admin/commerce/orders/:id */
export async function getAdminOrder(id: number, signal?: AbortSignal) {
  const body = await backend.get<{ data: AdminOrderDetail }>(
    `/v2/admin/commerce/orders/${id}`,
    signal ? { signal } : {},
  );
  return body.data;
}

export const adminOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKey(id), queryFn: ({ signal }) => getAdminOrder(id, signal) });

export const useAdminOrder = (id: number) => useQuery(adminOrderQueryOptions(id));
