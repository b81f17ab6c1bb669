import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrganizationsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export const ADMIN_ORGANIZATIONS_PAGE_SIZE = 20;

export interface AdminOrganizationsQuery {
  page: number;
  search: string;
}

export const adminOrganizationsKey = ['admin', 'organizations'] as const;

/** GET /v2/admin/organizations: every organisation, searchable and paged. */
export async function getAdminOrganizations({ page, search }: AdminOrganizationsQuery, signal?: AbortSignal) {
  const body = await backend.get('/v2/admin/organizations', {
    query: { page, pageSize: ADMIN_ORGANIZATIONS_PAGE_SIZE, search: search || undefined },
    ...(signal ? { signal } : {}),
  });
  return adminOrganizationsResponseSchema.parse(body);
}

export const adminOrganizationsQueryOptions = (query: AdminOrganizationsQuery) =>
  queryOptions({
    queryKey: [...adminOrganizationsKey, query],
    queryFn: ({ signal }) => getAdminOrganizations(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminOrganizations = (query: AdminOrganizationsQuery) =>
  useQuery(adminOrganizationsQueryOptions(query));
