import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { reviewResponsesKey } from './get-review-responses';

export interface ExcludeInput {
  surveyId: string;
  responseId: string;
  reason: string;
}

/** POST /v2/surveys/:id/quality/responses/:responseId/exclude: not counted any more, never deleted. */
export async function excludeResponse({ surveyId, responseId, reason }: ExcludeInput): Promise<void> {
  await backend.post(`/v2/surveys/${surveyId}/quality/responses/${responseId}/exclude`, { reason });
}

export function useExcludeResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excludeResponse,
    onSuccess: (_data, { surveyId }) => {
      void queryClient.invalidateQueries({ queryKey: reviewResponsesKey(surveyId) });
      // The summary's counts and charts change with every exclusion.
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'results', surveyId] });
    },
  });
}
