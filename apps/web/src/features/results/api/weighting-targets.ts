import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SaveWeightingTargets,
  type WeightingTargetsInfo,
  weightingTargetsResponseSchema,
} from '@tv/contract';
import { backend } from '../../../lib/backend-client';

const path = (surveyId: string) => `/v2/surveys/${surveyId}/weighting-targets`;
const simulatedQuery = (includeSimulated: boolean | undefined) => ({
  includeSimulated: includeSimulated ? 'true' : undefined,
});

export const weightingTargetsKey = (surveyId: string, includeSimulated: boolean | undefined) =>
  ['surveys', 'results', surveyId, 'weighting-targets', Boolean(includeSimulated)] as const;

/** GET /v2/surveys/:id/weighting-targets: the targets in use, the Census margins, how the weights come out. */
export async function getWeightingTargets(
  surveyId: string,
  includeSimulated: boolean | undefined,
  signal?: AbortSignal,
): Promise<WeightingTargetsInfo> {
  const body = await backend.get(path(surveyId), {
    query: simulatedQuery(includeSimulated),
    ...(signal ? { signal } : {}),
  });
  return weightingTargetsResponseSchema.parse(body).data;
}

export const weightingTargetsQueryOptions = (surveyId: string, includeSimulated: boolean | undefined) =>
  queryOptions({
    queryKey: weightingTargetsKey(surveyId, includeSimulated),
    queryFn: ({ signal }) => getWeightingTargets(surveyId, includeSimulated, signal),
  });

export const useWeightingTargets = (
  surveyId: string,
  includeSimulated: boolean | undefined,
  enabled = true,
) => useQuery({ ...weightingTargetsQueryOptions(surveyId, includeSimulated), enabled });

interface ChangeInput {
  surveyId: string;
  includeSimulated: boolean | undefined;
}

/** PUT (a file or the table's rows) or DELETE (back to the Census margins); the results are weighted anew. */
export function useChangeWeightingTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      surveyId,
      includeSimulated,
      body,
    }: ChangeInput & { body: SaveWeightingTargets | null }): Promise<WeightingTargetsInfo> => {
      const options = { query: simulatedQuery(includeSimulated) };
      const response =
        body === null
          ? await backend.delete(path(surveyId), options)
          : await backend.put(path(surveyId), body, options);
      return weightingTargetsResponseSchema.parse(response).data;
    },
    onSuccess: async (info, { surveyId, includeSimulated }) => {
      queryClient.setQueryData(weightingTargetsKey(surveyId, includeSimulated), info);
      // Every weighted figure of the survey changes: the summary, cross-tabs, the other view's targets.
      await queryClient.invalidateQueries({ queryKey: ['surveys', 'results', surveyId] });
    },
  });
}
