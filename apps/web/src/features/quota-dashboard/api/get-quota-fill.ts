import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type QuotaFill, quotaFillResponseSchema } from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

export interface QuotaFillData {
  sampleSize: number;
  completed: number;
  quotas: QuotaFill[];
}

export const quotaFillKey = (surveyId: string) => ['surveys', 'quota-fill', surveyId] as const;

/** GET /v2/surveys/:id/quotas: completed responses per quota group against its maximum share. */
export async function getQuotaFill(surveyId: string, signal?: AbortSignal): Promise<QuotaFillData> {
  const body = await backend.get(`/v2/surveys/${surveyId}/quotas`, signal ? { signal } : {});
  return quotaFillResponseSchema.parse(body).data;
}

/** Refreshes every 15 seconds while fieldwork runs, so the fill is live without a reload. */
export const quotaFillQueryOptions = (surveyId: string, live: boolean) =>
  queryOptions({
    queryKey: quotaFillKey(surveyId),
    queryFn: ({ signal }) => getQuotaFill(surveyId, signal),
    refetchInterval: live ? 15_000 : false,
  });

export const useQuotaFill = (surveyId: string, live: boolean) =>
  useQuery(quotaFillQueryOptions(surveyId, live));

/** POST /v2/surveys/:id/simulate (staff, never in production): synthetic responses, marked simulated. */
export function useSimulateResponses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ surveyId, count }: { surveyId: string; count: number }) => {
      const body = (await backend.post(`/v2/surveys/${surveyId}/simulate`, { count })) as {
        data?: { inserted?: unknown };
      };
      return { inserted: typeof body?.data?.inserted === 'number' ? body.data.inserted : 0 };
    },
    onSuccess: (_data, { surveyId }) => {
      void queryClient.invalidateQueries({ queryKey: quotaFillKey(surveyId) });
      void queryClient.invalidateQueries({ queryKey: surveyQueryKey(surveyId) });
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'results', surveyId] });
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'review-responses', surveyId] });
    },
  });
}
