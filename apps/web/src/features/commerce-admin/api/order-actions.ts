import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import type { OrderAction } from '../utils/order-states';
import { orderKey, ordersKey, productsKey, salesKey } from './keys';

export interface OrderActionRequest {
  action: OrderAction;
  /** The version shown; the server answers 409 when the order changed since. */
  version: number;
  /** Refunds only. */
  reason?: string;
  /** Refunds of some lines only; the whole order when left out. */
  itemIds?: number[];
}

/** POST /v2/admin/commerce/orders/:id/mark-paid | cancel | refund: answers the changed order. */
export async function runOrderAction(id: number, request: OrderActionRequest) {
  const body = await backend.post<{ data: AdminOrderDetail }>(
    `/v2/admin/commerce/orders/${id}/${request.action}`,
    request.action === 'refund'
      ? {
          version: request.version,
          reason: request.reason ?? '',
          ...(request.itemIds ? { itemIds: request.itemIds } : {}),
        }
      : { version: request.version },
  );
  return body.data;
}

export const useOrderAction = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OrderActionRequest) => runOrderAction(id, request),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: salesKey });
      void queryClient.invalidateQueries({ queryKey: productsKey });
    },
    onError: () => {
      // Whatever changed meanwhile (a 409) is shown on the next look.
      void queryClient.invalidateQueries({ queryKey: orderKey(id) });
    },
  });
};
