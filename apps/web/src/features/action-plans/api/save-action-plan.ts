import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ActionPlan, actionPlanResponseSchema, actionPlanSchema, apiErrorSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { isHttpError } from '../../../lib/http-error';
import { actionPlanKey } from './get-action-plan';

export interface SavePlanInput {
  surveyId: string;
  plan: {
    /** The version the edit started from; 0 creates the plan. */
    version: number;
    title: string;
    summary: string | null;
    items: ActionPlan['items'];
  };
}

/** PUT /v2/surveys/:id/action-plan: saved only if nobody saved meanwhile (else 409 VERSION_CONFLICT). */
export async function saveActionPlan({ surveyId, plan }: SavePlanInput): Promise<ActionPlan> {
  const body = await backend.put(`/v2/surveys/${surveyId}/action-plan`, plan);
  const saved = actionPlanResponseSchema.parse(body).data;
  if (!saved) throw new Error('The server did not return the saved action plan');
  return saved;
}

/** The plan someone else saved, when a save was refused because it was based on an older version. */
export function conflictingPlan(error: unknown): ActionPlan | null | undefined {
  if (!isHttpError(error) || error.status !== 409) return undefined;
  const body = apiErrorSchema.safeParse(error.data);
  if (!body.success || body.data.code !== 'VERSION_CONFLICT') return undefined;
  const current = (body.data.data as { current?: unknown } | undefined)?.current;
  const parsed = actionPlanSchema.nullable().safeParse(current ?? null);
  return parsed.success ? parsed.data : null;
}

export function useSaveActionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveActionPlan,
    onSuccess: (plan, { surveyId }) => queryClient.setQueryData(actionPlanKey(surveyId), plan),
  });
}
