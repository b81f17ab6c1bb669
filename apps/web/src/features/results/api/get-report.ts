import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type ResultsReport,
  resultsReportResponseSchema,
  type SharedReport,
  sharedReportResponseSchema,
} from '@tv/contract';
import { backend, plainBackend } from '../../../lib/backend-client';
import { saveBlob } from '../../../lib/file-download';
import { buildUrl } from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { filterQuery, type ResultsFilters } from '../utils/filters';

/** The report's query: the page's group filters (a text search is not part of a report). */
const reportQuery = ({ textSearch: _text, ...filters }: ResultsFilters) => filterQuery(filters);

export async function getResultsReport(surveyId: string, filters: ResultsFilters): Promise<ResultsReport> {
  const body = await backend.get(`/v2/surveys/${surveyId}/results/report`, { query: reportQuery(filters) });
  return resultsReportResponseSchema.parse(body).data;
}

export const resultsReportQueryOptions = (surveyId: string, filters: ResultsFilters) =>
  queryOptions({
    queryKey: ['surveys', 'results', surveyId, 'report', reportQuery(filters)] as const,
    queryFn: () => getResultsReport(surveyId, filters),
    retry: false,
  });

export const useResultsReport = (surveyId: string, filters: ResultsFilters) =>
  useQuery(resultsReportQueryOptions(surveyId, filters));

/** GET /v2/shared-results/:token, without the session recovery a signed-in call gets. */
export async function getSharedReport(token: string): Promise<SharedReport> {
  const body = await plainBackend.get(`/v2/shared-results/${encodeURIComponent(token)}`);
  return sharedReportResponseSchema.parse(body).data;
}

export const useSharedReport = (token: string) =>
  useQuery({
    queryKey: ['shared-results', token] as const,
    queryFn: () => getSharedReport(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /v2/surveys/:id/results/report.pdf, saved under the name the server gives it. */
export async function downloadReportPdf(input: { surveyId: string; filters: ResultsFilters }): Promise<void> {
  const path = buildUrl('', `/v2/surveys/${input.surveyId}/results/report.pdf`, reportQuery(input.filters));
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch {
    throw new HttpError(0, `[useBackend survey, GET, ${path} request errored]`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: the message falls back to a general one.
    }
    throw new HttpError(response.status, `[useBackend survey, GET, ${path} request errored]`, data);
  }
  const name =
    response.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ?? 'results-report.pdf';
  saveBlob(await response.blob(), name);
}

export const useDownloadReportPdf = () => useMutation({ mutationFn: downloadReportPdf });
