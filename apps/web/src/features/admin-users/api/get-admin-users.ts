import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export const ADMIN_USERS_PAGE_SIZE = 20;

export interface AdminUsersQuery {
  page: number;
  search: string;
}

export const adminUsersKey = ['admin', 'users'] as const;

/** GET /v2/admin/users: every registered user, searchable and paged. */
export async function getAdminUsers({ page, search }: AdminUsersQuery, signal?: AbortSignal) {
  const body = await backend.get('/v2/admin/users', {
    query: { page, pageSize: ADMIN_USERS_PAGE_SIZE, search: search || undefined },
    ...(signal ? { signal } : {}),
  });
  return adminUsersResponseSchema.parse(body);
}

export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: [...adminUsersKey, query],
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (query: AdminUsersQuery) => useQuery(adminUsersQueryOptions(query));
