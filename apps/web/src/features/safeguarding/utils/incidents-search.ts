import {
  type IncidentCategory,
  type IncidentKind,
  incidentCategories,
  incidentKinds,
  incidentSeverities,
  incidentStatuses,
} from '@tv/contract';

export type IncidentStatus = (typeof incidentStatuses)[number];
export type IncidentSeverity = (typeof incidentSeverities)[number];

/**
 * The moderator's queue as the URL says it, so a link (or Back, or a reload) shows the same view.
 * Left out: the defaults (the incidents queue, open ones, page 1, no filter).
 */
export interface IncidentsSearch {
  kind?: IncidentKind;
  /** The status tab (named apart from the content screen's `status` and the orders' `state`). */
  stage?: IncidentStatus;
  survey?: string;
  category?: IncidentCategory;
  severity?: IncidentSeverity;
  page?: number;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps what the URL may say and drops the rest (an unknown value reads as no filter). */
export function incidentsSearch(search: Record<string, unknown>): IncidentsSearch {
  const kind = oneOf(incidentKinds, search.kind);
  const stage = oneOf(incidentStatuses, search.stage);
  const category = oneOf(incidentCategories, search.category);
  const severity = oneOf(incidentSeverities, search.severity);
  const survey = typeof search.survey === 'string' && uuid.test(search.survey) ? search.survey : undefined;
  const page = Number(search.page);
  return {
    ...(kind && kind !== 'incident' ? { kind } : {}),
    ...(stage && stage !== 'open' ? { stage } : {}),
    ...(survey ? { survey } : {}),
    ...(category ? { category } : {}),
    ...(severity ? { severity } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}

/** The view a search stands for, with its defaults filled in. */
export const queueView = (search: IncidentsSearch) => ({
  kind: search.kind ?? 'incident',
  status: search.stage ?? 'open',
  surveyId: search.survey,
  category: search.category,
  severity: search.severity,
  page: search.page ?? 1,
});
export type QueueView = ReturnType<typeof queueView>;
