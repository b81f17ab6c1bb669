import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type LeadKind, type LeadStatus, leadsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export const LEADS_PAGE_SIZE = 20;

export interface LeadsFilter {
  page: number;
  status?: LeadStatus;
  kind?: LeadKind;
}

/** GET /v2/admin/leads: leads from the public site, newest first. */
export async function getLeads({ page, status, kind }: LeadsFilter, signal?: AbortSignal) {
  const body = await backend.get('/v2/admin/leads', {
    query: { page, pageSize: LEADS_PAGE_SIZE, status, kind },
    ...(signal ? { signal } : {}),
  });
  return leadsResponseSchema.parse(body);
}

export const leadsQueryOptions = (filter: LeadsFilter) =>
  queryOptions({
    queryKey: ['leads', filter],
    queryFn: ({ signal }) => getLeads(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useLeads = (filter: LeadsFilter) => useQuery(leadsQueryOptions(filter));
