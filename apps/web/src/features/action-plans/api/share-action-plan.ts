import { useMutation } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';

export interface SharePlanInput {
  surveyId: string;
  emails: string[];
  message?: string;
}

/** POST /v2/surveys/:id/action-plan/share: the saved plan mailed to each address. */
export async function shareActionPlan({ surveyId, emails, message }: SharePlanInput): Promise<void> {
  await backend.post(`/v2/surveys/${surveyId}/action-plan/share`, message ? { emails, message } : { emails });
}

export const useShareActionPlan = () => useMutation({ mutationFn: shareActionPlan });
