import {
  createdShareLinkResponseSchema,
  createShareLinkSchema,
  idParamSchema,
  type ResultsFilter,
  resultsFilterSchema,
  resultsReportResponseSchema,
  SHARED_REPORT_UNAVAILABLE,
  sharedReportResponseSchema,
  shareLinkSchema,
  shareLinksResponseSchema,
} from '@tv/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import type { Viewer } from '../identity/service';
import { assertClosedFilter, filteredViewVerdict } from '../results/service';
import { listAnswerableQuestions } from '../surveys/service';
import { buildReport, type ReportSurvey } from './report';
import { renderResultsReportPdf } from './report-pdf';
import { createShareLink, listShareLinks, openSharedLink, revokeShareLink } from './service';

/** 'life-after-school-report.pdf' (ASCII only, so the header needs no encoding). */
export const reportFileName = (name: string) =>
  `${
    name
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'survey'
  }-report.pdf`;

/** Views of one shared report a visitor's address may make per minute. */
export const SHARED_REPORT_RATE_LIMIT = 60;

const linkParams = z.object({ id: z.uuid('Invalid input'), linkId: z.uuid('Invalid input') });
const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The results report (JSON for the printable page, and a PDF), and read-only share links: managed by
 * the survey's organisation, opened by anyone holding a working token (decision 031).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const surveys = app.surveys;
  const foldLongTail = app.database.kind === 'postgres';
  const route = routesOf(app, ['results']);

  /** The report of a survey under the page's filters; a group under 5 is refused as downloads refuse it. */
  async function reportOf(row: ReportSurvey, filter: ResultsFilter) {
    const questions = await listAnswerableQuestions(db, row.id);
    // A closed question's option only (decision 034), refused before any group is judged.
    assertClosedFilter(questions, filter);
    const verdict = await filteredViewVerdict(db, row.id, filter);
    if (!verdict.shown) {
      throw new HttpError(
        403,
        `${verdict.reason} Widen the filters to report on a larger group.`,
        'GROUP_TOO_SMALL',
      );
    }
    return buildReport(db, row, questions, filter, { foldLongTail });
  }

  /** The survey the path names, where the caller holds the permission on its results; the answer is not cached. */
  const uncached = async (
    request: { viewer: Viewer | null; params: { id: string } },
    reply: FastifyReply,
    permission: 'surveys~view_results' | 'surveys~download_results' = 'surveys~view_results',
  ) => {
    const row = await surveys.authorize(request.viewer!, request.params.id, permission);
    reply.header('Cache-Control', 'no-store');
    return row;
  };

  route.get(
    '/v2/surveys/:id/results/report',
    {
      access: 'session',
      summary:
        'The results report: key figures, methodology and a chart per question with 95% margins of error, under the results filters; no written answers, no group under 5',
      params: idParamSchema,
      querystring: resultsFilterSchema,
      response: resultsReportResponseSchema,
    },
    async (request, reply) => ({ data: await reportOf(await uncached(request, reply), request.query) }),
  );

  route.get(
    '/v2/surveys/:id/results/report.pdf',
    {
      access: 'session',
      summary: 'The results report as a PDF, drawn on the server, under the results filters',
      params: idParamSchema,
      querystring: resultsFilterSchema,
    },
    async (request, reply) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~view_results');
      const pdf = await renderResultsReportPdf(await reportOf(row, request.query));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${reportFileName(row.name)}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  route.get(
    '/v2/surveys/:id/share-links',
    {
      access: 'session',
      summary:
        'The survey’s read-only share links: label, who made it, expiry, views and status (never the token)',
      params: idParamSchema,
      response: shareLinksResponseSchema,
    },
    async (request, reply) => ({ data: await listShareLinks(db, (await uncached(request, reply)).id) }),
  );

  route.post(
    '/v2/surveys/:id/share-links',
    {
      access: 'session',
      summary:
        'A read-only link to the released results for people outside the organization, working 7, 30 or 90 days; its token is in this answer only',
      params: idParamSchema,
      body: createShareLinkSchema,
      response: createdShareLinkResponseSchema,
    },
    async (request, reply) => {
      // Sharing outside the organisation hands the results out, as a download does.
      const row = await uncached(request, reply, 'surveys~download_results');
      return { data: await createShareLink(db, row, request.viewer!.user.id, request.body) };
    },
  );

  route.delete(
    '/v2/surveys/:id/share-links/:linkId',
    {
      access: 'session',
      summary: 'Turn a share link off for good',
      params: linkParams,
      response: z.object({ data: shareLinkSchema }),
    },
    async (request) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~download_results');
      return { data: await revokeShareLink(db, row.id, request.params.linkId) };
    },
  );

  route.get(
    '/v2/shared-results/:token',
    {
      // Public: whoever holds a working token. Limited per address, so tokens cannot be guessed at speed.
      access: 'public',
      summary:
        'A shared report, without a session: the released results with disclosure control, no written answers and nothing about the organization’s people; 404 for an unknown, expired or revoked link',
      params: tokenParams,
      response: sharedReportResponseSchema,
      options: {
        config: { rateLimit: { max: SHARED_REPORT_RATE_LIMIT, timeWindow: '1 minute' } },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      const opened = await openSharedLink(db, request.params.token);
      if (!opened) throw new HttpError(404, SHARED_REPORT_UNAVAILABLE, 'SHARED_REPORT_UNAVAILABLE');
      const report = await buildReport(
        db,
        opened.survey,
        await listAnswerableQuestions(db, opened.survey.id),
        {},
        {
          foldLongTail,
        },
      );
      return { data: { ...report, expiresAt: opened.link.expiresAt.toISOString() } };
    },
  );
};

/**
 * Registered without encapsulation so that its hook also reaches the web page of a shared report
 * (/shared/results/:token, served by the web plugin): never indexed, never cached.
 */
export const sharingRoutes = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/shared/')) {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      reply.header('Cache-Control', 'no-store');
    }
  });
  await app.register(routes);
});
