import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Incident, incidentResponseSchema, type incidentSeverities } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { incidentsKey } from './get-incidents';

export interface TriageInput {
  incidentId: string;
  severity: (typeof incidentSeverities)[number];
  note: string;
}

/** POST /v2/admin/incidents/:id/triage: set the severity and note what was done. */
export async function triageIncident({ incidentId, severity, note }: TriageInput): Promise<Incident> {
  const body = await backend.post(`/v2/admin/incidents/${incidentId}/triage`, { severity, note });
  return incidentResponseSchema.parse(body).data;
}

export function useTriageIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triageIncident,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
