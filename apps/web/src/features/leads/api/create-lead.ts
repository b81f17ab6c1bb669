import { useMutation } from '@tanstack/react-query';
import { type CreateLead, createLeadResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** POST /v2/leads: the contact or sales form; works signed out, and carries the visitor's UTM headers. */
export async function createLead(input: CreateLead) {
  const body = await backend.post('/v2/leads', input);
  return createLeadResponseSchema.parse(body).data;
}

export const useCreateLead = () => useMutation({ mutationFn: createLead });
