import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateShareLinkInput,
  createdShareLinkResponseSchema,
  type ShareLink,
  shareLinkSchema,
  shareLinksResponseSchema,
} from '@tv/contract';
import { z } from 'zod';
import { backend } from '../../../lib/backend-client';

const linksKey = (surveyId: string) => ['surveys', 'results', surveyId, 'share-links'] as const;

export const useShareLinks = (surveyId: string, enabled = true) =>
  useQuery({
    queryKey: linksKey(surveyId),
    queryFn: async (): Promise<ShareLink[]> =>
      shareLinksResponseSchema.parse(await backend.get(`/v2/surveys/${surveyId}/share-links`)).data,
    enabled,
  });

/** A new link; its token is in this answer only (the list never has it). */
export function useCreateShareLink(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateShareLinkInput) =>
      createdShareLinkResponseSchema.parse(await backend.post(`/v2/surveys/${surveyId}/share-links`, input))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(surveyId) }),
  });
}

export function useRevokeShareLink(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) =>
      z
        .object({ data: shareLinkSchema })
        .parse(await backend.delete(`/v2/surveys/${surveyId}/share-links/${linkId}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(surveyId) }),
  });
}
