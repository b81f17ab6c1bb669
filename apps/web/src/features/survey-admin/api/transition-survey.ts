import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, type SurveyAction, surveyResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export interface TransitionInput {
  surveyId: string;
  action: SurveyAction;
}

/** POST /v2/surveys/:id/transitions: publish, start the quality review, release results, pause, archive… */
export async function transitionSurvey({ surveyId, action }: TransitionInput): Promise<Survey> {
  const body = await backend.post(`/v2/surveys/${surveyId}/transitions`, { action });
  return surveyResponseSchema.parse(body).data;
}

export function useTransitionSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(['surveys', 'detail', survey.id], survey);
      // Lists, history and pre-check all hang under 'surveys'.
      void queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
}
