import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { backend } from '../lib/backend-client';
import { commerce, commerceAuthHeaders } from '../lib/commerce-client';
import { registerSignOutReset } from './sign-out-resets';

export interface CartItem {
  item_id: number;
  name: string;
  product_type: string;
  sku: string;
  price: number;
}

export interface Cart {
  items: CartItem[];
  items_count: number;
}

const isCartItem = (value: unknown): value is CartItem => {
  const item = value as Partial<CartItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.item_id === 'number' &&
    typeof item.name === 'string' &&
    typeof item.product_type === 'string' &&
    typeof item.sku === 'string' &&
    typeof item.price === 'number'
  );
};

/** The cart response checked against the cart shape of spec §3; null when it does not match. */
export function parseCart(value: unknown): Cart | null {
  const cart = value as Partial<Cart> | null;
  if (typeof cart !== 'object' || cart === null) return null;
  if (!Array.isArray(cart.items) || !cart.items.every(isCartItem)) return null;
  if (typeof cart.items_count !== 'number') return null;
  return { items: cart.items, items_count: cart.items_count };
}

/** A store action's failure names the action (spec §8) and keeps the original error as its cause. */
const actionFailed = (action: string, cause: unknown) =>
  new Error(`[cart store, ${action}] ${cause instanceof Error ? cause.message : String(cause)}`, { cause });

async function customerToken(): Promise<string> {
  const body = await backend.get<{ data?: { token?: unknown } }>('/ecommerce/customer-token');
  const token = body?.data?.token;
  if (typeof token !== 'string' || !token) throw new Error('The commerce token answer had no token.');
  return token;
}

interface CartState {
  /** A product chosen before signing in, added to the cart once the person has an account. */
  pendingSku: string | null;
  cartId: number | null;
  itemsCount: number;
  setPendingSku: (sku: string | null) => void;
  /** Adds the pending SKU; it stays pending when the storefront cannot take it yet. */
  addPendingSkuToCart: () => Promise<void>;
  reset: () => void;
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      pendingSku: null,
      cartId: null,
      itemsCount: 0,
      setPendingSku: (pendingSku) => set({ pendingSku }),
      addPendingSkuToCart: async () => {
        const sku = get().pendingSku;
        if (!sku) return;
        try {
          const headers = commerceAuthHeaders(await customerToken());
          const quoteId = await commerce.post<number>('/carts/mine', undefined, { headers });
          const cart = parseCart(await commerce.get('/carts/mine', { headers }));
          const alreadyInCart = cart?.items.some((item) => item.sku === sku) ?? false;
          if (!alreadyInCart) {
            await commerce.post(
              '/carts/mine/items',
              { cartItem: { quote_id: quoteId, qty: 1, sku } },
              { headers },
            );
          }
          const refreshed = parseCart(await commerce.get('/carts/mine', { headers }));
          set({
            pendingSku: null,
            cartId: quoteId,
            itemsCount: refreshed?.items_count ?? (cart?.items_count ?? 0) + (alreadyInCart ? 0 : 1),
          });
        } catch (error) {
          throw actionFailed('addPendingSkuToCart', error);
        }
      },
      reset: () => set({ itemsCount: 0, cartId: null }),
    }),
    {
      name: 'tv_cart',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ pendingSku, cartId }) => ({ pendingSku, cartId }),
    },
  ),
);

registerSignOutReset(() => {
  useCartStore.getState().reset();
  useCartStore.getState().setPendingSku(null);
});
