import { randomUUID } from 'node:crypto';
import { demoOrganizations } from '../db/seed/demo-accounts';
import type { Expectation } from './matrix-actors';

/**
 * The authorisation matrix's rows (authorization-matrix.test.ts): who may call what. Every route of the
 * API is either public (listed below) or has a row, here or in authorization-survey-rows.ts; the matrix
 * runs them in one order: accountRows, then surveyRows, then lastRows.
 *
 * 'ok' means the caller gets past authorisation (any answer but 401 or 403, and for a survey also not
 * 404, which is how a survey the caller may not see answers); a number is the exact status.
 */

export const ORG = demoOrganizations.northside.id;
export const missing = randomUUID();

/** Routes anyone may call: health, sign-in flows, public content and redirects. */
export const publicRoutes = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /',
  'GET /*',
  'GET /sitemap.xml',
  'GET /robots.txt',
  'GET /v2/redirects/resolve',
  'GET /v2/platform/status',
  // The public site's contact, sales and newsletter forms, and which flagged scripts to load.
  'POST /v2/leads',
  'GET /v2/platform/feature-flags',
  'POST /v2/soft-register',
  'POST /v2/register',
  'POST /v2/register/confirm',
  'POST /v2/login',
  'DELETE /logout',
  'POST /refresh-access-token',
  'POST /password/reset-request',
  'PUT /password/reset',
  'POST /v2/invitation/register',
  'GET /v2/invitation',
  'GET /cms/api/teenvoice-terms-and-conditions',
  'GET /cms/api/teenvoice-copy.json',
  // The research site's collections, article feedback (one vote per visitor cookie), media and copy files.
  ...['articles', 'reports', 'library-items', 'faqs', 'testimonials', 'legal-pages'].flatMap((plural) => [
    `GET /cms/api/teenvoice-${plural}`,
    `GET /cms/api/teenvoice-${plural}/:id`,
  ]),
  'POST /cms/api/teenvoice-articles/:id/feedback',
  'GET /cms/api/teenvoice-articles/:id/feedback/mine',
  'GET /cms/uploads/*',
  // A library item's file: an ungated one for anyone, a gated one only with its signed token (leads-library.test.ts).
  'GET /cms/library/:id/download',
  // A report's free sample, for anyone before buying (report-sample.test.ts).
  'GET /commerce-content/samples/:urlKey',
  'GET /copy/strapiCopyFallback.json',
  // Respondents: anonymous by design, no account and no cookie.
  'GET /v2/respond/:id',
  'POST /v2/respond/:id/screen',
  'POST /v2/respond/:id/responses',
  // An open answer checked as the teen leaves it (decision 035): nothing stored, limited per address.
  'POST /v2/respond/:id/check',
  'GET /cms/api/*',
  // Open while not in production, staff only in production (tested in mail.test.ts).
  'GET /v2/mail/templates',
  'GET /v2/mail/templates/*',
  // A shared results report: whoever holds a working token, no session (decision 031; row below).
  'GET /v2/shared-results/:token',
]);

export const anySession: Expectation = {
  signedOut: 401,
  anonymous: 'ok',
  member: 'ok',
  orgAdmin: 'ok',
  otherOrgMember: 'ok',
  moderator: 'ok',
  platformAdmin: 'ok',
  superAdmin: 'ok',
};
const accountOnly: Expectation = { ...anySession, anonymous: 401 };
/** Read access to organisation A: its members, and platform staff who can view organisations. */
export const orgRead: Expectation = {
  signedOut: 401,
  anonymous: 403,
  member: 'ok',
  orgAdmin: 'ok',
  otherOrgMember: 403,
  moderator: 'ok',
  platformAdmin: 'ok',
  superAdmin: 'ok',
};
const orgManage: Expectation = { ...orgRead, member: 403, moderator: 403 };
export const platformStaff: Expectation = {
  signedOut: 401,
  anonymous: 403,
  member: 403,
  orgAdmin: 403,
  otherOrgMember: 403,
  moderator: 'ok',
  platformAdmin: 'ok',
  superAdmin: 'ok',
};
export const platformAdmins: Expectation = { ...platformStaff, moderator: 403 };
const superAdminOnly: Expectation = { ...platformAdmins, platformAdmin: 403 };

export interface Row {
  route: string;
  url?: string | (() => string);
  body?: () => object;
  expect: Expectation;
}

/** What the matrix makes before it runs: its survey, trackers and share link (authorization-matrix.test.ts). */
export interface MatrixFixture {
  /** A draft of organisation A. */
  surveyId: string;
  /**
   * Trackers of organisation A (decision 032): one with the matrix survey as its wave, and fresh ones for
   * each call that deletes (a tracker, or a tracker's only wave), so every allowed caller finds its own.
   */
  trackerId: string;
  deletableTrackers: string[];
  trackersWithAWave: { trackerId: string; surveyId: string }[];
  /** A share link of the matrix's survey. */
  shareLinkId: string;
  /** An export job of the matrix's survey, started by organisation A's member (decision 050). */
  exportJobId: string;
}

const uniqueEmail = () => `matrix.${randomUUID().slice(0, 8)}@example.org`;

/** Profiles, organisations, platform administration, content, the shop's staff side and the mailbox. */
export const accountRows: Row[] = [
  { route: 'GET /v2/profile', expect: anySession },
  {
    route: 'PUT /v2/profile',
    body: () => ({ firstName: 'Same', lastName: 'Person', email: uniqueEmail() }),
    expect: accountOnly,
  },
  {
    route: 'PUT /v2/profile/password',
    body: () => ({ currentPassword: 'not the password', newPassword: 'irrelevant password' }),
    expect: accountOnly,
  },
  // Any account may try; a token that is not for the caller's address is refused with 400 or 403.
  { route: 'POST /v2/invitation/accept', expect: accountOnly },
  { route: 'GET /organizations', expect: anySession },
  { route: 'GET /organization', expect: orgRead },
  { route: 'GET /v2/organization/members', expect: orgRead },
  {
    route: 'POST /v2/organization/invitations',
    body: () => ({ email: uniqueEmail(), roleName: 'Viewer' }),
    expect: orgManage,
  },
  {
    route: 'DELETE /v2/organization/invitations/:id',
    url: `/v2/organization/invitations/${missing}`,
    expect: orgManage,
  },
  {
    route: 'PUT /v2/organization/members/:userId',
    url: `/v2/organization/members/${missing}`,
    body: () => ({ roleName: 'Viewer' }),
    expect: orgManage,
  },
  {
    route: 'DELETE /v2/organization/members/:userId',
    url: `/v2/organization/members/${missing}`,
    expect: orgManage,
  },
  { route: 'GET /v2/organization/billing', expect: { ...orgManage } },
  {
    route: 'PUT /v2/organization/billing',
    body: () => ({
      company: 'Northside Youth Trust',
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'billing@northside.test',
      state: { value: 'IL', label: 'Illinois' },
    }),
    expect: orgManage,
  },
  { route: 'GET /v2/admin/users', expect: platformAdmins },
  {
    route: 'POST /v2/admin/users',
    body: () => ({ firstName: 'Matrix', lastName: 'User', email: uniqueEmail(), platformRoleName: null }),
    expect: superAdminOnly,
  },
  {
    route: 'PUT /v2/admin/users/:id',
    url: `/v2/admin/users/${missing}`,
    body: () => ({ firstName: 'Matrix', lastName: 'User', email: uniqueEmail(), platformRoleName: null }),
    expect: superAdminOnly,
  },
  { route: 'DELETE /v2/admin/users/:id', url: `/v2/admin/users/${missing}`, expect: superAdminOnly },
  // Content: reads need content~view (the moderator has it), writes content~manage.
  {
    route: 'POST /v2/profile/accept-terms',
    body: () => ({ versionTimestamp: 'not-a-version' }),
    expect: accountOnly,
  },
  { route: 'GET /v2/admin/content/:type', url: '/v2/admin/content/article', expect: platformStaff },
  {
    route: 'GET /v2/admin/content/:type/:id',
    url: '/v2/admin/content/article/999999',
    expect: platformStaff,
  },
  {
    route: 'POST /v2/admin/content/:type',
    url: '/v2/admin/content/article',
    body: () => ({ attributes: {} }),
    expect: platformAdmins,
  },
  {
    route: 'PUT /v2/admin/content/:type/:id',
    url: '/v2/admin/content/article/999999',
    body: () => ({ attributes: {}, version: 1 }),
    expect: platformAdmins,
  },
  {
    route: 'DELETE /v2/admin/content/:type/:id',
    url: '/v2/admin/content/article/999999',
    expect: platformAdmins,
  },
  {
    route: 'POST /v2/admin/content/:type/:id/publish',
    url: '/v2/admin/content/article/999999/publish',
    expect: platformAdmins,
  },
  {
    route: 'POST /v2/admin/content/:type/:id/unpublish',
    url: '/v2/admin/content/article/999999/unpublish',
    expect: platformAdmins,
  },
  {
    route: 'POST /v2/admin/content/:type/:id/schedule',
    url: '/v2/admin/content/article/999999/schedule',
    body: () => ({ publishAt: '2000-01-01T00:00:00Z' }),
    expect: platformAdmins,
  },
  {
    route: 'GET /v2/admin/content/article/:id/feedback',
    url: '/v2/admin/content/article/999999/feedback',
    expect: platformStaff,
  },
  { route: 'GET /v2/admin/content/terms', expect: platformStaff },
  { route: 'POST /v2/admin/content/terms', body: () => ({ content: '' }), expect: platformAdmins },
  {
    route: 'POST /v2/admin/content/terms/:versionTimestamp/publish',
    url: '/v2/admin/content/terms/1999-01-01T00:00:00.000Z/publish',
    expect: platformAdmins,
  },
  { route: 'GET /v2/admin/content/copy', expect: platformStaff },
  { route: 'PUT /v2/admin/content/copy', body: () => ({ '': {} }), expect: platformAdmins },
  { route: 'POST /cms/api/upload', expect: platformAdmins },
  { route: 'GET /cms/api/upload/files', expect: platformStaff },
  {
    route: 'PUT /cms/api/upload/files/:id',
    url: '/cms/api/upload/files/999999',
    body: () => ({ alternativeText: 'A chart' }),
    expect: platformAdmins,
  },
  { route: 'DELETE /cms/api/upload/files/:id', url: '/cms/api/upload/files/999999', expect: platformAdmins },
  // The shop's staff side: commerce~view and commerce~manage, both held by Super and Platform Admins only.
  { route: 'GET /v2/admin/commerce/products', expect: platformAdmins },
  { route: 'GET /v2/admin/commerce/categories', expect: platformAdmins },
  { route: 'POST /v2/admin/commerce/products', body: () => ({}), expect: platformAdmins },
  {
    route: 'PUT /v2/admin/commerce/products/:id',
    url: '/v2/admin/commerce/products/999999',
    body: () => ({}),
    expect: platformAdmins,
  },
  {
    route: 'PUT /v2/admin/commerce/products/:id/file',
    url: '/v2/admin/commerce/products/999999/file',
    expect: platformAdmins,
  },
  {
    route: 'PUT /v2/admin/commerce/products/:id/sample',
    url: '/v2/admin/commerce/products/999999/sample',
    expect: platformAdmins,
  },
  { route: 'GET /v2/admin/commerce/orders', expect: platformAdmins },
  {
    route: 'GET /v2/admin/commerce/orders/:id',
    url: '/v2/admin/commerce/orders/999999',
    expect: platformAdmins,
  },
  {
    route: 'POST /v2/admin/commerce/orders/:id/mark-paid',
    url: '/v2/admin/commerce/orders/999999/mark-paid',
    body: () => ({ version: 1 }),
    expect: platformAdmins,
  },
  {
    route: 'POST /v2/admin/commerce/orders/:id/cancel',
    url: '/v2/admin/commerce/orders/999999/cancel',
    body: () => ({ version: 1 }),
    expect: platformAdmins,
  },
  {
    route: 'POST /v2/admin/commerce/orders/:id/refund',
    url: '/v2/admin/commerce/orders/999999/refund',
    body: () => ({ version: 1, reason: 'Matrix check' }),
    expect: platformAdmins,
  },
  { route: 'GET /v2/admin/commerce/sales', expect: platformAdmins },
  { route: 'GET /v2/admin/commerce/orders/export.csv', expect: platformAdmins },
  {
    route: 'GET /v2/admin/commerce/orders/:id/credit-notes/:file',
    url: '/v2/admin/commerce/orders/999999/credit-notes/CN-000999999-1.pdf',
    expect: platformAdmins,
  },
  { route: 'GET /v2/admin/commerce/coupons', expect: platformAdmins },
  { route: 'POST /v2/admin/commerce/coupons', body: () => ({}), expect: platformAdmins },
  {
    route: 'POST /v2/admin/commerce/coupons/:id/deactivate',
    url: '/v2/admin/commerce/coupons/999999/deactivate',
    expect: platformAdmins,
  },
  { route: 'GET /v2/admin/organizations', expect: platformStaff },
  {
    route: 'POST /v2/admin/organizations',
    body: () => ({ name: `Matrix Org ${randomUUID().slice(0, 4)}` }),
    expect: platformAdmins,
  },
  {
    route: 'PUT /v2/admin/organizations/:id',
    url: `/v2/admin/organizations/${missing}`,
    body: () => ({ name: 'Renamed Org' }),
    expect: platformAdmins,
  },
  {
    route: 'DELETE /v2/admin/organizations/:id',
    url: `/v2/admin/organizations/${missing}`,
    expect: platformAdmins,
  },
  {
    // Switching it off is harmless to the rest of the matrix.
    route: 'PUT /v2/platform/maintenance',
    body: () => ({ maintenance: false, message: null }),
    expect: superAdminOnly,
  },
  // mail~read: the outbox is the Super Admin's alone (issue 12, decision 023).
  { route: 'GET /v2/admin/mailbox', expect: superAdminOnly },
  { route: 'GET /v2/admin/mailbox/:id', url: `/v2/admin/mailbox/${missing}`, expect: superAdminOnly },
];

/** After the surveys: leads, feature flags, the storefront token, and leaving an organisation last. */
export const lastRows: Row[] = [
  { route: 'GET /v2/admin/leads', expect: platformAdmins },
  { route: 'GET /v2/admin/leads/export.csv', expect: platformAdmins },
  {
    route: 'PATCH /v2/admin/leads/:id',
    url: `/v2/admin/leads/${missing}`,
    body: () => ({ status: 'contacted' }),
    expect: platformAdmins,
  },
  { route: 'GET /v2/admin/feature-flags', expect: superAdminOnly },
  {
    route: 'GET /v2/admin/feature-flags/:key',
    url: '/v2/admin/feature-flags/marketing_automation',
    expect: superAdminOnly,
  },
  {
    // Switching it off is harmless to the rest of the matrix.
    route: 'PUT /v2/admin/feature-flags/:key',
    url: '/v2/admin/feature-flags/marketing_automation',
    body: () => ({ enabled: false, settings: {} }),
    expect: superAdminOnly,
  },
  // The storefront's commerce token: any registered user; an anonymous one is told 'User is anonymous'.
  { route: 'GET /ecommerce/customer-token', expect: { ...accountOnly, anonymous: 403 } },
  // Last: a member who is allowed to leave does leave.
  { route: 'POST /v2/organization/leave', expect: orgRead },
];
