import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Survey, surveyResponseSchema } from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

export interface ModerationDecision {
  surveyId: string;
  decision: 'approve' | 'reject';
  checklist: Record<string, boolean>;
  reasons: string[];
  note?: string;
}

/** POST /v2/surveys/:id/moderation: approve (every checklist item ticked) or request changes with reasons. */
export async function moderateSurvey({ surveyId, ...decision }: ModerationDecision): Promise<Survey> {
  const body = await backend.post(`/v2/surveys/${surveyId}/moderation`, decision);
  return surveyResponseSchema.parse(body).data;
}

export function useModerateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateSurvey,
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyQueryKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
}
