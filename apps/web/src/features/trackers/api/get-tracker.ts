import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Tracker, trackerResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/trackers/:trackerId: the tracker, its waves in order and the questions that can be compared. */
export async function getTracker(trackerId: string, signal?: AbortSignal): Promise<Tracker> {
  const body = await backend.get(`/v2/trackers/${trackerId}`, signal ? { signal } : {});
  return trackerResponseSchema.parse(body).data;
}

export const trackerQueryOptions = (trackerId: string) =>
  queryOptions({
    queryKey: ['trackers', 'one', trackerId] as const,
    queryFn: ({ signal }) => getTracker(trackerId, signal),
  });

export const useTracker = (trackerId: string) => useQuery(trackerQueryOptions(trackerId));
