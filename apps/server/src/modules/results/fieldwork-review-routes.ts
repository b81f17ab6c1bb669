import {
  excludeResponseSchema,
  fieldworkReviewResponseSchema,
  idParamSchema,
  qualityFlags,
  quotaFillResponseSchema,
  simulatedFilters,
} from '@tv/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { surveyResponses } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import { type Access, routesOf } from '../../plugins/route';
import type { Viewer } from '../identity/service';
import {
  isSpeeder,
  medianSeconds,
  quotaCounts,
  quotaLimit,
  SPEEDER_SHARE_OF_MEDIAN,
} from '../responses/service';
import { addCompleted, can } from '../surveys/service';
import { setResponseExcluded } from './aggregates';

const responseParams = z.object({ id: z.uuid(), responseId: z.uuid() });
const okSchema = z.object({ data: z.object({ ok: z.literal(true) }) });
/** Responses can be excluded and counted again until the results are released. */
const reviewableStatuses = ['live', 'paused', 'complete', 'in_review'];

/** A request whose path names a survey's response. */
type ResponseRequest = { viewer: Viewer | null; params: { id: string; responseId: string } };
/** What excluding a response, or counting it again, records. */
export type Exclusion = { excluded: boolean; excludedReason: string | null; excludedBy: string | null };

/**
 * Exclude a response from the results with a reason, or count it again: the two routes under `path`
 * (which ends in `:responseId`), with `setExcluded` judging who may and when.
 */
export function exclusionRoutes(
  route: ReturnType<typeof routesOf>,
  path: string,
  access: Access,
  setExcluded: (request: ResponseRequest, values: Exclusion) => Promise<{ data: { ok: true } }>,
) {
  route.post(
    `${path}/exclude`,
    {
      access,
      summary: 'Exclude a response from the results, with a reason (it is never deleted)',
      params: responseParams,
      body: excludeResponseSchema,
      response: okSchema,
    },
    async (request) =>
      setExcluded(request, {
        excluded: true,
        excludedReason: request.body.reason,
        excludedBy: request.viewer!.user.id,
      }),
  );

  route.post(
    `${path}/include`,
    { access, summary: 'Count an excluded response again', params: responseParams, response: okSchema },
    async (request) => setExcluded(request, { excluded: false, excludedReason: null, excludedBy: null }),
  );
}

/**
 * The researcher's side of fieldwork: the live fill of each quota, and the quality review in which
 * researchers of the organisation (with the right to edit the survey) and platform staff flag and
 * exclude responses with a reason. Nothing is ever deleted; an excluded response can count again.
 */
export const fieldworkReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const surveys = app.surveys;
  const route = routesOf(app, ['results']);

  const reviewer = async (viewer: Viewer, id: string) => {
    const row = await surveys.authorize(viewer, id, 'surveys~view_results');
    const staff = viewer.platformPermissions.includes('surveys~view_results' as never);
    if (!staff && !can(viewer, row, 'surveys~update')) {
      throw new HttpError(
        403,
        'Only the survey’s researchers and our staff can review its responses.',
        'FORBIDDEN',
      );
    }
    return row;
  };

  route.get(
    '/v2/surveys/:id/quotas',
    {
      access: 'session',
      summary: 'How full each quota is: completed responses per group against its maximum share',
      params: idParamSchema,
      response: quotaFillResponseSchema,
    },
    async (request, reply) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~view');
      reply.header('Cache-Control', 'no-store');
      const audience = row.audience;
      if (!audience) return { data: { sampleSize: 0, completed: row.completedCount, quotas: [] } };
      const counts = await quotaCounts(db, row.id, audience);
      return {
        data: {
          sampleSize: audience.sampleSize,
          completed: row.completedCount,
          quotas: audience.quotas.map((quota, i) => {
            const filled = counts[i] ?? 0;
            const limit = quotaLimit(audience.sampleSize, quota);
            return {
              attribute: quota.attribute,
              value: quota.value,
              targetPercent: quota.percent,
              limit,
              count: filled,
              sharePercent: Math.round((filled / audience.sampleSize) * 1000) / 10,
              full: filled >= limit,
            };
          }),
        },
      };
    },
  );

  route.get(
    '/v2/surveys/:id/quality/responses',
    {
      access: 'session',
      summary: 'Responses for the quality review, flagged first; speeders judged against the median time',
      params: idParamSchema,
      querystring: z.object({
        flagged: z.enum(['true', 'false']).optional(),
        simulated: z.enum(simulatedFilters).default('include'),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: fieldworkReviewResponseSchema,
    },
    async (request, reply) => {
      const row = await reviewer(request.viewer!, request.params.id);
      const { flagged, simulated, page, pageSize } = request.query;
      const r = surveyResponses;
      const median = await medianSeconds(db, row.id);
      // Against the median when there are enough timed responses; otherwise the flag set on arrival.
      const speederSql =
        median === null
          ? sql`('speeder' = any(${r.qualityFlags}))`
          : sql`(${r.durationSeconds} is not null and ${r.durationSeconds} < ${median * SPEEDER_SHARE_OF_MEDIAN}::double precision)`;
      const flaggedSql = sql`(cardinality(array_remove(${r.qualityFlags}, 'speeder')) > 0 or ${speederSql})`;
      const conditions = [eq(r.surveyId, row.id), eq(r.status, 'completed')];
      if (simulated === 'exclude') conditions.push(eq(r.simulated, false));
      if (simulated === 'only') conditions.push(eq(r.simulated, true));
      if (flagged === 'true') conditions.push(flaggedSql);
      const where = and(...conditions);
      const [rows, totals, flaggedTotals] = await Promise.all([
        db
          .select()
          .from(r)
          .where(where)
          .orderBy(sql`${flaggedSql} desc`, desc(r.completedAt), desc(r.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(r).where(where),
        db
          .select({ total: count() })
          .from(r)
          .where(and(...conditions, flaggedSql)),
      ]);
      reply.header('Cache-Control', 'no-store');
      return {
        data: rows.map((response) => {
          const known = response.qualityFlags.filter((f): f is (typeof qualityFlags)[number] =>
            (qualityFlags as readonly string[]).includes(f),
          );
          const flags: (typeof qualityFlags)[number][] = known.filter((f) => f !== 'speeder');
          const speeder =
            median === null ? known.includes('speeder') : isSpeeder(response.durationSeconds, median, 0);
          if (speeder) flags.unshift('speeder');
          return {
            id: response.id,
            completedAt: response.completedAt.toISOString(),
            durationSeconds: response.durationSeconds,
            age: response.age,
            gender: response.gender,
            region: response.region,
            flags,
            simulated: response.simulated,
            excluded: response.excluded,
            excludedReason: response.excludedReason,
          };
        }),
        meta: {
          page,
          pageSize,
          total: totals[0]?.total ?? 0,
          flagged: flaggedTotals[0]?.total ?? 0,
          medianSeconds: median,
        },
      };
    },
  );

  const setExcluded = async ({ viewer, params }: ResponseRequest, values: Exclusion) => {
    const survey = await reviewer(viewer!, params.id);
    if (!reviewableStatuses.includes(survey.status)) {
      throw new HttpError(
        409,
        'The results of this survey are released, so its responses can no longer be excluded or included.',
        'NOT_IN_REVIEW',
      );
    }
    // During fieldwork an excluded response gives its place in the sample back, and one counted again
    // (a response held on arrival, issue 23) takes one, as the quotas count them: in the same
    // transaction as the flag, so two reviewers at once cannot move the count twice.
    const fieldwork = ['live', 'paused'].includes(survey.status);
    // The flag and the maintained result counts change together (decision 020).
    const found = await setResponseExcluded(
      db,
      { surveyId: survey.id, responseId: params.responseId, completedOnly: true },
      values,
      fieldwork ? (tx) => addCompleted(tx, survey.id, values.excluded ? -1 : 1) : undefined,
    );
    if (!found) throw new HttpError(404, 'That response does not exist.', 'RESPONSE_NOT_FOUND');
    return { data: { ok: true as const } };
  };

  exclusionRoutes(route, '/v2/surveys/:id/quality/responses/:responseId', 'session', setExcluded);
};
