import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LeadStatus, leadResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** PATCH /v2/admin/leads/:id: new, contacted, qualified or closed; the server keeps who and when. */
export async function updateLeadStatus({ id, status }: { id: string; status: LeadStatus }) {
  const body = await backend.patch(`/v2/admin/leads/${id}`, { status });
  return leadResponseSchema.parse(body).data;
}

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeadStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leads'] }),
  });
}
