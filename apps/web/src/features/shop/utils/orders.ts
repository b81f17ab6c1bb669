import type { DownloadableProduct, OrderShape, OrderStateName } from '@tv/contract';

export type OrderStatusLabel = 'Paid' | 'Awaiting payment' | 'Refunded' | 'Canceled';

/** An order's state in words a buyer understands (Magento's states underneath). */
export function orderStatusLabel(state: OrderStateName): OrderStatusLabel {
  switch (state) {
    case 'complete':
    case 'processing':
      return 'Paid';
    case 'closed':
      return 'Refunded';
    case 'canceled':
      return 'Canceled';
    case 'new':
    case 'pending_payment':
      return 'Awaiting payment';
  }
}

export const orderStatusColor: Record<OrderStatusLabel, string> = {
  Paid: 'green',
  'Awaiting payment': 'yellow',
  Refunded: 'gray',
  Canceled: 'red',
};

export const isPaid = (order: Pick<OrderShape, 'state'>) => orderStatusLabel(order.state) === 'Paid';

/** 'x of y left', or 'Unlimited' when the product allows any number of downloads. */
export function downloadsLeft(
  link: Pick<DownloadableProduct, 'number_of_downloads_bought' | 'number_of_downloads_used'>,
): string {
  const bought = link.number_of_downloads_bought;
  if (bought === 0) return 'Unlimited';
  const left = Math.max(0, bought - link.number_of_downloads_used);
  return `${left} of ${bought} left`;
}

/** Why a purchased report cannot be downloaded right now, or null when it can. */
export function downloadBlocker(
  link: Pick<
    DownloadableProduct,
    'status' | 'download_url' | 'number_of_downloads_bought' | 'number_of_downloads_used'
  >,
): string | null {
  if (link.status === 'pending_payment') return 'Unlocks when the invoice is paid.';
  if (link.status === 'expired') return 'No longer available: the order was refunded or canceled.';
  const bought = link.number_of_downloads_bought;
  if (bought > 0 && link.number_of_downloads_used >= bought)
    return `You have used all ${bought} downloads of this report. Contact support if you need more.`;
  if (!link.download_url) return 'Not available right now. Reload the page to try again.';
  return null;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 'March 3, 2026' in the reader's own time zone (an order's moment, not a calendar date). */
export function formatOrderDate(value: string | null | undefined): string {
  if (!value) return '';
  // Magento writes dates as 'YYYY-MM-DD HH:MM:SS' in UTC; a browser would read that as local time.
  const date = new Date(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}Z` : value,
  );
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export const formatUsd = (value: number) => usdFormat.format(value);

/** An order id from the address: a positive whole number, or null. */
export function parseOrderId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
