import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTermsVersionSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';

export const termsVersionsKey = [...contentAdminKey, 'terms'] as const;

/** GET /v2/admin/content/terms: every terms version, published and draft. */
export async function getTermsVersions(signal?: AbortSignal) {
  const body = await backend.get<{ data: unknown }>('/v2/admin/content/terms', {
    ...(signal ? { signal } : {}),
  });
  return adminTermsVersionSchema.array().parse(body.data);
}

export const termsVersionsQueryOptions = () =>
  queryOptions({ queryKey: termsVersionsKey, queryFn: ({ signal }) => getTermsVersions(signal) });

export const useTermsVersions = () => useQuery(termsVersionsQueryOptions());
