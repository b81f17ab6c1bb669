import {
  billingDetailsSchema,
  billingResponseSchema,
  changeMemberRoleSchema,
  idParamSchema,
  invitationAcceptedResponseSchema,
  invitationDetailsResponseSchema,
  inviteMemberResponseSchema,
  inviteMemberSchema,
  membersResponseSchema,
  ORGANIZATION_HEADER,
  okResponseSchema,
  organizationResponseSchema,
  organizationsQuerySchema,
  organizationsResponseSchema,
  userIdParamSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenFromAuthorization } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';

const ok = { data: { ok: true as const } };
const orgHeaders = z.object({ [ORGANIZATION_HEADER]: z.string().optional() });

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.organizations;

  app.get(
    '/organizations',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['organizations'],
        summary: "The caller's organisations, with their role and permissions in each",
        querystring: organizationsQuerySchema,
        response: { 200: organizationsResponseSchema },
      },
    },
    async (request) => {
      const size = request.query['page[size]'];
      const number = request.query['page[number]'];
      const all = request.viewer!.memberships.map((m) => ({
        id: m.organizationId,
        name: m.name,
        roleName: m.roleName,
        permissions: m.permissions,
      }));
      return { data: all.slice((number - 1) * size, number * size) };
    },
  );

  app.get(
    '/organization',
    {
      onRequest: app.requireOrganization('orgs~view'),
      schema: {
        tags: ['organizations'],
        summary: 'One organisation, named by the x-asa-organization-id header',
        headers: orgHeaders,
        response: { 200: organizationResponseSchema },
      },
    },
    async (request) => ({ data: service.describe(request.organization!) }),
  );

  app.get(
    '/v2/organization/members',
    {
      onRequest: app.requireOrganization('org_users~view'),
      schema: {
        tags: ['organizations'],
        summary: 'Members and open invitations of the organisation',
        headers: orgHeaders,
        response: { 200: membersResponseSchema },
      },
    },
    async (request) => ({ data: await service.members(request.organization!.id) }),
  );

  app.post(
    '/v2/organization/invitations',
    {
      onRequest: app.requireOrganization('org_users~manage'),
      schema: {
        tags: ['organizations'],
        summary: 'Invite someone by email with a role (an existing account is added at once)',
        headers: orgHeaders,
        body: inviteMemberSchema,
        response: { 200: inviteMemberResponseSchema },
      },
    },
    async (request) => ({ data: await service.invite(request.organization!, request.viewer!, request.body) }),
  );

  app.delete(
    '/v2/organization/invitations/:id',
    {
      onRequest: app.requireOrganization('org_users~manage'),
      schema: {
        tags: ['organizations'],
        summary: 'Withdraw an open invitation',
        headers: orgHeaders,
        params: idParamSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await service.revokeInvitation(request.organization!.id, request.params.id);
      return ok;
    },
  );

  app.put(
    '/v2/organization/members/:userId',
    {
      onRequest: app.requireOrganization('org_users~manage'),
      schema: {
        tags: ['organizations'],
        summary: "Change a member's role",
        headers: orgHeaders,
        params: userIdParamSchema,
        body: changeMemberRoleSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await service.changeRole(
        request.organization!,
        request.viewer!,
        request.params.userId,
        request.body.roleName,
      );
      return ok;
    },
  );

  app.delete(
    '/v2/organization/members/:userId',
    {
      onRequest: app.requireOrganization('org_users~manage'),
      schema: {
        tags: ['organizations'],
        summary: 'Remove a member',
        headers: orgHeaders,
        params: userIdParamSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await service.removeMember(request.organization!.id, request.params.userId);
      return ok;
    },
  );

  app.post(
    '/v2/organization/leave',
    {
      onRequest: app.requireOrganization('orgs~view'),
      schema: {
        tags: ['organizations'],
        summary: 'Leave the organisation',
        headers: orgHeaders,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const organization = request.organization!;
      if (!organization.membership)
        throw new HttpError(400, 'You are not a member of this organization.', 'NOT_A_MEMBER');
      await service.removeMember(organization.id, request.viewer!.user.id);
      return ok;
    },
  );

  app.get(
    '/v2/organization/billing',
    {
      onRequest: app.requireOrganization('orgs_billing~view'),
      schema: {
        tags: ['organizations'],
        summary: 'Billing details of the organisation',
        headers: orgHeaders,
        response: { 200: billingResponseSchema },
      },
    },
    async (request) => ({ data: await service.billing(request.organization!.id) }),
  );

  app.put(
    '/v2/organization/billing',
    {
      onRequest: app.requireOrganization('orgs_billing~manage'),
      schema: {
        tags: ['organizations'],
        summary: 'Save billing details (the company form)',
        headers: orgHeaders,
        body: billingDetailsSchema,
        response: { 200: billingResponseSchema },
      },
    },
    async (request) => ({ data: await service.saveBilling(request.organization!.id, request.body) }),
  );

  app.get(
    '/v2/invitation',
    {
      schema: {
        tags: ['organizations'],
        summary: 'What an invitation is for, with the invite token in Authorization',
        headers: z.object({ authorization: z.string().optional() }),
        response: { 200: invitationDetailsResponseSchema },
      },
    },
    async (request) => ({
      data: await service.invitationDetails(tokenFromAuthorization(request.headers.authorization)),
    }),
  );

  app.post(
    '/v2/invitation/accept',
    {
      onRequest: app.requireAccount,
      schema: {
        tags: ['organizations'],
        summary:
          'A signed-in account accepts the invitation sent to its address (invite token in Authorization)',
        headers: z.object({ authorization: z.string().optional() }),
        response: { 200: invitationAcceptedResponseSchema },
      },
    },
    async (request) => ({
      data: await service.acceptInvitationAsMember(
        tokenFromAuthorization(request.headers.authorization),
        request.viewer!,
      ),
    }),
  );
};
