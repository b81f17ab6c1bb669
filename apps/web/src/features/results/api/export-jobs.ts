import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ExportJob,
  type ExportJobFormat,
  exportJobListResponseSchema,
  exportJobResponseSchema,
} from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { filterQuery, type ResultsFilters } from '../utils/filters';

/**
 * A group of at least this many responses is prepared as an export job (a progress bar, then a
 * Download button, and a mail) instead of one request held open while the file is made (decision 050).
 * The menu offers a job for any size too.
 */
export const LARGE_EXPORT = 5_000;
/** How often the page asks how far a job has got while one is being prepared. */
export const EXPORT_POLL_MS = 1_000;

export const exportJobsKey = (surveyId: string) => ['surveys', 'results', surveyId, 'export-jobs'] as const;

export const isPreparing = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

/** The caller's recent export jobs of the survey, asked again every second while one is being prepared. */
export const useExportJobs = (surveyId: string) =>
  useQuery({
    queryKey: exportJobsKey(surveyId),
    queryFn: async (): Promise<ExportJob[]> =>
      exportJobListResponseSchema.parse(await backend.get(`/v2/surveys/${surveyId}/results/exports`)).data,
    refetchInterval: (query) => (query.state.data?.some(isPreparing) ? EXPORT_POLL_MS : false),
  });

/** Where a ready job's file is downloaded (a plain link: the browser saves it as it arrives). */
export const exportJobFileUrl = (surveyId: string, jobId: string) =>
  `/v2/surveys/${surveyId}/results/exports/${jobId}/file`;

export interface StartExportInput {
  format: ExportJobFormat;
  /** The page's results filters: the job holds the group the page shows, as the downloads do. */
  filters?: ResultsFilters;
}

/** POST …/results/exports: the new job goes to the top of the list straight away. */
export function useStartExportJob(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ format, filters = {} }: StartExportInput) => {
      const { textSearch: _text, ...group } = filters;
      return exportJobResponseSchema.parse(
        await backend.post(
          `/v2/surveys/${surveyId}/results/exports`,
          { format },
          { query: filterQuery(group) },
        ),
      ).data;
    },
    onSuccess: (job) => {
      queryClient.setQueryData<ExportJob[]>(exportJobsKey(surveyId), (jobs = []) => [
        job,
        ...jobs.filter((j) => j.id !== job.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: exportJobsKey(surveyId) });
    },
  });
}
