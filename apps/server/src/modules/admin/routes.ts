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
import { routesOf } from '../../plugins/route';
import type { UserRow } from '../identity/service';

const ok = { data: { ok: true as const } };

/** Platform administration: every user and every organisation (identity and organizations do the work). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, organizations } = app;
  const route = routesOf(app, ['admin']);

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

  route.get(
    '/v2/admin/users',
    {
      access: { platform: 'platform_users~view' },
      summary: 'Search and page through every registered user',
      querystring: pageQuerySchema,
      response: adminUsersResponseSchema,
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { rows, total } = await identity.pageUsers(search, page, pageSize);
      return { data: await toAdminUsers(rows), meta: { page, pageSize, total } };
    },
  );

  route.post(
    '/v2/admin/users',
    {
      access: { platform: 'platform_users~manage' },
      summary: 'Create a user; they get a mail to choose their password',
      body: adminUserInputSchema,
      response: adminUserResponseSchema,
    },
    async (request) => {
      const user = await identity.createUserAsAdmin(request.body);
      return { data: (await toAdminUsers([user]))[0]! };
    },
  );

  route.put(
    '/v2/admin/users/:id',
    {
      access: { platform: 'platform_users~manage' },
      summary: "Change a user's name, email or platform role",
      params: idParamSchema,
      body: adminUserInputSchema,
      response: adminUserResponseSchema,
    },
    async (request) => {
      const user = await identity.updateUserAsAdmin(request.viewer!, request.params.id, request.body);
      return { data: (await toAdminUsers([user]))[0]! };
    },
  );

  route.delete(
    '/v2/admin/users/:id',
    {
      access: { platform: 'platform_users~manage' },
      summary: 'Delete a user',
      params: idParamSchema,
      response: okResponseSchema,
    },
    async (request) => {
      await identity.deleteUserAsAdmin(request.viewer!, request.params.id);
      return ok;
    },
  );

  route.get(
    '/v2/admin/organizations',
    {
      access: { platform: 'orgs~view' },
      summary: 'Search and page through every organisation',
      querystring: pageQuerySchema,
      response: adminOrganizationsResponseSchema,
    },
    async (request) => {
      const { search, page, pageSize } = request.query;
      const { rows, total } = await organizations.pageOrganizations(search, page, pageSize);
      return { data: rows, meta: { page, pageSize, total } };
    },
  );

  route.post(
    '/v2/admin/organizations',
    {
      access: { platform: 'orgs~create' },
      summary: 'Create an organisation',
      body: adminOrganizationInputSchema,
      response: adminOrganizationResponseSchema,
    },
    async (request) => ({ data: await organizations.createOrganization(request.body.name) }),
  );

  route.put(
    '/v2/admin/organizations/:id',
    {
      access: { platform: 'orgs~update' },
      summary: 'Rename an organisation',
      params: idParamSchema,
      body: adminOrganizationInputSchema,
      response: adminOrganizationResponseSchema,
    },
    async (request) => ({
      data: await organizations.renameOrganization(request.params.id, request.body.name),
    }),
  );

  route.delete(
    '/v2/admin/organizations/:id',
    {
      access: { platform: 'orgs~delete' },
      summary: 'Delete an organisation and its memberships',
      params: idParamSchema,
      response: okResponseSchema,
    },
    async (request) => {
      await organizations.deleteOrganization(request.params.id);
      return ok;
    },
  );
};
