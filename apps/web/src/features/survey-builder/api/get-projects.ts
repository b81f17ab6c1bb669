import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Project, projectsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders } from './organization-headers';

/** GET /v2/projects: the organisation's projects. */
export async function getProjects(organizationId: string, signal?: AbortSignal): Promise<Project[]> {
  const body = await backend.get('/v2/projects', {
    headers: organizationHeaders(organizationId),
    ...(signal ? { signal } : {}),
  });
  return projectsResponseSchema.parse(body).data;
}

export const projectsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['projects', organizationId],
    queryFn: ({ signal }) => getProjects(organizationId, signal),
  });

export const useProjects = (organizationId: string | null) =>
  useQuery({ ...projectsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
