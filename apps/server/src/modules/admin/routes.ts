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
import { emailTemplates } from '@tv/emails';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { hashToken, randomToken } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import * as identity from '../identity/repository';
import * as organizations from '../organizations/repository';

const ok = { data: { ok: true as const } };
const SET_PASSWORD_MINUTES = 7 * 24 * 60;

async function toAdminUsers(db: Db, rows: identity.UserRow[]): Promise<AdminUser[]> {
  const memberships = await organizations.listMembershipsOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((user) => ({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    platformRoleName: user.platformRoleName,
    organizations: memberships
      .filter((m) => m.userId === user.id)
      .map(({ id, name, roleName }) => ({ id, name, roleName })),
    createdAt: user.createdAt.toISOString(),
  }));
}

const emailTaken = () =>
  new HttpError(409, 'An account with this email already exists.', 'EMAIL_TAKEN', {
    fields: { email: ['An account with this email already exists.'] },
  });

/** Platform administration: every user and every organisation. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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
      const { rows, total } = await identity.pageUsers(db, search, page, pageSize);
      return { data: await toAdminUsers(db, rows), meta: { page, pageSize, total } };
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
      const input = request.body;
      const token = randomToken();
      const { user, mailId } = await db.transaction(async (tx) => {
        if (await identity.findUserByEmail(tx, input.email)) throw emailTaken();
        const user = await identity.insertUser(tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          platformRoleName: input.platformRoleName,
        });
        await identity.insertPasswordResetToken(
          tx,
          user.id,
          hashToken(token),
          new Date(Date.now() + SET_PASSWORD_MINUTES * 60_000),
        );
        const mailId = await app.mail.enqueue(tx, emailTemplates.passwordReset, input.email, {
          firstName: input.firstName,
          resetUrl: `${app.config.publicUrl}/security/password-reset?token=${encodeURIComponent(token)}`,
          expiresInMinutes: SET_PASSWORD_MINUTES,
        });
        return { user, mailId };
      });
      await app.mail.dispatch([mailId]);
      return { data: (await toAdminUsers(db, [user]))[0]! };
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
      const { id } = request.params;
      const input = request.body;
      if (id === request.viewer!.user.id && input.platformRoleName !== request.viewer!.platformRoleName) {
        throw new HttpError(409, 'You cannot change your own platform role.', 'OWN_ROLE');
      }
      const user = await db.transaction(async (tx) => {
        const existing = await identity.findUserByEmail(tx, input.email);
        if (existing && existing.id !== id) throw emailTaken();
        return identity.updateUser(tx, id, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          platformRoleName: input.platformRoleName,
        });
      });
      if (!user) throw new HttpError(404, 'That user does not exist.', 'USER_NOT_FOUND');
      return { data: (await toAdminUsers(db, [user]))[0]! };
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
      if (request.params.id === request.viewer!.user.id) {
        throw new HttpError(409, 'You cannot delete your own account here.', 'OWN_ACCOUNT');
      }
      if (!(await identity.findUserById(db, request.params.id))) {
        throw new HttpError(404, 'That user does not exist.', 'USER_NOT_FOUND');
      }
      await identity.deleteUser(db, request.params.id);
      return ok;
    },
  );

  const toAdminOrganization = (row: { id: string; name: string; createdAt: Date; memberCount: number }) => ({
    id: row.id,
    name: row.name,
    memberCount: Number(row.memberCount),
    createdAt: row.createdAt.toISOString(),
  });

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
      const { rows, total } = await organizations.pageOrganizations(db, search, page, pageSize);
      return { data: rows.map(toAdminOrganization), meta: { page, pageSize, total } };
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
    async (request) => {
      const row = await organizations.insertOrganization(db, request.body.name);
      return { data: toAdminOrganization({ ...row, memberCount: 0 }) };
    },
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
    async (request) => {
      const row = await organizations.renameOrganization(db, request.params.id, request.body.name);
      if (!row) throw new HttpError(404, 'That organization does not exist.', 'ORGANIZATION_NOT_FOUND');
      const members = await organizations.listMembers(db, row.id);
      return { data: toAdminOrganization({ ...row, memberCount: members.length }) };
    },
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
      if (!(await organizations.findOrganization(db, request.params.id))) {
        throw new HttpError(404, 'That organization does not exist.', 'ORGANIZATION_NOT_FOUND');
      }
      await organizations.deleteOrganization(db, request.params.id);
      return ok;
    },
  );
};
