import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Incident, incidentResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { incidentsKey } from './get-incidents';

export interface DecideAnswerInput {
  incidentId: string;
  decision: 'released' | 'redacted' | 'withheld';
  /** The redacted text to release (only with 'redacted'). */
  text?: string;
}

/** POST /v2/admin/incidents/:id/answer: what the organisation sees of the answer behind an incident. */
export async function decideAnswer({ incidentId, decision, text }: DecideAnswerInput): Promise<Incident> {
  const body = await backend.post(`/v2/admin/incidents/${incidentId}/answer`, {
    decision,
    ...(decision === 'redacted' ? { text } : {}),
  });
  return incidentResponseSchema.parse(body).data;
}

export function useDecideAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAnswer,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
