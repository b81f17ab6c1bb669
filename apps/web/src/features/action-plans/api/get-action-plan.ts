import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ActionPlan, actionPlanResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export async function getActionPlan(surveyId: string, signal?: AbortSignal): Promise<ActionPlan | null> {
  const body = await backend.get(`/v2/surveys/${surveyId}/action-plan`, signal ? { signal } : {});
  return actionPlanResponseSchema.parse(body).data;
}

export const actionPlanKey = (surveyId: string) => ['surveys', 'action-plan', surveyId] as const;

export const actionPlanQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: actionPlanKey(surveyId),
    queryFn: ({ signal }) => getActionPlan(surveyId, signal),
  });

export const useActionPlan = (surveyId: string) => useQuery(actionPlanQueryOptions(surveyId));
