import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, type SurveyAction, surveyResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { surveyQueryKey } from './get-survey';

export interface TransitionInput {
  surveyId: string;
  action: SurveyAction;
}

/** POST /v2/surveys/:id/transitions: moves the survey through its lifecycle (submit, pause, archive, …). */
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
