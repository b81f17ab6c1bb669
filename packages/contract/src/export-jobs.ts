import { z } from 'zod';

/**
 * Export jobs (issue 27, decision 050): a results file prepared in the background, with its progress,
 * instead of a request held open while a large file is made.
 */
export const exportJobFormats = ['csv', 'xlsx', 'sav', 'coded-csv', 'codebook'] as const;
export type ExportJobFormat = (typeof exportJobFormats)[number];

export const exportJobStatuses = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ExportJobStatus = (typeof exportJobStatuses)[number];

/** The body of POST /v2/surveys/:id/results/exports; the filters go in the query, as for the GET files. */
export const startExportJobSchema = z.strictObject({
  format: z.enum(exportJobFormats, {
    error: 'Choose the format csv, xlsx, sav, coded-csv or codebook.',
  }),
});

export const exportJobParamsSchema = z.object({
  id: z.uuid('Invalid input'),
  jobId: z.uuid('That export does not exist.'),
});

export const exportJobSchema = z.object({
  id: z.uuid(),
  surveyId: z.uuid(),
  format: z.enum(exportJobFormats),
  status: z.enum(exportJobStatuses),
  /** Responses written to the file so far. */
  rowsWritten: z.number().int(),
  /** Responses the filters select (counted when the job starts); null until then. */
  total: z.number().int().nullable(),
  /** 0–100, from rowsWritten and total; 100 once ready. */
  percent: z.number().int().min(0).max(100),
  /** The file's name once ready. */
  fileName: z.string().nullable(),
  /** The file's size in bytes once ready. */
  bytes: z.number().int().nullable(),
  /** Why it failed, in words for the person who started it. */
  error: z.string().nullable(),
  /** The filters the export was started with, as the query string gave them. */
  filters: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When a ready file is deleted. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const exportJobResponseSchema = z.object({ data: exportJobSchema });
export const exportJobListResponseSchema = z.object({ data: z.array(exportJobSchema) });
