import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, type SurveyType, surveyResponseSchema } from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders } from './organization-headers';

export interface CreateSurveyInput {
  organizationId: string | null;
  type: SurveyType;
  projectId?: string | null;
}

/** POST /v2/surveys: a survey of the type, with the default name for the caller. */
export async function createSurvey({ organizationId, type, projectId }: CreateSurveyInput): Promise<Survey> {
  const body = await backend.post(
    '/v2/surveys',
    { type, ...(projectId ? { projectId } : {}) },
    { headers: organizationHeaders(organizationId) },
  );
  return surveyResponseSchema.parse(body).data;
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyQueryKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
