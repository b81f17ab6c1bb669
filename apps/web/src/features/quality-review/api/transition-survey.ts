import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, surveyResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export interface ReviewTransitionInput {
  surveyId: string;
  action: 'start_review' | 'release_results';
}

/** POST /v2/surveys/:id/transitions: complete → in_review, in_review → results_ready. */
export async function transitionSurvey({ surveyId, action }: ReviewTransitionInput): Promise<Survey> {
  const body = await backend.post(`/v2/surveys/${surveyId}/transitions`, { action });
  return surveyResponseSchema.parse(body).data;
}

export function useReviewTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(['surveys', 'detail', survey.id], survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
}
