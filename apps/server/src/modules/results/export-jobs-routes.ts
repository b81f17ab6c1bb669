import {
  type ExportJobFormat,
  exportJobListResponseSchema,
  exportJobParamsSchema,
  exportJobResponseSchema,
  idParamSchema,
  type ResultsFilter,
  startExportJobSchema,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { exportJobs } from '../../db/schema/exports';
import { surveyResponses } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import type { routesOf } from '../../plugins/route';
import { findUserById, type Viewer } from '../identity/service';
import { type ExportOptions, exportFileName } from './export';
import {
  createExportJobs,
  type ExportFile,
  formatLabels,
  type JobRow,
  MAX_ACTIVE_JOBS,
  toExportJob,
} from './export-jobs';
import { responseScope } from './summary';

/** The route path of each format's immediate download (results/routes.ts), and its file. */
export const exportJobFiles: Record<ExportJobFormat, { path: string; extension: string; type: string }> = {
  csv: { path: 'export.csv', extension: 'csv', type: 'text/csv; charset=utf-8' },
  xlsx: {
    path: 'export.xlsx',
    extension: 'xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  sav: { path: 'export.sav', extension: 'sav', type: 'application/x-spss-sav' },
  'coded-csv': { path: 'export-coded.csv', extension: 'coded.csv', type: 'text/csv; charset=utf-8' },
  codebook: { path: 'codebook.csv', extension: 'codebook.csv', type: 'text/csv; charset=utf-8' },
};

/** What a survey's export needs, as results/routes.ts's `exportOf` prepares it for a request. */
interface Exported {
  row: { id: string; name: string; organizationId: string | null };
  options: ExportOptions;
}
type Writer<E extends Exported> = (exported: E) => ExportFile | Promise<ExportFile>;

export interface ExportJobRouteDeps<E extends Exported, Q extends z.ZodType> {
  /** The export query of the GET files (results filters and `weighted`). */
  exportQuery: Q;
  /** Authorises the caller for the survey's download and judges the filters (403 for a group under 5). */
  exportOf: (request: { viewer: Viewer | null; params: { id: string }; query: z.infer<Q> }) => Promise<E>;
  /** The writers of the GET files, by their route path ('export.csv', …). */
  writers: Map<string, Writer<E>>;
}

/**
 * Export jobs (issue 27, decision 050): POST starts one with the format in the body and the GET files'
 * filters in the query; its status and progress, then its file, are read by the person who started it
 * only (anyone else, another organisation's member included, gets 404). The file is written by the
 * same writers as the immediate downloads, to the data directory.
 */
export function exportJobRoutes<E extends Exported, Q extends z.ZodType>(
  app: FastifyInstance,
  route: ReturnType<typeof routesOf>,
  deps: ExportJobRouteDeps<E, Q>,
) {
  const db = app.database.db;
  const jobs = createExportJobs({ db, dataDir: app.config.dataDir, log: app.log });
  app.addHook('onReady', async () => {
    // Jobs a stopped process left queued or running are failed now, not left to spin (decision 050).
    await jobs.sweep();
  });
  app.addHook('onClose', async () => jobs.close());

  const resultsUrl = (surveyId: string) =>
    `${app.config.publicUrl}/research/builder/survey/summary/${surveyId}`;

  /** The caller's job on this survey, after the same check as the downloads; 404 for anyone else's. */
  async function ownJob(request: { viewer: Viewer | null; params: { id: string; jobId: string } }) {
    const survey = await app.surveys.authorize(
      request.viewer!,
      request.params.id,
      'surveys~download_results',
    );
    const job = await jobs.find(survey.id, request.viewer!.user.id, request.params.jobId);
    if (!job) throw new HttpError(404, 'That export does not exist.', 'EXPORT_NOT_FOUND');
    return job;
  }

  /** The mail to the person who started it: a link to the results page, never to the file. */
  const mailWhenReady = (surveyName: string) => async (job: JobRow) => {
    const user = await findUserById(db, job.userId);
    if (!user?.email) return;
    const id = await app.mail.enqueue(db, emailTemplates.exportReady, user.email, {
      firstName: user.firstName,
      surveyName,
      surveyUrl: resultsUrl(job.surveyId),
      formatLabel: formatLabels[job.format],
      responses: job.total ?? job.rowsWritten,
    });
    await app.mail.dispatch([id]);
  };

  route.post(
    '/v2/surveys/:id/results/exports',
    {
      access: 'session',
      summary:
        'Start an export job: the file of the format in the body (csv, xlsx, sav, coded-csv, codebook) under the results filters in the query (as for the export files), written in the background; its status and progress at GET …/exports/:jobId, a mail when it is ready',
      params: idParamSchema,
      querystring: deps.exportQuery,
      body: startExportJobSchema,
      otherResponses: { 202: exportJobResponseSchema },
    },
    async (request, reply) => {
      const query = request.query as z.infer<Q>;
      const exported = await deps.exportOf({ viewer: request.viewer, params: request.params, query });
      const viewer = request.viewer!;
      const { format } = request.body;
      const file = exportJobFiles[format];
      const write = deps.writers.get(file.path);
      if (!write) throw new HttpError(400, 'That format cannot be prepared as an export.', 'BAD_FORMAT');
      if ((await jobs.activeCount(viewer.user.id)) >= MAX_ACTIVE_JOBS) {
        throw new HttpError(
          429,
          `You have ${MAX_ACTIVE_JOBS} exports being prepared. Wait for one to finish, then start another.`,
          'TOO_MANY_EXPORTS',
        );
      }
      const { weighted: _weighted, ...filter } = query as ResultsFilter & { weighted?: boolean };
      const [counted] = await db
        .select({ total: count() })
        .from(surveyResponses)
        .where(responseScope(exported.row.id, filter));
      const filters = Object.fromEntries(
        Object.entries(query as Record<string, unknown>)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, String(value)]),
      );
      const [job] = await db
        .insert(exportJobs)
        .values({
          surveyId: exported.row.id,
          organizationId: exported.row.organizationId,
          userId: viewer.user.id,
          format,
          filters,
          total: counted?.total ?? 0,
          fileName: exportFileName(exported.row.name, file.extension),
        })
        .returning();
      jobs.enqueue(
        job!.id,
        async (onProgress) => write({ ...exported, options: { ...exported.options, onProgress } }),
        mailWhenReady(exported.row.name),
      );
      return reply.code(202).send({ data: toExportJob(job!) });
    },
  );

  route.get(
    '/v2/surveys/:id/results/exports',
    {
      access: 'session',
      summary: "The caller's recent export jobs of this survey (the last 7 days, newest first, ten at most)",
      params: idParamSchema,
      response: exportJobListResponseSchema,
    },
    async (request, reply) => {
      const survey = await app.surveys.authorize(
        request.viewer!,
        request.params.id,
        'surveys~download_results',
      );
      reply.header('Cache-Control', 'no-store');
      return { data: (await jobs.list(survey.id, request.viewer!.user.id)).map(toExportJob) };
    },
  );

  route.get(
    '/v2/surveys/:id/results/exports/:jobId',
    {
      access: 'session',
      summary:
        'An export job of the caller: queued, running, ready, failed or expired, with the rows written and the total the filters select',
      params: exportJobParamsSchema,
      response: exportJobResponseSchema,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: toExportJob(await ownJob(request)) };
    },
  );

  route.get(
    '/v2/surveys/:id/results/exports/:jobId/file',
    {
      access: 'session',
      summary:
        "A ready export job's file, for the person who started it, as often as needed until it expires (24 hours after it was ready)",
      params: exportJobParamsSchema,
    },
    async (request, reply) => {
      const job = await ownJob(request);
      if (job.status === 'queued' || job.status === 'running') {
        throw new HttpError(409, 'This export is still being prepared.', 'EXPORT_NOT_READY');
      }
      if (job.status === 'failed') {
        throw new HttpError(409, job.error ?? 'This export failed. Start it again.', 'EXPORT_FAILED');
      }
      const stream = await jobs.open(job);
      if (!stream) {
        throw new HttpError(
          410,
          'This export was deleted 24 hours after it was ready. Start it again.',
          'EXPORT_EXPIRED',
        );
      }
      return reply
        .header('Content-Type', exportJobFiles[job.format].type)
        .header(
          'Content-Disposition',
          `attachment; filename="${job.fileName ?? `export.${exportJobFiles[job.format].extension}`}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}
