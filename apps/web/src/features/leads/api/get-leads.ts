import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type LeadKind, type LeadStatus, leadsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { buildUrl } from '../../../lib/http';

export const LEADS_PAGE_SIZE = 20;

export interface LeadsFilter {
  page: number;
  status?: LeadStatus;
  kind?: LeadKind;
  /** Words in the name, email, organization or message. */
  q?: string;
}

/** GET /v2/admin/leads: leads from the public site, newest first. */
export async function getLeads({ page, status, kind, q }: LeadsFilter, signal?: AbortSignal) {
  const body = await backend.get('/v2/admin/leads', {
    query: { page, pageSize: LEADS_PAGE_SIZE, status, kind, q: q || undefined },
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

/** GET /v2/admin/leads/export.csv: the address of the CSV of every lead the filters find. */
export const leadsExportHref = ({ status, kind, q }: Omit<LeadsFilter, 'page'>) =>
  buildUrl('', '/v2/admin/leads/export.csv', { status, kind, q: q || undefined });
