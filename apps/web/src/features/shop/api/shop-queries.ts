import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DownloadableProductsResult, PaymentInformationBody } from '@tv/contract';
import { commerceApi } from '../../../lib/commerce-client';
import { isHttpError } from '../../../lib/http-error';

/** Everything the shop screens read; all of it is the signed-in customer's own. */
export const shopKeys = {
  all: ['shop'] as const,
  cart: () => ['shop', 'cart'] as const,
  totals: () => ['shop', 'cart', 'totals'] as const,
  products: (skus: readonly string[]) => ['shop', 'products', [...skus].sort()] as const,
  orders: () => ['shop', 'orders'] as const,
  downloads: () => ['shop', 'downloads'] as const,
  receipt: (orderId: number) => ['shop', 'receipt', orderId] as const,
  documents: () => ['shop', 'documents'] as const,
  cardPayment: (orderId: number) => ['shop', 'card-payment', orderId] as const,
};

/** A 404 is an answer (no such order, no receipt yet), not a reason to retry. */
const retryUnlessMissing = (failures: number, error: unknown) =>
  !(isHttpError(error) && error.status >= 400 && error.status < 500) && failures < 2;

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.cart(),
    queryFn: () => commerceApi.getCart(),
    retry: retryUnlessMissing,
  });

export const useCart = (enabled = true) => useQuery({ ...cartQueryOptions(), enabled });

export const useCartTotals = (enabled: boolean) =>
  useQuery({
    queryKey: shopKeys.totals(),
    queryFn: () => commerceApi.getTotals(),
    enabled,
    retry: retryUnlessMissing,
  });

/** The catalog's render info of these SKUs (format, pages, the report's page), public and cached. */
export const useCatalogProducts = (skus: readonly string[]) =>
  useQuery({
    queryKey: shopKeys.products(skus),
    queryFn: () => commerceApi.productsBySku([...skus]),
    enabled: skus.length > 0,
    staleTime: 60_000,
  });

// Orders and downloads change behind the screen (an order placed, staff marking an invoice paid, a download
// counted), so every screen that shows them asks again when it opens.
export const useOrders = () =>
  useQuery({
    queryKey: shopKeys.orders(),
    queryFn: () => commerceApi.orders({ storeId: 1 }),
    retry: retryUnlessMissing,
    staleTime: 0,
  });

export const downloadsQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.downloads(),
    queryFn: (): Promise<DownloadableProductsResult> => commerceApi.downloadableProducts(),
    retry: retryUnlessMissing,
    staleTime: 0,
  });

export const useDownloadableProducts = (enabled = true) => useQuery({ ...downloadsQueryOptions(), enabled });

export const useReceipt = (orderId: number | null) =>
  useQuery({
    queryKey: shopKeys.receipt(orderId ?? 0),
    queryFn: () => commerceApi.receipt(orderId ?? 0),
    enabled: orderId !== null,
    retry: retryUnlessMissing,
  });

/** Every invoice, receipt and credit note: purchase history keeps them all. */
export const useOrderDocuments = () =>
  useQuery({
    queryKey: shopKeys.documents(),
    queryFn: () => commerceApi.documents(),
    retry: retryUnlessMissing,
    staleTime: 0,
  });

/**
 * A card order's payment, asked every 2 seconds while Stripe's webhook has not marked it paid (the
 * server also asks Stripe each time), for two minutes at most.
 */
export const useCardPayment = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: shopKeys.cardPayment(orderId),
    queryFn: () => commerceApi.cardPayment(orderId),
    enabled,
    retry: retryUnlessMissing,
    refetchInterval: (query) =>
      query.state.data?.state === 'pending_payment' && query.state.dataUpdateCount < 60 ? 2_000 : false,
  });

/**
 * Places the order for the active cart; the answer is the new order's entity id. The caller refreshes
 * the shop's data once it has left the cart, so the cart does not flash empty first.
 */
export const usePlaceOrder = () =>
  useMutation({ mutationFn: (body: PaymentInformationBody) => commerceApi.placeOrder(body) });

/** Marks everything the shop read as stale (after an order, a removal, a download). */
export function useRefreshShop() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shopKeys.all });
}
