import { COMMERCE_CURRENCY } from '@tv/contract';
import { pushDataLayer } from './analytics';

/** What the tag manager learns about a cart item: its SKU, name and price, never who bought it. */
export interface CartEventItem {
  sku: string;
  name: string;
  /** In dollars, as the storefront shows it. */
  price: number;
}

export type CartEventName = 'add_to_cart' | 'remove_from_cart';

/**
 * Pushes GA4's `add_to_cart` / `remove_from_cart` to window.dataLayer (spec §7) in US dollars. The
 * previous ecommerce object is cleared first, as Google asks, so its items do not leak into this event.
 */
export function pushCartEvent(event: CartEventName, item: CartEventItem): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ ecommerce: null });
  pushDataLayer({
    event,
    ecommerce: {
      currency: COMMERCE_CURRENCY,
      value: item.price,
      items: [{ item_id: item.sku, item_name: item.name, price: item.price, quantity: 1 }],
    },
  });
}
