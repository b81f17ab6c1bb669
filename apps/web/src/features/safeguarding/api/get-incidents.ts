import { queryOptions, useQuery } from '@tanstack/react-query';
import { incidentsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import type { QueueView } from '../utils/incidents-search';

export type IncidentList = ReturnType<typeof incidentsResponseSchema.parse>;

export const INCIDENTS_PAGE_SIZE = 20;

/** GET /v2/admin/incidents: one queue (incidents or possible concerns), filtered, newest first. */
export async function getIncidents(view: QueueView, signal?: AbortSignal): Promise<IncidentList> {
  const body = await backend.get('/v2/admin/incidents', {
    query: {
      kind: view.kind,
      status: view.status,
      surveyId: view.surveyId,
      category: view.category,
      severity: view.severity,
      page: view.page,
      pageSize: INCIDENTS_PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });
  return incidentsResponseSchema.parse(body);
}

export const incidentsKey = ['incidents'] as const;

export const incidentsQueryOptions = (view: QueueView) =>
  queryOptions({
    queryKey: [...incidentsKey, view] as const,
    queryFn: ({ signal }) => getIncidents(view, signal),
    // A new page or filter keeps the list in place while it loads; the other queue shows skeletons
    // instead of the cards of this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1].kind === view.kind ? previous : undefined,
    // New incidents and concerns arrive from the background scan; moderators keep this screen open.
    refetchInterval: 30_000,
  });

export const useIncidents = (view: QueueView) => useQuery(incidentsQueryOptions(view));
