import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, surveyResponseSchema } from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

/** POST /v2/surveys/:id/duplicate: a new draft with the same questions, audience and tags. */
export async function duplicateSurvey(surveyId: string): Promise<Survey> {
  const body = await backend.post(`/v2/surveys/${surveyId}/duplicate`, {});
  return surveyResponseSchema.parse(body).data;
}

export function useDuplicateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyQueryKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
}
