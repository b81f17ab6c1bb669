import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SurveySchedule, type SurveyScheduleInput, surveyScheduleResponseSchema } from '@tv/contract';
import { backend } from '../backend-client';

/** GET /v2/surveys/:id/schedule: when the survey opens and closes by itself (decision 032). */
export async function getSurveySchedule(surveyId: string, signal?: AbortSignal): Promise<SurveySchedule> {
  const body = await backend.get(`/v2/surveys/${surveyId}/schedule`, signal ? { signal } : {});
  return surveyScheduleResponseSchema.parse(body).data;
}

/** Keyed under the survey, so a status change (which invalidates the survey) refreshes the schedule too. */
export const surveyScheduleQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: ['surveys', surveyId, 'schedule'] as const,
    queryFn: ({ signal }) => getSurveySchedule(surveyId, signal),
  });

export const useSurveySchedule = (surveyId: string) => useQuery(surveyScheduleQueryOptions(surveyId));

/** PUT /v2/surveys/:id/schedule */
export function useSaveSurveySchedule(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SurveyScheduleInput) =>
      surveyScheduleResponseSchema.parse(await backend.put(`/v2/surveys/${surveyId}/schedule`, input)).data,
    onSuccess: (schedule) =>
      queryClient.setQueryData(surveyScheduleQueryOptions(surveyId).queryKey, schedule),
  });
}
