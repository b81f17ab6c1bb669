import {
  type ActionPlan,
  actionPlanResponseSchema,
  idParamSchema,
  okResponseSchema,
  saveActionPlanSchema,
  shareActionPlanSchema,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionPlans } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';

const toPlan = (row: typeof actionPlans.$inferSelect): ActionPlan => ({
  id: row.id,
  surveyId: row.surveyId,
  title: row.title,
  summary: row.summary,
  version: row.version,
  items: row.items,
  updatedAt: row.updatedAt.toISOString(),
});

/** One action plan per survey, built from its results and shared by mail. */
export const actionPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const find = async (surveyId: string) =>
    (await db.select().from(actionPlans).where(eq(actionPlans.surveyId, surveyId)))[0] ?? null;
  const route = routesOf(app, ['action plans']);

  route.get(
    '/v2/surveys/:id/action-plan',
    {
      access: 'session',
      summary: "The survey's action plan, or null",
      params: idParamSchema,
      response: actionPlanResponseSchema,
    },
    async (request) => {
      const survey = await app.surveys.authorize(request.viewer!, request.params.id, 'surveys~view_results');
      const row = await find(survey.id);
      return { data: row ? toPlan(row) : null };
    },
  );

  route.put(
    '/v2/surveys/:id/action-plan',
    {
      access: 'session',
      summary: 'Save the plan (version 0 creates it; a stale version answers 409 with the saved plan)',
      params: idParamSchema,
      body: saveActionPlanSchema,
      response: actionPlanResponseSchema,
    },
    async (request) => {
      const survey = await app.surveys.authorize(request.viewer!, request.params.id, 'surveys~update');
      const { version, title, summary, items } = request.body;
      const ids = new Set(items.map((i) => i.id));
      if (ids.size !== items.length)
        throw new HttpError(400, 'Two actions have the same id.', 'DUPLICATE_ACTION');
      if (version === 0) {
        const [created] = await db
          .insert(actionPlans)
          .values({
            surveyId: survey.id,
            organizationId: survey.organizationId,
            title,
            summary,
            items,
            createdBy: request.viewer!.user.id,
          })
          .onConflictDoNothing()
          .returning();
        if (created) return { data: toPlan(created) };
      } else {
        const [updated] = await db
          .update(actionPlans)
          .set({ title, summary, items, version: version + 1, updatedAt: new Date() })
          .where(and(eq(actionPlans.surveyId, survey.id), eq(actionPlans.version, version)))
          .returning();
        if (updated) return { data: toPlan(updated) };
      }
      const current = await find(survey.id);
      throw new HttpError(
        409,
        'Someone else saved this action plan meanwhile. Both versions are kept: choose which to keep.',
        'VERSION_CONFLICT',
        {
          current: current ? toPlan(current) : null,
        },
      );
    },
  );

  route.post(
    '/v2/surveys/:id/action-plan/share',
    {
      access: 'session',
      summary: "Mail the action plan to members of the survey's organization",
      params: idParamSchema,
      body: shareActionPlanSchema,
      response: okResponseSchema,
    },
    async (request) => {
      const viewer = request.viewer!;
      const survey = await app.surveys.authorize(viewer, request.params.id, 'surveys~update');
      // A personal draft's owner belongs to no organisation, so has nobody to share with.
      if (!survey.organizationId)
        throw new HttpError(
          403,
          'Only members of an organization can share an action plan. Move this survey into your organization first.',
          'NO_ORGANIZATION',
        );
      const plan = await find(survey.id);
      if (!plan) throw new HttpError(409, 'Save the action plan before sharing it.', 'NO_PLAN');
      const recipients = [...new Set(request.body.emails.map((e) => e.trim().toLowerCase()))];
      const { members } = await app.organizations.members(survey.organizationId);
      const memberEmails = new Set(members.map((m) => m.email.toLowerCase()));
      const strangers = recipients.filter((email) => !memberEmails.has(email));
      if (strangers.length > 0) {
        const message = `${strangers.join(', ')} ${strangers.length === 1 ? "isn't a member" : "aren't members"} of this survey's organization. You can share an action plan only with its members.`;
        throw new HttpError(400, message, 'NOT_A_MEMBER', { fields: { emails: [message] } });
      }
      await app.mailLimit.take(
        { user: viewer.user.id, organization: survey.organizationId },
        recipients.length,
      );
      const senderName =
        [viewer.user.firstName, viewer.user.lastName].filter(Boolean).join(' ') || 'A TeenVoice user';
      const ids = await db.transaction(async (tx) => {
        const list: string[] = [];
        for (const email of recipients) {
          list.push(
            await app.mail.enqueue(tx, emailTemplates.actionPlan, email, {
              senderName,
              surveyName: survey.name,
              planTitle: plan.title,
              message: request.body.message ?? null,
              actions: plan.items.map((i) => ({
                title: i.title,
                owner: i.owner,
                dueDate: i.dueDate,
                status: i.status,
              })),
              planUrl: `${app.config.publicUrl}/research/builder/survey/summary/${survey.id}#action-plan`,
            }),
          );
        }
        return list;
      });
      await app.mail.dispatch(ids);
      return { data: { ok: true as const } };
    },
  );
};
