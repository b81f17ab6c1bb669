import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, type SurveyAction, surveyResponseSchema } from '@tv/contract';
import { backend } from '../backend-client';
import { surveyQueryKey } from './get-survey';

export interface TransitionInput {
  surveyId: string;
  action: SurveyAction;
}

/** POST /v2/surveys/:id/transitions: submit, publish, pause, start the review, release results, archive… */
export async function transitionSurvey({ surveyId, action }: TransitionInput): Promise<Survey> {
  const body = await backend.post(`/v2/surveys/${surveyId}/transitions`, { action });
  return surveyResponseSchema.parse(body).data;
}

export function useTransitionSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyQueryKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
}
