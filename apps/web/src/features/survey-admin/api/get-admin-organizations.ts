import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminOrganization, adminOrganizationsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** The API's largest page; the filter searches by name beyond it. */
const PAGE_SIZE = 100;

/** GET /v2/admin/organizations: organisations for the survey filter, by name. */
export async function getAdminOrganizations(
  search: string,
  signal?: AbortSignal,
): Promise<AdminOrganization[]> {
  const body = await backend.get('/v2/admin/organizations', {
    query: { search: search.trim() || undefined, pageSize: PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return adminOrganizationsResponseSchema.parse(body).data;
}

export const adminOrganizationsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'organizations', { search, pageSize: PAGE_SIZE }],
    queryFn: ({ signal }) => getAdminOrganizations(search, signal),
    staleTime: 5 * 60_000,
  });

export const useAdminOrganizations = (search = '') => useQuery(adminOrganizationsQueryOptions(search));
