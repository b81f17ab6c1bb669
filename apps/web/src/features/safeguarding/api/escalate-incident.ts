import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Incident, incidentResponseSchema, type incidentSeverities } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { incidentsKey } from './get-incidents';

export interface EscalateInput {
  incidentId: string;
  severity: (typeof incidentSeverities)[number];
  note: string;
}

/** POST /v2/admin/incidents/:id/escalate: a possible concern becomes an incident; moderators are mailed. */
export async function escalateIncident({ incidentId, severity, note }: EscalateInput): Promise<Incident> {
  const body = await backend.post(`/v2/admin/incidents/${incidentId}/escalate`, { severity, note });
  return incidentResponseSchema.parse(body).data;
}

export function useEscalateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: escalateIncident,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
