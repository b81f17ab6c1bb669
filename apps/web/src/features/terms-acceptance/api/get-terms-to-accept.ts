import { queryOptions, useQuery } from '@tanstack/react-query';
import { termsSchema } from '@tv/contract';
import { cms } from '../../../lib/cms-client';

export interface TermsToAccept {
  versionTimestamp: string;
  content: string;
}

/**
 * The newest published terms, straight from the content service. Not the sign-up form's copy: that one
 * is kept for the whole browser session, so it may well be the version this person must now replace,
 * and accepting it would be refused as outdated.
 */
export async function getTermsToAccept(signal?: AbortSignal): Promise<TermsToAccept> {
  const body = await cms.get('/api/teenvoice-terms-and-conditions', {
    query: { sort: 'versionTimestamp:desc', 'pagination[page]': 1, 'pagination[pageSize]': 1 },
    // The answer may be cached for a minute; a version published within it must not be missed.
    headers: { 'Cache-Control': 'no-cache' },
    ...(signal ? { signal } : {}),
  });
  const first = (body as { data?: { attributes?: unknown }[] } | undefined)?.data?.[0]?.attributes;
  const parsed = termsSchema.safeParse(first);
  if (!parsed.success) throw new Error('[getTermsToAccept] The terms and conditions could not be read.');
  return parsed.data;
}

export const termsToAcceptQueryOptions = () =>
  queryOptions({
    queryKey: ['terms', 'to-accept'],
    queryFn: ({ signal }) => getTermsToAccept(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTermsToAccept = (enabled: boolean) => useQuery({ ...termsToAcceptQueryOptions(), enabled });
