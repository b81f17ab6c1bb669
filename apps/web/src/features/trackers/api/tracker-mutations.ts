import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Tracker, trackerResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

const parseTracker = (body: unknown): Tracker => trackerResponseSchema.parse(body).data;

/** Every tracker query (lists and one tracker with its comparisons) is refreshed after a change. */
function useTrackerMutation<TInput>(call: (input: TInput) => Promise<Tracker | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trackers'] }),
  });
}

/** POST /v2/organizations/:organizationId/trackers */
export const useCreateTracker = () =>
  useTrackerMutation(
    async ({
      organizationId,
      name,
      description,
    }: {
      organizationId: string;
      name: string;
      description: string | null;
    }) =>
      parseTracker(await backend.post(`/v2/organizations/${organizationId}/trackers`, { name, description })),
  );

/** PATCH /v2/trackers/:trackerId */
export const useRenameTracker = () =>
  useTrackerMutation(
    async ({
      trackerId,
      name,
      description,
    }: {
      trackerId: string;
      name: string;
      description: string | null;
    }) => parseTracker(await backend.patch(`/v2/trackers/${trackerId}`, { name, description })),
  );

/**
 * DELETE /v2/trackers/:trackerId (the surveys stay). Only the lists are refreshed: refetching the
 * deleted tracker itself could only answer 404, and when that came back before the screen moved on,
 * the screen turned into "could not find that tracker" and unmounted the dialog whose success
 * handler was to move on (a flaky e2e run showed it).
 */
export const useDeleteTracker = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ trackerId }: { trackerId: string }) => {
      await backend.delete(`/v2/trackers/${trackerId}`);
      return null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trackers', 'list'] }),
  });
};

/** POST /v2/trackers/:trackerId/waves */
export const useAddWave = () =>
  useTrackerMutation(
    async ({ trackerId, surveyId, label }: { trackerId: string; surveyId: string; label: string }) =>
      parseTracker(await backend.post(`/v2/trackers/${trackerId}/waves`, { surveyId, label })),
  );

/** PATCH /v2/trackers/:trackerId/waves/:surveyId */
export const useRelabelWave = () =>
  useTrackerMutation(
    async ({ trackerId, surveyId, label }: { trackerId: string; surveyId: string; label: string }) =>
      parseTracker(await backend.patch(`/v2/trackers/${trackerId}/waves/${surveyId}`, { label })),
  );

/** PUT /v2/trackers/:trackerId/waves/order */
export const useReorderWaves = () =>
  useTrackerMutation(async ({ trackerId, surveyIds }: { trackerId: string; surveyIds: string[] }) =>
    parseTracker(await backend.put(`/v2/trackers/${trackerId}/waves/order`, { surveyIds })),
  );

/** DELETE /v2/trackers/:trackerId/waves/:surveyId (the survey stays). */
export const useRemoveWave = () =>
  useTrackerMutation(async ({ trackerId, surveyId }: { trackerId: string; surveyId: string }) =>
    parseTracker(await backend.delete(`/v2/trackers/${trackerId}/waves/${surveyId}`)),
  );
