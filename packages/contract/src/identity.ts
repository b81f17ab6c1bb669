import { z } from 'zod';
import { platformRoleNamed } from './permissions';
import { pageNumber } from './safe-input';

/** Control characters (NUL among them) and broken Unicode: PostgreSQL would refuse them later with a 500. */
const hasUnstorableCharacters = (text: string) => /[\p{Cc}\p{Cs}]/u.test(text);

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} should be at least 1 character long`)
    .max(128, `${label} should be maximum 128 characters long`)
    .refine(
      (name) => !hasUnstorableCharacters(name),
      `${label} can only hold letters, numbers, spaces and punctuation`,
    );

const emailField = z.email('Email is not valid').trim().toLowerCase().max(254, 'Email is not valid');

export const passwordField = z
  .string()
  .min(8, 'Password should be at least 8 characters long')
  .max(128, 'Password should be maximum 128 characters long');

/** Person form (spec §5): names 1–128 characters, a valid email. */
export const personFormSchema = z.object({
  firstName: nameField('First Name'),
  lastName: nameField('Last Name'),
  email: emailField,
});
export type PersonForm = z.infer<typeof personFormSchema>;

export const stateOptionSchema = z.object({ label: z.string().min(1), value: z.string().min(1) });
export type StateOption = z.infer<typeof stateOptionSchema>;

/** Company form (spec §5): company and names at least 3 characters, email, state as a labelled option. */
export const companyFormSchema = z.object({
  company: z.string().trim().min(3, 'Company Name should be at least 3 characters long').max(200),
  firstName: z.string().trim().min(3, 'First Name should be at least 3 characters long').max(128),
  lastName: z.string().trim().min(3, 'Last Name should be at least 3 characters long').max(128),
  email: emailField,
  state: stateOptionSchema,
});
export type CompanyForm = z.infer<typeof companyFormSchema>;

// ---- profile -------------------------------------------------------------------------------

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  roleName: z.string().nullable(),
  permissions: z.array(z.string()),
});
export type Organization = z.infer<typeof organizationSchema>;

export const platformAccessSchema = z.object({
  roleName: z.string().nullable(),
  permissions: z.array(z.string()),
});

/** The user of spec §3, exactly. */
export const userSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  acceptMarketing: z.boolean().optional(),
  platform: platformAccessSchema,
  organizations: z.array(organizationSchema),
  /**
   * GET /v2/profile only: true when a newer terms version was published after the one this person
   * accepted; the app then asks them to accept it (POST /v2/profile/accept-terms).
   */
  mustAcceptTerms: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** POST /v2/profile/accept-terms: the version shown to the person, which must be the current one. */
export const acceptTermsSchema = z.object({ versionTimestamp: z.string().trim().min(1, 'Required').max(40) });
export type AcceptTerms = z.infer<typeof acceptTermsSchema>;

/** An anonymous (soft-registered) visitor: both names null. */
export const anonymousUserSchema = z.object({
  id: z.uuid(),
  firstName: z.null(),
  lastName: z.null(),
  email: z.string().nullable(),
  acceptMarketing: z.boolean().optional(),
  platform: platformAccessSchema,
  organizations: z.array(organizationSchema),
});
export type AnonymousUser = z.infer<typeof anonymousUserSchema>;

export const profileSchema = z.union([userSchema, anonymousUserSchema]);
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ data: profileSchema });

export const updateProfileSchema = personFormSchema.extend({ acceptMarketing: z.boolean().optional() });
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Required'),
  newPassword: passwordField,
});

// ---- sign in, sign up, reset ---------------------------------------------------------------

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Required').max(128),
});
export type Login = z.infer<typeof loginSchema>;

/** An organisation's name, worded like the company form's (spec §5). */
export const organizationNameField = z
  .string()
  .trim()
  .min(3, 'Organization Name should be at least 3 characters long')
  .max(200, 'Organization Name should be maximum 200 characters long')
  .refine(
    (name) => !hasUnstorableCharacters(name),
    'Organization Name can only hold letters, numbers, spaces and punctuation',
  );

const newAccountFields = personFormSchema.extend({
  password: passwordField,
  confirmPassword: z.string(),
  acceptTerms: z.literal(true, 'Please accept the terms and conditions'),
  acceptMarketing: z.boolean(),
  termsAndConditions: z.string().min(1),
});
const passwordsMatch = (form: { password: string; confirmPassword: string }) =>
  form.password === form.confirmPassword;
const passwordsMismatch = { path: ['confirmPassword'], message: 'Passwords do not match' };

/**
 * What the sign-up screen collects: a new organization registers with its first admin.
 * acceptTerms and confirmPassword stay in the browser.
 */
export const signUpFormSchema = newAccountFields
  .extend({ organizationName: organizationNameField })
  .refine(passwordsMatch, passwordsMismatch);
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** What the invitation screen collects: the organization is the inviting one, so no name is asked. */
export const invitationSignUpFormSchema = newAccountFields.refine(passwordsMatch, passwordsMismatch);

/** POST /v2/register: sign-up fields except acceptTerms and confirmPassword. */
export const registerSchema = personFormSchema.extend({
  password: passwordField,
  acceptMarketing: z.boolean().default(false),
  /** The versionTimestamp of the terms and conditions the person accepted. */
  termsAndConditions: z.string().min(1, 'Please accept the terms and conditions'),
  /** When given, the organization is created with the new account as its Organization Admin. */
  organizationName: organizationNameField.optional(),
});
export type Register = z.infer<typeof registerSchema>;

/** POST /v2/invitation/register, with the invite token in Authorization. */
export const invitationRegisterSchema = z.object({
  firstName: nameField('First Name'),
  lastName: nameField('Last Name'),
  password: passwordField,
  termsAndConditions: z.string().min(1, 'Please accept the terms and conditions'),
  acceptMarketing: z.boolean(),
});
export type InvitationRegister = z.infer<typeof invitationRegisterSchema>;

export const invitationDetailsSchema = z.object({
  email: z.string(),
  organizationName: z.string(),
  roleName: z.string().nullable(),
  invitedBy: z.string().nullable(),
  /** Whether the invited address has an account already: it accepts by signing in, not by signing up. */
  hasAccount: z.boolean(),
});
export const invitationDetailsResponseSchema = z.object({ data: invitationDetailsSchema });
/** What an existing account joined by accepting an invitation. */
export const invitationAcceptedResponseSchema = z.object({
  data: z.object({ organizationId: z.string().uuid(), organizationName: z.string() }),
});

export const passwordResetRequestSchema = z.object({ email: emailField });
export const passwordResetSchema = z.object({ password: passwordField });

export const okResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

// ---- organisations and members -------------------------------------------------------------

export const ORGANIZATION_HEADER = 'x-asa-organization-id';

export const organizationsQuerySchema = z.object({
  'page[size]': z.coerce.number().int().min(1).max(10_000).default(10_000),
  'page[number]': pageNumber(),
});
export const organizationsResponseSchema = z.object({ data: z.array(organizationSchema) });
export const organizationResponseSchema = z.object({ data: organizationSchema });

/** Organization member of spec §3. */
export const organizationMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  roleName: z.string().nullable(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  roleName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const membersResponseSchema = z.object({
  data: z.object({ members: z.array(organizationMemberSchema), invitations: z.array(invitationSchema) }),
});

const roleNameField = z
  .string()
  .trim()
  .min(1, 'Choose a role')
  .max(64, 'Role names are at most 64 characters')
  // On an organisation role, a platform role's name would read as staff powers it does not give.
  .refine((name) => !platformRoleNamed(name), {
    error: (issue) =>
      `‘${platformRoleNamed(String(issue.input))}’ is a platform role; choose another name for an organization role.`,
  });

export const inviteMemberSchema = z.object({ email: emailField, roleName: roleNameField });
export type InviteMember = z.infer<typeof inviteMemberSchema>;
export const inviteMemberResponseSchema = z.object({
  data: z.object({ outcome: z.literal('invited'), email: z.string() }),
});

export const changeMemberRoleSchema = z.object({ roleName: roleNameField });

export const billingDetailsSchema = companyFormSchema;
export const billingResponseSchema = z.object({ data: companyFormSchema.nullable() });

// ---- platform administration ---------------------------------------------------------------

export const pageQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const pageMetaSchema = z.object({ page: z.number(), pageSize: z.number(), total: z.number() });

export const adminUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  platformRoleName: z.string().nullable(),
  organizations: z.array(z.object({ id: z.uuid(), name: z.string(), roleName: z.string().nullable() })),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ data: z.array(adminUserSchema), meta: pageMetaSchema });
export const adminUserResponseSchema = z.object({ data: adminUserSchema });

export const adminUserInputSchema = personFormSchema.extend({
  platformRoleName: z.enum(['Super Admin', 'Platform Admin', 'Platform Survey Moderator']).nullable(),
});
export type AdminUserInput = z.infer<typeof adminUserInputSchema>;

export const adminOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;
export const adminOrganizationsResponseSchema = z.object({
  data: z.array(adminOrganizationSchema),
  meta: pageMetaSchema,
});
export const adminOrganizationResponseSchema = z.object({ data: adminOrganizationSchema });
export const adminOrganizationInputSchema = z.object({ name: organizationNameField });

export const idParamSchema = z.object({ id: z.uuid('Invalid input') });
export const userIdParamSchema = z.object({ userId: z.uuid('Invalid input') });

// ---- mail ----------------------------------------------------------------------------------

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'kept']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListResponseSchema = z.object({
  data: z.array(outboxMessageSchema),
  meta: pageMetaSchema,
});
export const outboxMessageResponseSchema = z.object({
  data: outboxMessageSchema.extend({ html: z.string(), text: z.string() }),
});

export const mailTemplateSummarySchema = z.object({
  name: z.string(),
  description: z.string(),
  subject: z.string(),
});
export const mailTemplatesResponseSchema = z.object({ data: z.array(mailTemplateSummarySchema) });
export const mailPreviewResponseSchema = z.object({
  data: z.object({ name: z.string(), subject: z.string(), html: z.string(), text: z.string() }),
});

// ---- terms ---------------------------------------------------------------------------------

export const termsSchema = z.object({ versionTimestamp: z.string(), content: z.string() });
