import { Button, Section, Text } from '@react-email/components';
import { EmailLayout, emailButton, emailText, SimpleMessage } from '../layout';
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

/**
 * The link that finishes a sign-up (decision 037). Whoever signed up chose the address, so the message
 * holds none of their text: a stranger's sign-up cannot put words in someone else's inbox.
 */
export const registrationConfirm = defineTemplate<{ confirmUrl: string; expiresInHours: number }>({
  name: 'account/registration-confirm',
  description:
    'Sent when someone signs up with an address that has no account: the link creates the account.',
  subject: () => 'Finish creating your TeenVoice account',
  component: ({ confirmUrl, expiresInHours }) => (
    <SimpleMessage
      preview="Confirm your email address to finish signing up."
      heading="Finish creating your account"
      paragraphs={[
        'Hi there,',
        `Thanks for signing up for TeenVoice. Use the link below to confirm this email address and finish creating your account. The link works once and expires in ${expiresInHours} hours.`,
      ]}
      action={{ label: 'Finish creating my account', href: confirmUrl }}
      footnote="If you did not sign up for TeenVoice, you can ignore this message: no account is created unless the link is used."
    />
  ),
  sample: { confirmUrl: 'http://localhost:3000/register/confirm?token=sample', expiresInHours: 24 },
  secrets: ['confirmUrl'],
});

/** Sent instead of the sign-up link when the address already has an account (decision 037). */
export const registrationAttempt = defineTemplate<{
  firstName: string | null;
  signInUrl: string;
  resetUrl: string;
}>({
  name: 'account/registration-attempt',
  description:
    'Sent when someone signs up with an address that already has an account, so that the answer on screen is the same either way.',
  subject: () => 'Someone tried to create an account with your email',
  component: ({ firstName, signInUrl, resetUrl }) => (
    <EmailLayout
      preview="Your account is unchanged. Sign in or reset your password if it was you."
      heading="Someone tried to create an account with your email"
    >
      <Text style={emailText}>Hi {firstName ?? 'there'},</Text>
      <Text style={emailText}>
        Someone tried to create a TeenVoice account with this email address. You already have an account, so
        no new one was created and nothing about your account changed.
      </Text>
      <Text style={emailText}>
        If it was you, sign in with your existing account, or reset your password if you don't remember it:
        both links are below.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={signInUrl} style={emailButton}>
          Sign in
        </Button>
      </Section>
      <Text style={{ ...emailText, fontSize: 13 }}>
        Sign in: {signInUrl}
        <br />
        Reset your password: {resetUrl}
      </Text>
      <Text style={{ ...emailText, fontSize: 13 }}>
        If it wasn't you, you can ignore this message: your account and password stay the same.
      </Text>
    </EmailLayout>
  ),
  sample: {
    firstName: 'Maya',
    signInUrl: 'http://localhost:3000/login',
    resetUrl: 'http://localhost:3000/security/password-reset',
  },
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
  subject: () => "You're invited to join an organization on TeenVoice",
  component: ({ organizationName, invitedBy, roleName, acceptUrl, expiresInDays }) => (
    <SimpleMessage
      preview="Accept to work on surveys with your team."
      heading="You're invited to join an organization on TeenVoice"
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
  subject: () => 'A new member joined your organization on TeenVoice',
  component: ({ adminFirstName, memberName, memberEmail, organizationName, roleName, membersUrl }) => (
    <SimpleMessage
      preview="Someone accepted an invitation to your organization."
      heading="A new member joined your organization"
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
  subject: () => "You're invited to join an organization on TeenVoice",
  component: ({ firstName, organizationName, addedBy, roleName, acceptUrl, expiresInDays }) => (
    <SimpleMessage
      preview="Sign in to accept or ignore the invitation."
      heading="You're invited to join an organization on TeenVoice"
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
  subject: () => 'Your role in an organization on TeenVoice changed',
  component: ({ firstName, organizationName, oldRoleName, newRoleName, changedBy }) => (
    <SimpleMessage
      preview="What you can see and do in the organization changed."
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
