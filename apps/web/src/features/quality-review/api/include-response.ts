import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { reviewResponsesKey } from './get-review-responses';

export interface IncludeInput {
  surveyId: string;
  responseId: string;
}

/** POST /v2/surveys/:id/quality/responses/:responseId/include: an excluded response counts again. */
export async function includeResponse({ surveyId, responseId }: IncludeInput): Promise<void> {
  await backend.post(`/v2/surveys/${surveyId}/quality/responses/${responseId}/include`);
}

export function useIncludeResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: includeResponse,
    onSuccess: (_data, { surveyId }) => {
      void queryClient.invalidateQueries({ queryKey: reviewResponsesKey(surveyId) });
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'results', surveyId] });
    },
  });
}
