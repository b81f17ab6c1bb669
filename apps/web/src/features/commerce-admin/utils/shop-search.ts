import type { OrderStateName } from '@tv/contract';
import { orderStateOptions } from './order-states';

/** The orders screen's place lives in the URL: a link or Back shows the same search, filter and page. */
export interface OrdersSearch {
  q?: string;
  /** The order state filtered on (named apart from the content screen's `status`, which has other values). */
  state?: OrderStateName;
  page?: number;
}

export function ordersSearch(search: Record<string, unknown>): OrdersSearch {
  const q =
    typeof search.q === 'string'
      ? search.q
          .replace(/\p{Cc}/gu, '')
          .trim()
          .slice(0, 200)
      : '';
  const page = Number(search.page);
  const state = orderStateOptions.find((option) => option.value === search.state)?.value;
  return {
    ...(q ? { q } : {}),
    ...(state ? { state } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
  };
}

/** The order detail route: a positive whole-number id. */
export const isValidOrderParams = (params: Record<string, string>) =>
  /^[1-9]\d{0,9}$/.test(params.orderId ?? '') && Number(params.orderId) <= 2_147_483_647;

export const shopAdminPath = '/research/builder/admin/shop';
