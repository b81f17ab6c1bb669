import {
  bannerTablesQuerySchema,
  crossTabQuerySchema,
  crossTabResponseSchema,
  idParamSchema,
  oldSummaryResponseSchema,
  type Question,
  qualityFlags,
  type ResultsFilter,
  resultsFilterSchema,
  resultsSummaryResponseSchema,
  reviewResponsesResponseSchema,
} from '@tv/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { surveyResponses } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import type { Viewer } from '../identity/service';
import { simulateResponses } from '../responses/service';
import { listAnswerableQuestions } from '../surveys/service';
import { setResponseExcluded } from './aggregates';
import { bannerTablesXlsx } from './banner-tables';
import { surveyCodes } from './codes';
import { codingRoutes } from './coding-routes';
import { crossTab } from './crosstab';
import { type ExportOptions, exportFileName, responsesCsv, responsesXlsx } from './export';
import { exportJobRoutes } from './export-jobs-routes';
import { type Exclusion, exclusionRoutes, fieldworkReviewRoutes } from './fieldwork-review-routes';
import { assertClosedFilter } from './filters';
import { responsesCodebook, responsesCodedCsv, responsesSav } from './spss-export';
import { filteredViewVerdict, oldSummary, summarize } from './summary';
import { cellWeights } from './weighting';

const ok = { data: { ok: true as const } };
/** What the helpers below read of a request whose path names a survey. */
type SurveyRequest = { viewer: Viewer | null; params: { id: string } };
/** A file to download: its media type, the ending of its name and its content. */
type Download = { type: string; extension: string; body: unknown };

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const surveys = app.surveys;
  const route = routesOf(app, ['results']);
  // The researcher's side of fieldwork (quota fill, quality review): which responses count.
  await app.register(fieldworkReviewRoutes);
  // Coding open text into codes that count as a closed variable (decision 046).
  await app.register(codingRoutes);

  const summaryOf = async (
    viewerRow: Awaited<ReturnType<typeof surveys.authorize>>,
    filter: ResultsFilter = {},
    textSearch?: string,
    /** Weighted percentages (issue 13): the default for audience surveys, as in cross-tabs. */
    weighted?: boolean,
  ) =>
    summarize(
      db,
      {
        id: viewerRow.id,
        status: viewerRow.status,
        sampleSize: viewerRow.audience?.sampleSize ?? null,
        completedCount: viewerRow.completedCount,
      },
      await listAnswerableQuestions(db, viewerRow.id),
      filter,
      textSearch,
      // Folding runs on a PostgreSQL server only (decision 020).
      app.database.kind === 'postgres',
      (weighted ?? viewerRow.audience !== null)
        ? await cellWeights(db, viewerRow, filter.includeSimulated)
        : null,
    );

  route.get(
    '/v2/surveys/:id/results/summary',
    {
      access: 'session',
      summary:
        'Totals and a result per question; cells under 5 respondents are hidden. Percentages are weighted by default for audience surveys (weighted=false: unweighted); counts are unweighted respondents',
      params: idParamSchema,
      querystring: resultsFilterSchema.extend({
        textSearch: z.string().max(200).optional(),
        weighted: z
          .enum(['true', 'false'])
          .transform((value) => value === 'true')
          .optional(),
      }),
      response: resultsSummaryResponseSchema,
    },
    async (request, reply) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~view_results');
      const { textSearch, weighted, ...filter } = request.query;
      reply.header('Cache-Control', 'no-store');
      return { data: await summaryOf(row, filter, textSearch, weighted) };
    },
  );

  route.get(
    '/v2/surveys/:id/results/crosstab',
    {
      access: 'session',
      summary:
        'One variable by another: counts, column percentages with 95% margins of error, significance letters and chi-square, weighted to US teen margins by default',
      params: idParamSchema,
      querystring: crossTabQuerySchema,
      response: crossTabResponseSchema,
    },
    async (request, reply) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~view_results');
      reply.header('Cache-Control', 'no-store');
      return {
        data: await crossTab(
          db,
          { id: row.id, audience: row.audience ?? null, weightingTargets: row.weightingTargets },
          await listAnswerableQuestions(db, row.id),
          request.query,
        ),
      };
    },
  );

  route.get(
    '/v2/surveys/:id/results/old-summary',
    {
      access: 'session',
      summary: 'A plain table of counts per question and option',
      params: idParamSchema,
      response: oldSummaryResponseSchema,
    },
    async (request) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~view_results');
      // Counts only, which are unweighted either way.
      return { data: oldSummary(await summaryOf(row, {}, undefined, false)) };
    },
  );

  const exportQuery = resultsFilterSchema.extend({
    /** Weighted to US teen margins ('true', the default for audience surveys): a weight column. */
    weighted: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  });

  /** The page's filters, judged as the summary judges them (no group under 5), and the weights. */
  async function exportOptions(
    row: Awaited<ReturnType<typeof surveys.authorize>>,
    questions: Question[],
    query: z.infer<typeof exportQuery>,
  ): Promise<ExportOptions> {
    const { weighted, ...filter } = query;
    // A closed question's option or an open-text code (decisions 034, 046), before anything is counted.
    const codes = await surveyCodes(db, row.id);
    assertClosedFilter(questions, filter, codes);
    const verdict = await filteredViewVerdict(db, row.id, filter);
    if (!verdict.shown) {
      throw new HttpError(
        403,
        `${verdict.reason} Widen the filters to download a larger group.`,
        'GROUP_TOO_SMALL',
      );
    }
    const audience = row.audience ?? null;
    if (!(weighted ?? audience !== null)) return { ...filter, codes };
    // By audience cell, not a map of every response (issue 27): the same numbers, a few hundred entries.
    const weights = await cellWeights(db, row, filter.includeSimulated);
    return { ...filter, codes, weights, weightLabel: weights.label };
  }

  /** The survey the path names, where the caller may download its results, its questions and the export's options. */
  async function exportOf(request: SurveyRequest & { query: z.infer<typeof exportQuery> }) {
    const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~download_results');
    const questions = await listAnswerableQuestions(db, row.id);
    return { row, questions, options: await exportOptions(row, questions, request.query) };
  }

  const exportSummary =
    'Every counted response under the results filters, weighted to US teen margins by default (a weight column); simulated responses only with includeSimulated=true, marked';

  /** Each download's writer by its path: export jobs write the same files in the background (decision 050). */
  const writers = new Map<
    string,
    (exported: Awaited<ReturnType<typeof exportOf>>) => Download | Promise<Download>
  >();

  /** A download of the results under the page's filters: the file `write` makes of them, never cached. */
  const exportRoute = (
    path: string,
    summary: string,
    write: (exported: Awaited<ReturnType<typeof exportOf>>) => Download | Promise<Download>,
  ) => {
    writers.set(path, write);
    route.get(
      `/v2/surveys/:id/results/${path}`,
      { access: 'session', summary, params: idParamSchema, querystring: exportQuery },
      async (request, reply) => {
        const exported = await exportOf(request);
        const { type, extension, body } = await write(exported);
        return reply
          .header('Content-Type', type)
          .header(
            'Content-Disposition',
            `attachment; filename="${exportFileName(exported.row.name, extension)}"`,
          )
          .header('Cache-Control', 'no-store')
          .send(body);
      },
    );
  };

  for (const format of ['csv', 'xlsx'] as const) {
    exportRoute(
      `export.${format}`,
      `${exportSummary}: one row per response, labels not ids (streamed ${format.toUpperCase()})`,
      ({ row, questions, options }) => ({
        type:
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: format,
        body:
          format === 'csv'
            ? responsesCsv(db, row.id, questions, options)
            : responsesXlsx(db, row.id, row.name, questions, options),
      }),
    );
  }

  // SPSS: the .sav file, and the same data as a numeric-coded CSV with its codebook (decision 028).
  const coded = [
    { path: 'export.sav', extension: 'sav', type: 'application/x-spss-sav', what: 'an SPSS .sav file' },
    {
      path: 'export-coded.csv',
      extension: 'coded.csv',
      type: 'text/csv; charset=utf-8',
      what: 'a numeric-coded CSV (codes, not labels)',
    },
    {
      path: 'codebook.csv',
      extension: 'codebook.csv',
      type: 'text/csv; charset=utf-8',
      what: 'the codebook of the coded exports (variables, labels, codes, missing values)',
    },
  ] as const;
  for (const file of coded) {
    // Written as they are read (issue 27); the codebook describes the variables and reads no response.
    exportRoute(file.path, `${exportSummary}, as ${file.what}`, ({ row, questions, options }) => ({
      type: file.type,
      extension: file.extension,
      body:
        file.extension === 'sav'
          ? responsesSav(db, row, questions, options)
          : file.extension === 'coded.csv'
            ? responsesCodedCsv(db, row, questions, options)
            : responsesCodebook(row, questions, options),
    }));
  }

  // The same files prepared in the background, with progress and a mail when ready (decision 050).
  exportJobRoutes(app, route, { exportQuery, exportOf, writers });

  // Banner tables (issue 26): every closed question against the chosen banner, as agencies deliver them.
  route.get(
    '/v2/surveys/:id/results/banner-tables.xlsx',
    {
      access: 'session',
      summary:
        'Banner tables: every closed question (rows: its answers) against Total and the banner columns (banner: comma-separated audience attributes or one-answer closed questions, as in cross-tabs), with column percentages weighted by default for audience surveys, unweighted and weighted bases, and significance letters (column proportions z-test, 95%); groups under 5 are marked, not shown (XLSX)',
      params: idParamSchema,
      querystring: bannerTablesQuerySchema,
    },
    async (request, reply) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~download_results');
      const body = await bannerTablesXlsx(
        db,
        {
          id: row.id,
          name: row.name,
          audience: row.audience ?? null,
          weightingTargets: row.weightingTargets,
        },
        await listAnswerableQuestions(db, row.id),
        request.query,
      );
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'Content-Disposition',
          `attachment; filename="${exportFileName(row.name, 'xlsx').replace(/-responses\.xlsx$/, '-banner-tables.xlsx')}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  route.get(
    '/v2/surveys/:id/responses',
    {
      access: { platform: 'surveys~view_results' },
      summary: 'Responses for the quality review, flagged ones first',
      params: idParamSchema,
      querystring: z.object({
        flagged: z.enum(['true', 'false']).optional(),
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: reviewResponsesResponseSchema,
    },
    async (request) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~view_results', true);
      const { flagged, page, pageSize } = request.query;
      const r = surveyResponses;
      const base = and(eq(r.surveyId, row.id), eq(r.status, 'completed'));
      const where = flagged === 'true' ? and(base, sql`cardinality(${r.qualityFlags}) > 0`) : base;
      const [rows, totals, flaggedTotals] = await Promise.all([
        db
          .select()
          .from(r)
          .where(where)
          .orderBy(sql`cardinality(${r.qualityFlags}) desc`, desc(r.completedAt), desc(r.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(r).where(where),
        db
          .select({ total: count() })
          .from(r)
          .where(and(base, sql`cardinality(${r.qualityFlags}) > 0`)),
      ]);
      return {
        data: rows.map((response) => ({
          id: response.id,
          completedAt: response.completedAt.toISOString(),
          durationSeconds: response.durationSeconds ?? 0,
          age: response.age,
          gender: response.gender,
          region: response.region,
          flags: response.qualityFlags.filter((f): f is (typeof qualityFlags)[number] =>
            (qualityFlags as readonly string[]).includes(f),
          ),
          excluded: response.excluded,
          excludedReason: response.excludedReason,
        })),
        meta: { page, pageSize, total: totals[0]?.total ?? 0, flagged: flaggedTotals[0]?.total ?? 0 },
      };
    },
  );

  /** Excluding and counting again happen only during the quality review, after fieldwork. */
  const setExcluded = async (
    { viewer, params }: SurveyRequest & { params: { responseId: string } },
    values: Exclusion,
  ) => {
    const survey = await surveys.authorize(viewer!, params.id, 'surveys~view_results', true);
    if (!['complete', 'in_review'].includes(survey.status)) {
      throw new HttpError(
        409,
        'Responses are reviewed after fieldwork and before results are released.',
        'NOT_IN_REVIEW',
      );
    }
    // The flag and the maintained result counts change together (decision 020).
    const found = await setResponseExcluded(
      db,
      { surveyId: survey.id, responseId: params.responseId, completedOnly: false },
      values,
    );
    if (!found) throw new HttpError(404, 'That response does not exist.', 'RESPONSE_NOT_FOUND');
    return ok;
  };

  exclusionRoutes(
    route,
    '/v2/surveys/:id/responses/:responseId',
    { platform: 'surveys~view_results' },
    setExcluded,
  );

  route.post(
    '/v2/surveys/:id/simulate',
    {
      access: { platform: 'surveys~publish' },
      summary: 'Fill a live survey with synthetic responses (panel simulator; not in production)',
      params: idParamSchema,
      body: z.object({ count: z.number().int().min(1).max(5000) }),
      response: z.object({ data: z.object({ inserted: z.number().int() }) }),
    },
    async (request) => {
      if (app.config.isProduction)
        throw new HttpError(404, 'The panel simulator is not available in production.');
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~publish', true);
      if (row.status !== 'live')
        throw new HttpError(409, 'Only a live survey can be filled with simulated responses.', 'NOT_LIVE');
      const inserted = await simulateResponses(
        db,
        row,
        await listAnswerableQuestions(db, row.id),
        request.body.count,
      );
      return { data: { inserted } };
    },
  );
};
