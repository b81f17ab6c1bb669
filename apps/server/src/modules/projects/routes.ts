import {
  addProjectUsersSchema,
  createProjectSchema,
  idParamSchema,
  ORGANIZATION_ADMIN,
  ORGANIZATION_HEADER,
  projectResponseSchema,
  projectsResponseSchema,
  tagsResponseSchema,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { projects, projectUsers, surveys } from '../../db/schema/surveys';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { findMembership, listAdmins } from '../organizations/service';

const orgHeaders = z.object({ [ORGANIZATION_HEADER]: z.string().optional() });
const displayName = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || 'Someone';

async function listProjects(db: Db, organizationId: string, onlyId?: string) {
  // Written out in full: inside a one-table select Drizzle leaves column names unqualified, and there
  // `project_id = id` compared the survey with itself, so every project counted 0 surveys.
  const surveyCount = sql<number>`(select count(*)::int from surveys counted where counted.project_id = "projects"."id")`;
  const rows = await db
    .select({
      id: projects.id,
      organizationId: projects.organizationId,
      name: projects.name,
      description: projects.description,
      createdAt: projects.createdAt,
      surveyCount,
    })
    .from(projects)
    .where(
      onlyId
        ? and(eq(projects.organizationId, organizationId), eq(projects.id, onlyId))
        : eq(projects.organizationId, organizationId),
    )
    .orderBy(asc(projects.name));
  const members = rows.length
    ? await db
        .select({
          projectId: projectUsers.projectId,
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          roleName: projectUsers.roleName,
        })
        .from(projectUsers)
        .innerJoin(users, eq(users.id, projectUsers.userId))
        .where(
          inArray(
            projectUsers.projectId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    surveyCount: Number(row.surveyCount),
    createdAt: row.createdAt.toISOString(),
    users: members
      .filter((m) => m.projectId === row.id)
      .map((m) => ({ id: m.id, name: displayName(m), email: m.email, roleName: m.roleName })),
  }));
}

/** Projects group an organisation's surveys; tags label them. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = routesOf(app, ['projects']);

  route.get(
    '/v2/projects',
    {
      access: { organization: 'surveys~view' },
      summary: "The organisation's projects",
      headers: orgHeaders,
      response: projectsResponseSchema,
    },
    async (request) => ({ data: await listProjects(db, request.organization!.id) }),
  );

  route.post(
    '/v2/projects',
    {
      access: { organization: 'surveys~create' },
      summary: 'Create a project; its creator is its owner and the admins are told',
      headers: orgHeaders,
      body: createProjectSchema,
      response: projectResponseSchema,
    },
    async (request) => {
      const organization = request.organization!;
      const viewer = request.viewer!;
      const { project, mailIds } = await db.transaction(async (tx) => {
        const [project] = await tx
          .insert(projects)
          .values({
            organizationId: organization.id,
            name: request.body.name,
            description: request.body.description ?? null,
            createdBy: viewer.user.id,
          })
          .returning();
        await tx
          .insert(projectUsers)
          .values({ projectId: project!.id, userId: viewer.user.id, roleName: 'Owner' });
        const mailIds: string[] = [];
        for (const admin of await listAdmins(tx, organization.id, ORGANIZATION_ADMIN)) {
          if (!admin.email || admin.id === viewer.user.id) continue;
          mailIds.push(
            await app.mail.enqueue(tx, emailTemplates.newProjectCreated, admin.email, {
              firstName: admin.firstName,
              projectName: project!.name,
              organizationName: organization.name,
              createdBy: displayName(viewer.user),
              builderUrl: `${app.config.publicUrl}/research/builder?selectedOrganizationId=${organization.id}`,
            }),
          );
        }
        return { project: project!, mailIds };
      });
      await app.mail.dispatch(mailIds);
      return { data: (await listProjects(db, organization.id, project.id))[0]! };
    },
  );

  route.post(
    '/v2/projects/:id/users',
    {
      access: { organization: 'survey_users~manage' },
      summary: 'Add members of the organisation to a project',
      headers: orgHeaders,
      params: idParamSchema,
      body: addProjectUsersSchema,
      response: projectResponseSchema,
    },
    async (request) => {
      const organization = request.organization!;
      const [project] = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, request.params.id), eq(projects.organizationId, organization.id)));
      if (!project) throw new HttpError(404, 'That project does not exist.', 'PROJECT_NOT_FOUND');
      const mailIds = await db.transaction(async (tx) => {
        const ids: string[] = [];
        for (const userId of request.body.userIds) {
          if (!(await findMembership(tx, organization.id, userId))) {
            throw new HttpError(
              400,
              'Only members of the organization can join its projects.',
              'NOT_A_MEMBER',
            );
          }
          const inserted = await tx
            .insert(projectUsers)
            .values({ projectId: project.id, userId, roleName: request.body.roleName })
            .onConflictDoNothing()
            .returning();
          const [user] = await tx.select().from(users).where(eq(users.id, userId));
          if (inserted.length && user?.email) {
            ids.push(
              await app.mail.enqueue(tx, emailTemplates.newProjectUsersAdded, user.email, {
                firstName: user.firstName,
                projectName: project.name,
                addedBy: displayName(request.viewer!.user),
                builderUrl: `${app.config.publicUrl}/research/builder?selectedOrganizationId=${organization.id}`,
              }),
            );
          }
        }
        return ids;
      });
      await app.mail.dispatch(mailIds);
      return { data: (await listProjects(db, organization.id, project.id))[0]! };
    },
  );

  route.get(
    '/v2/tags',
    {
      access: { organization: 'tags~view' },
      summary: 'Tags used on the organisation’s surveys, with counts',
      headers: orgHeaders,
      response: tagsResponseSchema,
    },
    async (request) => {
      const rows = await db
        .select({ tags: surveys.tags })
        .from(surveys)
        .where(eq(surveys.organizationId, request.organization!.id));
      const counts = new Map<string, number>();
      for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      const data = [...counts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, surveyCount]) => ({ name, surveyCount }));
      return { data };
    },
  );
};
