import {
  type AdminUser,
  adminOrganizationInputSchema,
  adminOrganizationResponseSchema,
  adminOrganizationsResponseSchema,
  adminUserInputSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  idParamSchema,
  okResponseSchema,
  pageQuerySchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../identity/service';

const ok = { data: { ok: true as const } };

/** Platform administration: every user and every organisation (identity and organizations do the work). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, organizations } = app;

  /** Users as staff see them: with the organisations each belongs to. */
  async function toAdminUsers(rows: UserRow[]): Promise<AdminUser[]> {
    const memberships = await organizations.membershipsOfUsers(rows.map((r) => r.id));
    return rows.map((user) => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      platformRoleName: user.platformRoleName,
      organizations: memberships.get(user.id) ?? [],
      createdAt: user.createdAt.toISOString(),
    }));
  }

  app.get(
    '/v2/admin/users',
    {
      onRequest: app.requirePlatform('platform_users~view'),
      schema: {
        tags: ['admin'],
        summary: 'Search and page through every registered user',
        querystring: pageQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { rows, total } = await identity.pageUsers(search, page, pageSize);
      return { data: await toAdminUsers(rows), meta: { page, pageSize, total } };
    },
  );

  app.post(
    '/v2/admin/users',
    {
      onRequest: app.requirePlatform('platform_users~manage'),
      schema: {
        tags: ['admin'],
        summary: 'Create a user; they get a mail to choose their password',
        body: adminUserInputSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const user = await identity.createUserAsAdmin(request.body);
      return { data: (await toAdminUsers([user]))[0]! };
    },
  );

  app.put(
    '/v2/admin/users/:id',
    {
      onRequest: app.requirePlatform('platform_users~manage'),
      schema: {
        tags: ['admin'],
        summary: "Change a user's name, email or platform role",
        params: idParamSchema,
        body: adminUserInputSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const user = await identity.updateUserAsAdmin(request.viewer!, request.params.id, request.body);
      return { data: (await toAdminUsers([user]))[0]! };
    },
  );

  app.delete(
    '/v2/admin/users/:id',
    {
      onRequest: app.requirePlatform('platform_users~manage'),
      schema: {
        tags: ['admin'],
        summary: 'Delete a user',
        params: idParamSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await identity.deleteUserAsAdmin(request.viewer!, request.params.id);
      return ok;
    },
  );

  app.get(
    '/v2/admin/organizations',
    {
      onRequest: app.requirePlatform('orgs~view'),
      schema: {
        tags: ['admin'],
        summary: 'Search and page through every organisation',
        querystring: pageQuerySchema,
        response: { 200: adminOrganizationsResponseSchema },
      },
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { rows, total } = await organizations.pageOrganizations(search, page, pageSize);
      return { data: rows, meta: { page, pageSize, total } };
    },
  );

  app.post(
    '/v2/admin/organizations',
    {
      onRequest: app.requirePlatform('orgs~create'),
      schema: {
        tags: ['admin'],
        summary: 'Create an organisation',
        body: adminOrganizationInputSchema,
        response: { 200: adminOrganizationResponseSchema },
      },
    },
    async (request) => ({ data: await organizations.createOrganization(request.body.name) }),
  );

  app.put(
    '/v2/admin/organizations/:id',
    {
      onRequest: app.requirePlatform('orgs~update'),
      schema: {
        tags: ['admin'],
        summary: 'Rename an organisation',
        params: idParamSchema,
        body: adminOrganizationInputSchema,
        response: { 200: adminOrganizationResponseSchema },
      },
    },
    async (request) => ({
      data: await organizations.renameOrganization(request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/v2/admin/organizations/:id',
    {
      onRequest: app.requirePlatform('orgs~delete'),
      schema: {
        tags: ['admin'],
        summary: 'Delete an organisation and its memberships',
        params: idParamSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await organizations.deleteOrganization(request.params.id);
      return ok;
    },
  );
};
