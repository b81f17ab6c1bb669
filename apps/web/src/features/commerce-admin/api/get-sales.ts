import { useQuery } from '@tanstack/react-query';
import type { SalesOverview } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { salesKey } from './keys';

/** GET /v2/admin/commerce/sales */
export async function getSalesOverview(signal?: AbortSignal) {
  const body = await backend.get<{ data: SalesOverview }>(
    '/v2/admin/commerce/sales',
    signal ? { signal } : {},
  );
  return body.data;
}

export const useSalesOverview = () =>
  useQuery({ queryKey: salesKey, queryFn: ({ signal }) => getSalesOverview(signal) });
