import {
  type AdminOrganization,
  type CompanyForm,
  type InvitationRegister,
  type InviteMember,
  ORGANIZATION_ADMIN,
  type OrganizationPermission,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hashToken, randomToken } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import type { MailLimit } from '../../plugins/mail-limit';
import {
  findUserByEmail,
  findUserById,
  type IdentityService,
  provideOrganizationDirectory,
  type Viewer,
} from '../identity/service';
import type { MailService } from '../mail/service';
import * as repo from './repository';

// ── What other modules use of organizations: they import this file, never the module's others ──────

/** The organisations a user belongs to, with their role in each (oldest membership first). */
export const listMembershipsOfUser = (db: Db, userId: string) => repo.listMembershipsOfUser(db, userId);

// Memberships and organisations are ours; identity asks for them through the interface it declares.
provideOrganizationDirectory({ membershipsOf: listMembershipsOfUser, find: repo.findOrganization });

/** An organisation by id (null when there is none); `db` may be the caller's transaction. */
export const findOrganization = (db: Db, id: string) => repo.findOrganization(db, id);

/** The user's membership of the organisation, or null when they are not a member. */
export const findMembership = (db: Db, organizationId: string, userId: string) =>
  repo.findMembership(db, organizationId, userId);

/** Id, email and first name of the organisation's members holding this role (e.g. its admins). */
export const listAdmins = (db: Db, organizationId: string, roleName: string) =>
  repo.listAdmins(db, organizationId, roleName);

export const INVITATION_DAYS = 7;

export interface OrganizationsDeps {
  db: Db;
  mail: MailService;
  mailLimit: MailLimit;
  identity: IdentityService;
  config: Pick<Config, 'publicUrl'>;
}

const displayName = (user: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'A TeenVoice user';

const organizationNotFound = () =>
  new HttpError(404, 'That organization does not exist.', 'ORGANIZATION_NOT_FOUND');

const toAdminOrganization = (row: {
  id: string;
  name: string;
  createdAt: Date;
  memberCount: number;
}): AdminOrganization => ({
  id: row.id,
  name: row.name,
  memberCount: Number(row.memberCount),
  createdAt: row.createdAt.toISOString(),
});

const lastAdmin = () =>
  new HttpError(
    409,
    'An organization needs at least one Organization Admin. Make someone else an admin first.',
    'LAST_ADMIN',
  );

export function createOrganizationsService(deps: OrganizationsDeps) {
  const { db } = deps;

  /**
   * Invites by email. Whether or not the address has an account, the answer is the same and nobody
   * joins without saying yes (issue 12): a new person creates their account from the mailed link, and
   * someone who already has one signs in and accepts it there.
   */
  async function invite(organization: { id: string; name: string }, viewer: Viewer, input: InviteMember) {
    const existing = await findUserByEmail(db, input.email);
    const inviter = displayName(viewer.user);
    const hasAccount = Boolean(existing?.passwordHash);
    if (existing && hasAccount && (await repo.findMembership(db, organization.id, existing.id))) {
      // The admin sees the members already, so saying so reveals nothing new.
      throw new HttpError(
        409,
        `${input.email} is already a member of ${organization.name}.`,
        'ALREADY_MEMBER',
        {
          fields: { email: [`${input.email} is already a member of ${organization.name}.`] },
        },
      );
    }

    // Inviting again is how an invitation is resent: each one counts against the hourly allowances.
    await deps.mailLimit.take({ user: viewer.user.id, organization: organization.id });
    const token = randomToken();
    const acceptUrl = `${deps.config.publicUrl}/register/invitation?token=${encodeURIComponent(token)}`;
    const ids = await db.transaction(async (tx) => {
      await repo.revokeOpenInvitationsFor(tx, organization.id, input.email);
      await repo.insertInvitation(tx, {
        organizationId: organization.id,
        email: input.email,
        roleName: input.roleName,
        tokenHash: hashToken(token),
        invitedBy: viewer.user.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      });
      return [
        existing && hasAccount
          ? await deps.mail.enqueue(tx, emailTemplates.organizationExistingUserAdded, existing.email!, {
              firstName: existing.firstName,
              organizationName: organization.name,
              addedBy: inviter,
              roleName: input.roleName,
              acceptUrl,
              expiresInDays: INVITATION_DAYS,
            })
          : await deps.mail.enqueue(tx, emailTemplates.userInvitation, input.email, {
              organizationName: organization.name,
              invitedBy: inviter,
              roleName: input.roleName,
              acceptUrl,
              expiresInDays: INVITATION_DAYS,
            }),
      ];
    });
    await deps.mail.dispatch(ids);
    return { outcome: 'invited' as const, email: input.email };
  }

  async function invitationDetails(token: string | null) {
    const invitation = token ? await repo.findUsableInvitation(db, hashToken(token)) : null;
    if (!invitation) throw invitationInvalid();
    const [inviter, account] = await Promise.all([
      invitation.invitedBy ? findUserById(db, invitation.invitedBy) : null,
      findUserByEmail(db, invitation.email),
    ]);
    return {
      email: invitation.email,
      organizationName: invitation.organizationName,
      roleName: invitation.roleName,
      invitedBy: inviter ? displayName(inviter) : null,
      // Only the holder of the mailed link learns this: whether to sign in or to create an account.
      hasAccount: Boolean(account?.passwordHash),
    };
  }

  const invitationInvalid = () =>
    new HttpError(
      400,
      'This invitation has expired or was already used. Ask your organization admin for a new one.',
      'INVITATION_INVALID',
    );

  async function acceptInvitation(
    token: string | null,
    input: InvitationRegister,
    viewer: Viewer | null,
    userAgent: string | null,
  ) {
    const { tokens, mailIds } = await db.transaction(async (tx) => {
      const invitation = token ? await repo.findUsableInvitation(tx, hashToken(token)) : null;
      if (!invitation || !(await repo.markInvitationAccepted(tx, invitation.id))) throw invitationInvalid();
      const userId = await deps.identity.createInvitedAccount(tx, invitation.email, input, viewer);
      await repo.insertMembership(tx, invitation.organizationId, userId, invitation.roleName);
      const admins = await repo.listAdmins(tx, invitation.organizationId, ORGANIZATION_ADMIN);
      const mailIds: string[] = [];
      for (const admin of admins) {
        if (!admin.email || admin.id === userId) continue;
        mailIds.push(
          await deps.mail.enqueue(tx, emailTemplates.organizationUserAdded, admin.email, {
            adminFirstName: admin.firstName,
            memberName: `${input.firstName} ${input.lastName}`,
            memberEmail: invitation.email,
            organizationName: invitation.organizationName,
            roleName: invitation.roleName,
            membersUrl: `${deps.config.publicUrl}/user/manage-members?selectedOrganizationId=${invitation.organizationId}`,
          }),
        );
      }
      const tokens = await deps.identity.startSession(tx, userId, userAgent);
      return { tokens, mailIds };
    });
    await deps.mail.dispatch(mailIds);
    return tokens;
  }

  /**
   * An existing account says yes to an invitation: the signed-in person must be the one invited. The
   * organisation's admins hear of it, as when a new person joins.
   */
  async function acceptInvitationAsMember(token: string | null, viewer: Viewer) {
    const { joined, mailIds } = await db.transaction(async (tx) => {
      const invitation = token ? await repo.findUsableInvitation(tx, hashToken(token)) : null;
      if (!invitation) throw invitationInvalid();
      if ((viewer.user.email ?? '').toLowerCase() !== invitation.email.toLowerCase()) {
        throw new HttpError(
          403,
          `This invitation is for ${invitation.email}. Sign in with that email address to accept it.`,
          'INVITATION_FOR_ANOTHER_ACCOUNT',
        );
      }
      if (!(await repo.markInvitationAccepted(tx, invitation.id))) throw invitationInvalid();
      await repo.insertMembership(tx, invitation.organizationId, viewer.user.id, invitation.roleName);
      const admins = await repo.listAdmins(tx, invitation.organizationId, ORGANIZATION_ADMIN);
      const memberName = displayName(viewer.user);
      const mailIds: string[] = [];
      for (const admin of admins) {
        if (!admin.email || admin.id === viewer.user.id) continue;
        mailIds.push(
          await deps.mail.enqueue(tx, emailTemplates.organizationUserAdded, admin.email, {
            adminFirstName: admin.firstName,
            memberName,
            memberEmail: invitation.email,
            organizationName: invitation.organizationName,
            roleName: invitation.roleName,
            membersUrl: `${deps.config.publicUrl}/user/manage-members?selectedOrganizationId=${invitation.organizationId}`,
          }),
        );
      }
      return {
        joined: { organizationId: invitation.organizationId, organizationName: invitation.organizationName },
        mailIds,
      };
    });
    await deps.mail.dispatch(mailIds);
    return joined;
  }

  /**
   * The mailed sign-up link (decision 037). 'New organizations register here': the account and the
   * organization named at sign-up are created together, with the new person as the organization's first
   * Organization Admin, or neither is.
   */
  function confirmRegistration(token: string | null, viewer: Viewer | null, userAgent: string | null) {
    return deps.identity.confirmRegistration(
      token,
      viewer,
      userAgent,
      async (tx, userId, organizationName) => {
        if (!organizationName) return;
        const organization = await repo.insertOrganization(tx, organizationName);
        await repo.insertMembership(tx, organization.id, userId, ORGANIZATION_ADMIN);
      },
    );
  }

  async function members(organizationId: string) {
    const [memberRows, invitations] = await Promise.all([
      repo.listMembers(db, organizationId),
      repo.listOpenInvitations(db, organizationId),
    ]);
    return {
      members: memberRows.map((m) => ({ ...m, email: m.email ?? '' })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        roleName: i.roleName,
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
      })),
    };
  }

  async function changeRole(
    organization: { id: string; name: string },
    viewer: Viewer,
    userId: string,
    roleName: string,
  ) {
    const ids = await db.transaction(async (tx) => {
      const membership = await repo.findMembership(tx, organization.id, userId);
      if (!membership)
        throw new HttpError(404, 'That person is not a member of this organization.', 'MEMBER_NOT_FOUND');
      if (membership.roleName === roleName) return [];
      if (
        membership.roleName === ORGANIZATION_ADMIN &&
        (await repo.countRole(tx, organization.id, ORGANIZATION_ADMIN)) <= 1
      ) {
        throw lastAdmin();
      }
      await repo.updateMembershipRole(tx, organization.id, userId, roleName);
      const member = await findUserById(tx, userId);
      if (!member?.email) return [];
      return [
        await deps.mail.enqueue(tx, emailTemplates.userPermissionChangedInOrganization, member.email, {
          firstName: member.firstName,
          organizationName: organization.name,
          oldRoleName: membership.roleName,
          newRoleName: roleName,
          changedBy: displayName(viewer.user),
        }),
      ];
    });
    await deps.mail.dispatch(ids);
  }

  async function removeMember(organizationId: string, userId: string) {
    await db.transaction(async (tx) => {
      const membership = await repo.findMembership(tx, organizationId, userId);
      if (!membership)
        throw new HttpError(404, 'That person is not a member of this organization.', 'MEMBER_NOT_FOUND');
      if (
        membership.roleName === ORGANIZATION_ADMIN &&
        (await repo.countRole(tx, organizationId, ORGANIZATION_ADMIN)) <= 1
      ) {
        throw lastAdmin();
      }
      await repo.deleteMembership(tx, organizationId, userId);
    });
  }

  async function revokeInvitation(organizationId: string, invitationId: string) {
    if (!(await repo.revokeInvitation(db, organizationId, invitationId))) {
      throw new HttpError(404, 'That invitation is no longer open.', 'INVITATION_NOT_FOUND');
    }
  }

  async function billing(organizationId: string): Promise<CompanyForm | null> {
    const row = await repo.findBilling(db, organizationId);
    if (!row) return null;
    return {
      company: row.company,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      state: { value: row.stateValue, label: row.stateLabel },
    };
  }

  async function saveBilling(organizationId: string, input: CompanyForm) {
    await repo.upsertBilling(db, {
      organizationId,
      company: input.company,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      stateValue: input.state.value,
      stateLabel: input.state.label,
    });
    return billing(organizationId);
  }

  /** What the caller sees of an organisation: their role and effective permissions there. */
  const describe = (organization: {
    id: string;
    name: string;
    membership: { roleName: string | null; permissions: OrganizationPermission[] } | null;
  }) => ({
    id: organization.id,
    name: organization.name,
    roleName: organization.membership?.roleName ?? null,
    permissions: organization.membership?.permissions ?? [],
  });

  // ── Platform administration of organisations ────────────────────────────────────────────────

  /** Every organisation, searched by name, a page at a time, with its member count. */
  async function pageOrganizations(search: string | undefined, page: number, pageSize: number) {
    const { rows, total } = await repo.pageOrganizations(db, search, page, pageSize);
    return { rows: rows.map(toAdminOrganization), total };
  }

  async function createOrganization(name: string) {
    const row = await repo.insertOrganization(db, name);
    return toAdminOrganization({ ...row, memberCount: 0 });
  }

  async function renameOrganization(id: string, name: string) {
    const row = await repo.renameOrganization(db, id, name);
    if (!row) throw organizationNotFound();
    const memberRows = await repo.listMembers(db, row.id);
    return toAdminOrganization({ ...row, memberCount: memberRows.length });
  }

  /** Deletes an organisation with its memberships. */
  async function deleteOrganization(id: string) {
    if (!(await repo.findOrganization(db, id))) throw organizationNotFound();
    await repo.deleteOrganization(db, id);
  }

  /** Each user's organisations (id, name, their role), for staff's list of users. */
  async function membershipsOfUsers(userIds: string[]) {
    const rows = await repo.listMembershipsOfUsers(db, userIds);
    const byUser = new Map<string, { id: string; name: string; roleName: string | null }[]>(
      userIds.map((id) => [id, []]),
    );
    for (const { userId, id, name, roleName } of rows) byUser.get(userId)?.push({ id, name, roleName });
    return byUser;
  }

  return {
    invite,
    invitationDetails,
    acceptInvitationAsMember,
    acceptInvitation,
    confirmRegistration,
    members,
    changeRole,
    removeMember,
    revokeInvitation,
    billing,
    saveBilling,
    describe,
    pageOrganizations,
    createOrganization,
    renameOrganization,
    deleteOrganization,
    membershipsOfUsers,
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

// ── For the demo seed and test fixtures, which write what the product's own screens would ─────────
export { insertMembership, insertOrganization } from './repository';
