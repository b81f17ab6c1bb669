import { SimpleMessage } from '../layout';
import { defineTemplate } from '../registry';

export const passwordReset = defineTemplate<{
  firstName: string | null;
  resetUrl: string;
  expiresInMinutes: number;
}>({
  name: 'account/password-reset',
  description: 'Sent when someone asks to reset the password of an account.',
  subject: () => 'Reset your TeenVoice password',
  component: ({ firstName, resetUrl, expiresInMinutes }) => (
    <SimpleMessage
      preview="Use this link to choose a new password."
      heading="Reset your password"
      paragraphs={[
        `Hi ${firstName ?? 'there'},`,
        `Someone asked to reset the password for your TeenVoice account. The link below works once and expires in ${expiresInMinutes} minutes.`,
      ]}
      action={{ label: 'Choose a new password', href: resetUrl }}
      footnote="If you did not ask for this, you can ignore this message: your password stays the same."
    />
  ),
  sample: {
    firstName: 'Maya',
    resetUrl: 'http://localhost:3000/security/password-reset?token=sample',
    expiresInMinutes: 60,
  },
  secrets: ['resetUrl'],
});

export const passwordResetNoAccount = defineTemplate<{ signUpUrl: string }>({
  name: 'account/password-reset-no-account',
  description:
    'Sent when someone asks to reset the password of an address that has no account, so that the answer on screen and the time it takes are the same either way.',
  subject: () => 'Your TeenVoice password reset request',
  component: ({ signUpUrl }) => (
    <SimpleMessage
      preview="There is no TeenVoice account with this address."
      heading="No account with this address"
      paragraphs={[
        'Hi there,',
        'Someone asked to reset the password of a TeenVoice account with this email address, but there is no account with it. Perhaps you signed up with another address?',
        'If you are new to TeenVoice, you can create an account instead.',
      ]}
      action={{ label: 'Create an account', href: signUpUrl }}
      footnote="If you did not ask for this, you can ignore this message: nothing has changed."
    />
  ),
  sample: { signUpUrl: 'http://localhost:3000/login#sign-up' },
});

export const userInvitation = defineTemplate<{
  organizationName: string;
  invitedBy: string;
  roleName: string | null;
  acceptUrl: string;
  expiresInDays: number;
}>({
  name: 'organization/user-invitation',
  description: 'Sent to someone without an account who was invited to an organization.',
  subject: ({ organizationName }) => `You're invited to join ${organizationName} on TeenVoice`,
  component: ({ organizationName, invitedBy, roleName, acceptUrl, expiresInDays }) => (
    <SimpleMessage
      preview={`${invitedBy} invited you to ${organizationName}.`}
      heading={`Join ${organizationName} on TeenVoice`}
      paragraphs={[
        `${invitedBy} invited you to join ${organizationName}${roleName ? ` as ${roleName}` : ''}.`,
        'TeenVoice is where your team builds surveys for 13–19 year-olds, gets them reviewed for safety, and turns the answers into decisions.',
        `Create your account to accept. The invitation expires in ${expiresInDays} days.`,
      ]}
      action={{ label: 'Accept the invitation', href: acceptUrl }}
    />
  ),
  sample: {
    organizationName: 'Northside Youth Trust',
    invitedBy: 'Priya Shah',
    roleName: 'Researcher',
    acceptUrl: 'http://localhost:3000/register/invitation?token=sample',
    expiresInDays: 7,
  },
  secrets: ['acceptUrl'],
});

export const organizationUserAdded = defineTemplate<{
  adminFirstName: string | null;
  memberName: string;
  memberEmail: string;
  organizationName: string;
  roleName: string | null;
  membersUrl: string;
}>({
  name: 'organization/user-added',
  description: "Sent to an organization's admins when an invited person accepts and joins.",
  subject: ({ memberName, organizationName }) => `${memberName} joined ${organizationName}`,
  component: ({ adminFirstName, memberName, memberEmail, organizationName, roleName, membersUrl }) => (
    <SimpleMessage
      preview={`${memberName} accepted the invitation.`}
      heading={`${memberName} joined ${organizationName}`}
      paragraphs={[
        `Hi ${adminFirstName ?? 'there'},`,
        `${memberName} (${memberEmail}) accepted the invitation and is now a member of ${organizationName}${roleName ? ` with the role ${roleName}` : ''}.`,
      ]}
      action={{ label: 'Manage members', href: membersUrl }}
    />
  ),
  sample: {
    adminFirstName: 'Priya',
    memberName: 'Jordan Lee',
    memberEmail: 'jordan@northside.example',
    organizationName: 'Northside Youth Trust',
    roleName: 'Researcher',
    membersUrl: 'http://localhost:3000/user/manage-members',
  },
});

export const organizationExistingUserAdded = defineTemplate<{
  firstName: string | null;
  organizationName: string;
  addedBy: string;
  roleName: string | null;
  acceptUrl: string;
  expiresInDays: number;
}>({
  name: 'organization/existing-user-added',
  description:
    'Sent to someone who already has an account when they are invited to another organization; they join only once they accept.',
  subject: ({ organizationName }) => `You're invited to join ${organizationName} on TeenVoice`,
  component: ({ firstName, organizationName, addedBy, roleName, acceptUrl, expiresInDays }) => (
    <SimpleMessage
      preview={`${addedBy} invited you to ${organizationName}.`}
      heading={`Join ${organizationName} on TeenVoice`}
      paragraphs={[
        `Hi ${firstName ?? 'there'},`,
        `${addedBy} invited you to join ${organizationName}${roleName ? ` as ${roleName}` : ''}.`,
        `Sign in with the account you already have to accept. Until you do, nobody at ${organizationName} sees you as a member. The invitation expires in ${expiresInDays} days.`,
      ]}
      action={{ label: 'Review the invitation', href: acceptUrl }}
      footnote="If you weren't expecting this, you can ignore it: nothing changes unless you accept."
    />
  ),
  sample: {
    firstName: 'Jordan',
    organizationName: 'Northside Youth Trust',
    addedBy: 'Priya Shah',
    roleName: 'Viewer',
    acceptUrl: 'http://localhost:3000/register/invitation?token=sample',
    expiresInDays: 7,
  },
  secrets: ['acceptUrl'],
});

export const userPermissionChangedInOrganization = defineTemplate<{
  firstName: string | null;
  organizationName: string;
  oldRoleName: string | null;
  newRoleName: string | null;
  changedBy: string;
}>({
  name: 'organization/user-permission-changed',
  description: 'Sent to a member when their role in an organization changes.',
  subject: ({ organizationName }) => `Your role in ${organizationName} changed`,
  component: ({ firstName, organizationName, oldRoleName, newRoleName, changedBy }) => (
    <SimpleMessage
      preview={`You are now ${newRoleName ?? 'a member'} in ${organizationName}.`}
      heading="Your role changed"
      paragraphs={[
        `Hi ${firstName ?? 'there'},`,
        `${changedBy} changed your role in ${organizationName} from ${oldRoleName ?? 'member'} to ${newRoleName ?? 'member'}. What you can see and do there changes with it.`,
      ]}
      footnote="If this looks wrong, reply to an admin of your organization."
    />
  ),
  sample: {
    firstName: 'Jordan',
    organizationName: 'Northside Youth Trust',
    oldRoleName: 'Viewer',
    newRoleName: 'Researcher',
    changedBy: 'Priya Shah',
  },
});
