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
import { routesOf } from '../../plugins/route';

const ok = { data: { ok: true as const } };
const orgHeaders = z.object({ [ORGANIZATION_HEADER]: z.string().optional() });

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.organizations;
  const route = routesOf(app, ['organizations']);
  const authorizationHeader = z.object({ authorization: z.string().optional() });

  route.get(
    '/organizations',
    {
      access: 'session',
      summary: "The caller's organisations, with their role and permissions in each",
      querystring: organizationsQuerySchema,
      response: organizationsResponseSchema,
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

  route.get(
    '/organization',
    {
      access: { organization: 'orgs~view' },
      summary: 'One organisation, named by the x-asa-organization-id header',
      headers: orgHeaders,
      response: organizationResponseSchema,
    },
    async (request) => ({ data: service.describe(request.organization!) }),
  );

  route.get(
    '/v2/organization/members',
    {
      access: { organization: 'org_users~view' },
      summary: 'Members and open invitations of the organisation',
      headers: orgHeaders,
      response: membersResponseSchema,
    },
    async (request) => ({ data: await service.members(request.organization!.id) }),
  );

  route.post(
    '/v2/organization/invitations',
    {
      access: { organization: 'org_users~manage' },
      summary: 'Invite someone by email with a role (an existing account is added at once)',
      headers: orgHeaders,
      body: inviteMemberSchema,
      response: inviteMemberResponseSchema,
    },
    async (request) => ({ data: await service.invite(request.organization!, request.viewer!, request.body) }),
  );

  route.delete(
    '/v2/organization/invitations/:id',
    {
      access: { organization: 'org_users~manage' },
      summary: 'Withdraw an open invitation',
      headers: orgHeaders,
      params: idParamSchema,
      response: okResponseSchema,
    },
    async (request) => {
      await service.revokeInvitation(request.organization!.id, request.params.id);
      return ok;
    },
  );

  route.put(
    '/v2/organization/members/:userId',
    {
      access: { organization: 'org_users~manage' },
      summary: "Change a member's role",
      headers: orgHeaders,
      params: userIdParamSchema,
      body: changeMemberRoleSchema,
      response: okResponseSchema,
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

  route.delete(
    '/v2/organization/members/:userId',
    {
      access: { organization: 'org_users~manage' },
      summary: 'Remove a member',
      headers: orgHeaders,
      params: userIdParamSchema,
      response: okResponseSchema,
    },
    async (request) => {
      await service.removeMember(request.organization!.id, request.params.userId);
      return ok;
    },
  );

  route.post(
    '/v2/organization/leave',
    {
      access: { organization: 'orgs~view' },
      summary: 'Leave the organisation',
      headers: orgHeaders,
      response: okResponseSchema,
    },
    async (request) => {
      const organization = request.organization!;
      if (!organization.membership)
        throw new HttpError(400, 'You are not a member of this organization.', 'NOT_A_MEMBER');
      await service.removeMember(organization.id, request.viewer!.user.id);
      return ok;
    },
  );

  route.get(
    '/v2/organization/billing',
    {
      access: { organization: 'orgs_billing~view' },
      summary: 'Billing details of the organisation',
      headers: orgHeaders,
      response: billingResponseSchema,
    },
    async (request) => ({ data: await service.billing(request.organization!.id) }),
  );

  route.put(
    '/v2/organization/billing',
    {
      access: { organization: 'orgs_billing~manage' },
      summary: 'Save billing details (the company form)',
      headers: orgHeaders,
      body: billingDetailsSchema,
      response: billingResponseSchema,
    },
    async (request) => ({ data: await service.saveBilling(request.organization!.id, request.body) }),
  );

  route.get(
    '/v2/invitation',
    {
      access: 'public',
      summary: 'What an invitation is for, with the invite token in Authorization',
      headers: authorizationHeader,
      response: invitationDetailsResponseSchema,
    },
    async (request) => ({
      data: await service.invitationDetails(tokenFromAuthorization(request.headers.authorization)),
    }),
  );

  route.post(
    '/v2/invitation/accept',
    {
      access: 'account',
      summary:
        'A signed-in account accepts the invitation sent to its address (invite token in Authorization)',
      headers: authorizationHeader,
      response: invitationAcceptedResponseSchema,
    },
    async (request) => ({
      data: await service.acceptInvitationAsMember(
        tokenFromAuthorization(request.headers.authorization),
        request.viewer!,
      ),
    }),
  );
};
