import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type CartEventItem, pushCartEvent } from '../lib/cart-events';
import { commerceApi } from '../lib/commerce-client';
import { isHttpError } from '../lib/http-error';
import { registerSignOutReset } from './sign-out-resets';
import { useUserStore } from './user-store';

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

/** The cart response checked against the cart shape of spec §3; null when it does not match (spec §5). */
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

async function wrapped<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw actionFailed(action, error);
  }
}

const isAuthenticated = () => useUserStore.getState().status === 'authenticated';

/** Adding failures where the storefront refused the product itself (unknown SKU, not on sale). */
const refusedProducts = new WeakSet<object>();
const productRefused = (error: unknown) =>
  typeof error === 'object' && error !== null && refusedProducts.has(error);

export interface CartState {
  /** The active cart's id, once known. */
  cartId: number | null;
  /** What the header's cart badge shows. */
  itemsCount: number;
  /** A product chosen before signing in, added to the cart once the person has an account (spec §4). */
  pendingSku: string | null;

  setPendingSku: (sku: string | null) => void;
  /** The active cart's id; the cart is created on demand. */
  ensureCart: () => Promise<number>;
  /** Adds the product unless its SKU is in the cart already; true when it was added. */
  addToCart: (item: CartEventItem) => Promise<boolean>;
  removeFromCart: (item: CartEventItem & { item_id: number }) => Promise<void>;
  /** Reloads the item count; anonymous visitors have no cart, so nothing is fetched for them. */
  refreshCount: () => Promise<void>;
  /** Adds the pending SKU; it stays pending when the storefront cannot take it yet. */
  addPendingSkuToCart: () => Promise<void>;
  /** Count 0 and no cart id (sign-in and sign-out). */
  reset: () => void;
}

let pendingAdd: Promise<void> | null = null;

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => {
      async function ensureCart(): Promise<number> {
        const cartId = await commerceApi.createCart();
        if (get().cartId !== cartId) set({ cartId });
        return cartId;
      }

      async function refreshCount(): Promise<void> {
        if (!isAuthenticated()) return;
        const raw = await commerceApi.getCart();
        const cart = parseCart(raw);
        const id = typeof raw?.id === 'number' ? raw.id : null;
        set({
          itemsCount: cart?.items_count ?? 0,
          ...(raw === null ? { cartId: null } : id ? { cartId: id } : {}),
        });
      }

      /** The shared rule: one cart, an SKU at most once, an event only when something was added. */
      async function addOnce(sku: string, describe: Omit<CartEventItem, 'sku'> | null): Promise<boolean> {
        const quoteId = await ensureCart();
        const cart = parseCart(await commerceApi.getCart());
        if (cart?.items.some((item) => item.sku === sku)) {
          set({ itemsCount: cart.items_count });
          return false;
        }
        const added = await commerceApi.addItem(sku, quoteId).catch((error: unknown) => {
          if (isHttpError(error) && (error.status === 400 || error.status === 404))
            refusedProducts.add(error);
          throw error;
        });
        pushCartEvent('add_to_cart', {
          sku,
          name: typeof added?.name === 'string' ? added.name : (describe?.name ?? sku),
          price: typeof added?.price === 'number' ? added.price : (describe?.price ?? 0),
        });
        const before = get().itemsCount;
        await refreshCount().catch(() => set({ itemsCount: Math.max(before, (cart?.items_count ?? 0) + 1) }));
        return true;
      }

      return {
        cartId: null,
        itemsCount: 0,
        pendingSku: null,

        setPendingSku: (pendingSku) => set({ pendingSku }),
        ensureCart: () => wrapped('ensureCart', ensureCart),
        refreshCount: () => wrapped('refreshCount', refreshCount),
        addToCart: ({ sku, name, price }) => wrapped('addToCart', () => addOnce(sku, { name, price })),
        removeFromCart: (item) =>
          wrapped('removeFromCart', async () => {
            await commerceApi.removeItem(item.item_id);
            pushCartEvent('remove_from_cart', item);
            await refreshCount();
          }),
        addPendingSkuToCart: () => {
          // Sign-in and the screen after it may both ask; the SKU is added by one of them.
          pendingAdd ??= wrapped('addPendingSkuToCart', async () => {
            const sku = get().pendingSku;
            if (!sku) return;
            try {
              await addOnce(sku, null);
            } catch (error) {
              // A product the storefront refuses stays refused (keeping it pending is useless); a
              // failure on the way (connection, token, server) may work at the next sign-in.
              if (productRefused(error)) set({ pendingSku: null });
              throw error;
            }
            if (get().pendingSku === sku) set({ pendingSku: null });
          }).finally(() => {
            pendingAdd = null;
          });
          return pendingAdd;
        },
        reset: () => set({ itemsCount: 0, cartId: null }),
      };
    },
    {
      name: 'tv_cart',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ pendingSku, cartId }) => ({ pendingSku, cartId }),
    },
  ),
);

/**
 * After sign-in or sign-up, before going on to ?redirect= (usually /cart): waits for the pending SKU to
 * be added, at most `timeoutMs`. A failure does not stop the sign-in; the SKU then stays pending.
 */
export async function finishPendingSku(timeoutMs = 8_000): Promise<void> {
  if (!useCartStore.getState().pendingSku) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    useCartStore
      .getState()
      .addPendingSkuToCart()
      .catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

registerSignOutReset(() => {
  useCartStore.getState().reset();
  useCartStore.getState().setPendingSku(null);
});
