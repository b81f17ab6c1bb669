import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, surveyResponseSchema } from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

export interface MoveSurveyInput {
  surveyId: string;
  organizationId: string;
}

/** POST /v2/surveys/:id/move: a personal draft moves into one of the author's organisations. */
export async function moveSurvey({ surveyId, organizationId }: MoveSurveyInput): Promise<Survey> {
  const body = await backend.post(`/v2/surveys/${surveyId}/move`, { organizationId });
  return surveyResponseSchema.parse(body).data;
}

export function useMoveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyQueryKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
    },
  });
}
