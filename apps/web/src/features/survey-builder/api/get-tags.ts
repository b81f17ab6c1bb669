import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders } from './organization-headers';

/** GET /v2/tags: the tags already used in the organisation, offered while tagging a survey. */
export async function getTags(organizationId: string, signal?: AbortSignal): Promise<string[]> {
  const body = await backend.get('/v2/tags', {
    headers: organizationHeaders(organizationId),
    ...(signal ? { signal } : {}),
  });
  return tagsResponseSchema.parse(body).data.map((tag) => tag.name);
}

export const tagsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['tags', organizationId],
    queryFn: ({ signal }) => getTags(organizationId, signal),
  });

export const useTags = (organizationId: string | null) =>
  useQuery({ ...tagsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
