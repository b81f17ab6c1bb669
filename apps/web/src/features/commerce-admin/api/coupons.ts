import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, AdminCouponInput } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { shopAdminKey } from './keys';

export const couponsKey = [...shopAdminKey, 'coupons'] as const;

/** GET /v2/admin/commerce/coupons */
export const useCoupons = () =>
  useQuery({
    queryKey: couponsKey,
    queryFn: async ({ signal }) =>
      (await backend.get<{ data: AdminCoupon[] }>('/v2/admin/commerce/coupons', { signal })).data,
  });

/** POST /v2/admin/commerce/coupons */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdminCouponInput) =>
      (await backend.post<{ data: AdminCoupon }>('/v2/admin/commerce/coupons', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

/** POST /v2/admin/commerce/coupons/:id/deactivate */
export function useDeactivateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await backend.post<{ data: AdminCoupon }>(`/v2/admin/commerce/coupons/${id}/deactivate`, {})).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}
