import { queryOptions, useQuery } from '@tanstack/react-query';
import { createHttpClient } from '../../../lib/http';

export interface Seller {
  name: string;
  address: string[];
  email: string;
}

const site = createHttpClient({
  baseUrl: '/commerce-content',
  credentials: 'same-origin',
  errorMessage: (method, path) => `[commerce-content, ${method}, ${path} request errored]`,
});

/** GET /commerce-content/seller: who sells the reports, with the sales address every receipt gives. */
export const getSeller = (signal?: AbortSignal) =>
  site.get<{ data: Seller }>('/seller', signal ? { signal } : {}).then((body) => body.data);

export const getSellerQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'seller'],
    queryFn: ({ signal }) => getSeller(signal),
    staleTime: 300_000,
  });

/** The seller, once loaded (the contact page's loader loads it first); undefined if it could not be. */
export const useSeller = () => useQuery(getSellerQueryOptions()).data;
