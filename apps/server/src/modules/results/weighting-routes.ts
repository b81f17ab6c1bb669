import {
  checkTargets,
  idParamSchema,
  parseTargetsCsv,
  saveWeightingTargetsSchema,
  weightingTargetsResponseSchema,
} from '@tv/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { surveys as surveysTable } from '../../db/schema/surveys';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import type { Viewer } from '../identity/service';
import { can } from '../surveys/service';
import { weightingInfo } from './weighting';

const query = z.object({
  /** The weights of the real respondents, or ('true') of the simulated ones too, as the results page shows. */
  includeSimulated: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/**
 * A survey's raking targets (issue 13): read by whoever may see its results; set or reset to the
 * Census margins by whoever may see its results and edit the survey (a researcher of its
 * organisation, platform admins), as the action plan is.
 */
export const weightingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const surveys = app.surveys;
  const route = routesOf(app, ['results']);

  const editable = async (viewer: Viewer, id: string) => {
    const row = await surveys.authorize(viewer, id, 'surveys~view_results');
    if (!can(viewer, row, 'surveys~update')) {
      throw new HttpError(
        403,
        'Only people who can edit this survey can change how its results are weighted.',
        'FORBIDDEN',
      );
    }
    return row;
  };

  route.get(
    '/v2/surveys/:id/weighting-targets',
    {
      access: 'session',
      summary:
        "The targets the survey's weighted results are raked to (its own, or the Census margins), the Census margins, and how the weights come out",
      params: idParamSchema,
      querystring: query,
      response: weightingTargetsResponseSchema,
    },
    async (request, reply) => {
      const row = await surveys.authorize(request.viewer!, request.params.id, 'surveys~view_results');
      reply.header('Cache-Control', 'no-store');
      return { data: await weightingInfo(db, row, request.query.includeSimulated) };
    },
  );

  route.put(
    '/v2/surveys/:id/weighting-targets',
    {
      access: 'session',
      summary:
        'Set the raking targets: a CSV file (attribute,value,percent) or rows; each attribute adds up to 100% (± 0.5)',
      params: idParamSchema,
      querystring: query,
      body: saveWeightingTargetsSchema,
      response: weightingTargetsResponseSchema,
    },
    async (request) => {
      const row = await editable(request.viewer!, request.params.id);
      const { csv, rows } = request.body;
      const parsed = csv !== undefined ? parseTargetsCsv(csv) : { rows: rows ?? [], problems: [] };
      const checked =
        parsed.problems.length > 0 ? { targets: null, problems: parsed.problems } : checkTargets(parsed.rows);
      if (!checked.targets) {
        throw new HttpError(400, `The targets need another look: ${checked.problems[0]}`, 'INVALID_TARGETS', {
          fields: { targets: checked.problems },
        });
      }
      await db
        .update(surveysTable)
        .set({ weightingTargets: checked.targets })
        .where(eq(surveysTable.id, row.id));
      return {
        data: await weightingInfo(
          db,
          { ...row, weightingTargets: checked.targets },
          request.query.includeSimulated,
        ),
      };
    },
  );

  route.delete(
    '/v2/surveys/:id/weighting-targets',
    {
      access: 'session',
      summary: "Reset the survey's raking targets to the Census margins of US teens",
      params: idParamSchema,
      querystring: query,
      response: weightingTargetsResponseSchema,
    },
    async (request) => {
      const row = await editable(request.viewer!, request.params.id);
      await db.update(surveysTable).set({ weightingTargets: null }).where(eq(surveysTable.id, row.id));
      return {
        data: await weightingInfo(db, { ...row, weightingTargets: null }, request.query.includeSimulated),
      };
    },
  );
};
