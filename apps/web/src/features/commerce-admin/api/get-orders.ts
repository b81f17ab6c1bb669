import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderList, OrderStateName } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { ordersKey } from './keys';

export const ORDERS_PAGE_SIZE = 20;

export interface OrdersQuery {
  q: string;
  status: OrderStateName | undefined;
  page: number;
}

/** GET /v2/admin/commerce/orders, in the shape the paged list takes ({data, meta}). */
export async function getAdminOrders(query: OrdersQuery, signal?: AbortSignal) {
  const body = await backend.get<{ data: AdminOrderList }>('/v2/admin/commerce/orders', {
    query: { q: query.q || undefined, status: query.status, page: query.page, pageSize: ORDERS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return { data: body.data.items, meta: { total: body.data.total, page: body.data.page } };
}

export const adminOrdersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: [...ordersKey, query],
    queryFn: ({ signal }) => getAdminOrders(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (query: OrdersQuery) => useQuery(adminOrdersQueryOptions(query));
