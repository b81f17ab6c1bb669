import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Project, projectResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { projectsQueryOptions } from './get-projects';
import { organizationHeaders } from './organization-headers';

export interface CreateProjectInput {
  organizationId: string;
  name: string;
  description: string | null;
}

/** POST /v2/projects: the creator becomes the project's owner. */
export async function createProject({
  organizationId,
  name,
  description,
}: CreateProjectInput): Promise<Project> {
  const body = await backend.post(
    '/v2/projects',
    { name, description },
    { headers: organizationHeaders(organizationId) },
  );
  return projectResponseSchema.parse(body).data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (_project, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: projectsQueryOptions(organizationId).queryKey }),
  });
}
