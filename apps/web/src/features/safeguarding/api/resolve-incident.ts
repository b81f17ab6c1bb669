import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Incident, incidentResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { incidentsKey } from './get-incidents';

export interface ResolveInput {
  incidentId: string;
  resolution: string;
}

/** POST /v2/admin/incidents/:id/resolve: closes the incident with how it was resolved. */
export async function resolveIncident({ incidentId, resolution }: ResolveInput): Promise<Incident> {
  const body = await backend.post(`/v2/admin/incidents/${incidentId}/resolve`, { resolution });
  return incidentResponseSchema.parse(body).data;
}

export function useResolveIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveIncident,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
