import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultShareLinks, surveys, trackers, trackerWaves } from '../db/schema/surveys';
import { demoAccounts, demoOrganizations } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from './app';
import { type Actor, actors, type Expectation, type Outcome, signInActors } from './matrix-actors';
import type { CookieJar } from './session';

/**
 * Who may call what. Every route of the API is either public (listed below) or has a row here, and a
 * test fails when a new route has neither: this is where every later endpoint is added.
 *
 * 'ok' means the caller gets past authorisation (any answer but 401 or 403, and for a survey also not
 * 404, which is how a survey the caller may not see answers); a number is the exact status.
 */

const ORG = demoOrganizations.northside.id;
const missing = randomUUID();

/** Routes anyone may call: health, sign-in flows, public content and redirects. */
const publicRoutes = new Set([
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

const anySession: Expectation = {
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
const orgRead: Expectation = {
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
const platformStaff: Expectation = {
  signedOut: 401,
  anonymous: 403,
  member: 403,
  orgAdmin: 403,
  otherOrgMember: 403,
  moderator: 'ok',
  platformAdmin: 'ok',
  superAdmin: 'ok',
};
const platformAdmins: Expectation = { ...platformStaff, moderator: 403 };
const superAdminOnly: Expectation = { ...platformAdmins, platformAdmin: 403 };

interface Row {
  route: string;
  url?: string | (() => string);
  body?: () => object;
  expect: Expectation;
}

/** A draft of organisation A, made before the matrix runs. */
let surveyId = '';
const surveyUrl =
  (suffix = '') =>
  () =>
    `/v2/surveys/${surveyId}${suffix}`;
/** A survey of organisation A: hidden (404) from those who may not see it. */
const surveyRead: Expectation = { ...orgRead, anonymous: 404, otherOrgMember: 404 };
const surveyEdit: Expectation = { ...surveyRead, moderator: 403 };

/**
 * Trackers of organisation A (decision 032): one with the matrix survey as its wave, and fresh ones for
 * each call that deletes (a tracker, or a tracker's only wave), so every allowed caller finds its own.
 */
let trackerId = '';
const deletableTrackers: string[] = [];
const trackersWithAWave: { trackerId: string; surveyId: string }[] = [];
const trackerUrl =
  (suffix = '') =>
  () =>
    `/v2/trackers/${trackerId}${suffix}`;
/** Hidden (404) from those outside organisation A; changes need surveys~create. */
const trackerRead: Expectation = { ...orgRead, anonymous: 404, otherOrgMember: 404 };
const trackerEdit: Expectation = { ...trackerRead, moderator: 403 };

const uniqueEmail = () => `matrix.${randomUUID().slice(0, 8)}@example.org`;

const rows: Row[] = [
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
  { route: 'GET /v2/surveys', expect: orgRead },
  { route: 'POST /v2/surveys', body: () => ({ type: 'long_form' }), expect: { ...orgRead, moderator: 403 } },
  { route: 'GET /v2/surveys/:id', url: surveyUrl(), expect: surveyRead },
  {
    route: 'PUT /v2/surveys/:id',
    url: surveyUrl(),
    body: () => ({
      version: 1,
      name: 'Matrix',
      description: null,
      questions: [],
      audience: null,
      tags: [],
      projectId: null,
    }),
    expect: surveyEdit,
  },
  {
    route: 'POST /v2/surveys/:id/transitions',
    url: surveyUrl('/transitions'),
    body: () => ({ action: 'submit' }),
    expect: surveyEdit,
  },
  {
    route: 'POST /v2/surveys/:id/moderation',
    url: surveyUrl('/moderation'),
    body: () => ({ decision: 'reject', checklist: {}, reasons: ['Matrix'] }),
    expect: platformStaff,
  },
  { route: 'GET /v2/surveys/:id/history', url: surveyUrl('/history'), expect: surveyRead },
  { route: 'GET /v2/surveys/:id/last-review', url: surveyUrl('/last-review'), expect: surveyRead },
  { route: 'GET /v2/surveys/:id/precheck', url: surveyUrl('/precheck'), expect: surveyRead },
  {
    route: 'POST /v2/surveys/:id/move',
    url: surveyUrl('/move'),
    body: () => ({ organizationId: ORG }),
    expect: { ...surveyRead, anonymous: 401 },
  },
  { route: 'GET /v2/admin/surveys', expect: platformStaff },
  { route: 'GET /v2/surveys/:id/users', url: surveyUrl('/users'), expect: surveyRead },
  {
    route: 'POST /v2/surveys/:id/users',
    url: surveyUrl('/users'),
    body: () => ({ email: demoAccounts.northsideMember.email, roleName: 'Viewer' }),
    expect: { ...surveyEdit, member: 'ok' },
  },
  {
    route: 'DELETE /v2/surveys/:id/users/:userId',
    url: () => `/v2/surveys/${surveyId}/users/${missing}`,
    expect: { ...surveyEdit },
  },
  { route: 'GET /v2/projects', expect: orgRead },
  {
    route: 'POST /v2/projects',
    body: () => ({ name: `Matrix ${randomUUID().slice(0, 4)}` }),
    expect: { ...orgRead, moderator: 403 },
  },
  {
    route: 'POST /v2/projects/:id/users',
    url: `/v2/projects/${missing}/users`,
    body: () => ({ userIds: [missing], roleName: 'Viewer' }),
    expect: { ...orgRead, moderator: 403 },
  },
  { route: 'GET /v2/tags', expect: orgRead },
  // Schedule (decision 032): read with the survey, set by whoever may edit it.
  { route: 'GET /v2/surveys/:id/schedule', url: surveyUrl('/schedule'), expect: surveyRead },
  {
    route: 'PUT /v2/surveys/:id/schedule',
    url: surveyUrl('/schedule'),
    body: () => ({ opensAt: null, closesAt: null }),
    expect: surveyEdit,
  },
  // Trackers (decision 032): listed by the organisation's readers, changed by those who create surveys.
  {
    route: 'GET /v2/organizations/:organizationId/trackers',
    url: `/v2/organizations/${ORG}/trackers`,
    expect: orgRead,
  },
  {
    route: 'POST /v2/organizations/:organizationId/trackers',
    url: `/v2/organizations/${ORG}/trackers`,
    body: () => ({ name: `Matrix tracker ${randomUUID().slice(0, 4)}` }),
    expect: { ...orgRead, moderator: 403 },
  },
  { route: 'GET /v2/trackers/:trackerId', url: trackerUrl(), expect: trackerRead },
  {
    route: 'PATCH /v2/trackers/:trackerId',
    url: trackerUrl(),
    body: () => ({ name: 'Matrix tracker' }),
    expect: trackerEdit,
  },
  {
    route: 'DELETE /v2/trackers/:trackerId',
    url: () => `/v2/trackers/${deletableTrackers.shift()}`,
    expect: trackerEdit,
  },
  {
    route: 'POST /v2/trackers/:trackerId/waves',
    url: trackerUrl('/waves'),
    // The matrix survey is already the wave: allowed callers get past the checks to a 409.
    body: () => ({ surveyId, label: 'Matrix again' }),
    expect: trackerEdit,
  },
  {
    route: 'PUT /v2/trackers/:trackerId/waves/order',
    url: trackerUrl('/waves/order'),
    body: () => ({ surveyIds: [surveyId] }),
    expect: trackerEdit,
  },
  {
    route: 'PATCH /v2/trackers/:trackerId/waves/:surveyId',
    url: () => `/v2/trackers/${trackerId}/waves/${surveyId}`,
    body: () => ({ label: 'Matrix wave' }),
    expect: trackerEdit,
  },
  {
    route: 'DELETE /v2/trackers/:trackerId/waves/:surveyId',
    url: () => {
      const next = trackersWithAWave.shift()!;
      return `/v2/trackers/${next.trackerId}/waves/${next.surveyId}`;
    },
    expect: trackerEdit,
  },
  {
    route: 'GET /v2/trackers/:trackerId/compare',
    url: trackerUrl('/compare?question=matrix'),
    expect: trackerRead,
  },
  {
    route: 'POST /v2/surveys/:id/duplicate',
    url: surveyUrl('/duplicate'),
    // Who may see the survey and create surveys in its organization; anonymous visitors have no account.
    expect: { ...surveyRead, anonymous: 401, moderator: 403 },
  },
  // Reuse (decision 030): the template gallery, copying questions, questionnaire files, the question bank.
  { route: 'GET /v2/templates', expect: anySession },
  {
    route: 'POST /v2/surveys/from-template',
    body: () => ({ templateId: 'wellbeing-pulse', organizationId: ORG }),
    // Like POST /v2/surveys: who may create surveys in the organisation.
    expect: { ...orgRead, moderator: 403 },
  },
  {
    route: 'POST /v2/surveys/:id/questions/copy',
    url: surveyUrl('/questions/copy'),
    // The matrix survey is both source and target: allowed callers get past the checks to a 400.
    body: () => ({ targetSurveyId: surveyId, targetVersion: 1, questionIds: ['q'] }),
    expect: surveyEdit,
  },
  {
    route: 'GET /v2/surveys/:id/questionnaire.json',
    url: surveyUrl('/questionnaire.json'),
    expect: surveyRead,
  },
  {
    route: 'POST /v2/surveys/:id/questionnaire',
    url: surveyUrl('/questionnaire'),
    // A version nobody has: allowed callers get a 409 and nothing changes.
    body: () => ({ version: 999_999, mode: 'append', document: {} }),
    expect: surveyEdit,
  },
  {
    route: 'GET /v2/organizations/:organizationId/question-bank',
    url: `/v2/organizations/${ORG}/question-bank`,
    expect: orgRead,
  },
  {
    route: 'POST /v2/organizations/:organizationId/question-bank',
    url: `/v2/organizations/${ORG}/question-bank`,
    body: () => ({
      question: {
        id: 'matrix',
        type: 'yes_no',
        title: 'Do you enjoy team sports?',
        description: null,
        required: true,
        randomizeOptions: false,
        options: [],
        rows: [],
        scale: null,
        displayLogic: null,
      },
    }),
    expect: { ...orgRead, moderator: 403 },
  },
  {
    route: 'DELETE /v2/organizations/:organizationId/question-bank/:itemId',
    url: `/v2/organizations/${ORG}/question-bank/${missing}`,
    expect: { ...orgRead, moderator: 403 },
  },
  { route: 'GET /v2/surveys/:id/results/summary', url: surveyUrl('/results/summary'), expect: surveyRead },
  {
    route: 'GET /v2/surveys/:id/results/crosstab',
    url: surveyUrl('/results/crosstab?row=gender&column=region'),
    expect: surveyRead,
  },
  {
    route: 'GET /v2/surveys/:id/results/old-summary',
    url: surveyUrl('/results/old-summary'),
    expect: surveyRead,
  },
  {
    route: 'GET /v2/surveys/:id/results/export.csv',
    url: surveyUrl('/results/export.csv'),
    expect: surveyEdit,
  },
  {
    route: 'GET /v2/surveys/:id/results/export.sav',
    url: surveyUrl('/results/export.sav'),
    expect: surveyEdit,
  },
  {
    route: 'GET /v2/surveys/:id/results/export-coded.csv',
    url: surveyUrl('/results/export-coded.csv'),
    expect: surveyEdit,
  },
  {
    route: 'GET /v2/surveys/:id/results/codebook.csv',
    url: surveyUrl('/results/codebook.csv'),
    expect: surveyEdit,
  },
  {
    route: 'GET /v2/surveys/:id/results/export.xlsx',
    url: surveyUrl('/results/export.xlsx'),
    expect: surveyEdit,
  },
  // Weighting targets: read with the results; set and reset by those who may also edit the survey.
  {
    route: 'GET /v2/surveys/:id/weighting-targets',
    url: surveyUrl('/weighting-targets'),
    expect: surveyRead,
  },
  {
    route: 'PUT /v2/surveys/:id/weighting-targets',
    url: surveyUrl('/weighting-targets'),
    body: () => ({
      rows: [
        { attribute: 'gender', value: 'female', percent: 50 },
        { attribute: 'gender', value: 'male', percent: 50 },
      ],
    }),
    expect: surveyEdit,
  },
  {
    route: 'DELETE /v2/surveys/:id/weighting-targets',
    url: surveyUrl('/weighting-targets'),
    expect: surveyEdit,
  },
  // The results report and its PDF: whoever sees the results (decision 031).
  { route: 'GET /v2/surveys/:id/results/report', url: surveyUrl('/results/report'), expect: surveyRead },
  {
    route: 'GET /v2/surveys/:id/results/report.pdf',
    url: surveyUrl('/results/report.pdf'),
    expect: surveyRead,
  },
  // Share links: listed by whoever sees the results, made and revoked by whoever may download them.
  { route: 'GET /v2/surveys/:id/share-links', url: surveyUrl('/share-links'), expect: surveyRead },
  {
    route: 'POST /v2/surveys/:id/share-links',
    url: surveyUrl('/share-links'),
    body: () => ({ expiresInDays: 7 }),
    expect: surveyEdit,
  },
  {
    route: 'DELETE /v2/surveys/:id/share-links/:linkId',
    url: () => `/v2/surveys/${surveyId}/share-links/${shareLinkId}`,
    expect: surveyEdit,
  },
  // Public, and a session opens nothing: an unknown token is the same 404 for everyone.
  {
    route: 'GET /v2/shared-results/:token',
    url: `/v2/shared-results/${'x'.repeat(43)}`,
    expect: {
      signedOut: 404,
      anonymous: 404,
      member: 404,
      orgAdmin: 404,
      otherOrgMember: 404,
      moderator: 404,
      platformAdmin: 404,
      superAdmin: 404,
    },
  },
  { route: 'GET /v2/surveys/:id/responses', url: surveyUrl('/responses'), expect: platformStaff },
  {
    route: 'POST /v2/surveys/:id/responses/:responseId/exclude',
    url: () => `/v2/surveys/${surveyId}/responses/${missing}/exclude`,
    body: () => ({ reason: 'Matrix check' }),
    expect: platformStaff,
  },
  {
    route: 'POST /v2/surveys/:id/responses/:responseId/include',
    url: () => `/v2/surveys/${surveyId}/responses/${missing}/include`,
    expect: platformStaff,
  },
  // Fieldwork: the quota fill, and the quality review open to the survey's researchers and staff.
  { route: 'GET /v2/surveys/:id/quotas', url: surveyUrl('/quotas'), expect: surveyRead },
  {
    route: 'GET /v2/surveys/:id/quality/responses',
    url: surveyUrl('/quality/responses'),
    expect: surveyRead,
  },
  {
    route: 'POST /v2/surveys/:id/quality/responses/:responseId/exclude',
    url: () => `/v2/surveys/${surveyId}/quality/responses/${missing}/exclude`,
    body: () => ({ reason: 'Matrix check' }),
    expect: surveyRead,
  },
  {
    route: 'POST /v2/surveys/:id/quality/responses/:responseId/include',
    url: () => `/v2/surveys/${surveyId}/quality/responses/${missing}/include`,
    expect: surveyRead,
  },
  {
    route: 'POST /v2/surveys/:id/simulate',
    url: surveyUrl('/simulate'),
    body: () => ({ count: 1 }),
    expect: platformAdmins,
  },
  { route: 'GET /v2/admin/incidents', expect: platformStaff },
  {
    route: 'POST /v2/admin/incidents/:id/triage',
    url: `/v2/admin/incidents/${missing}/triage`,
    body: () => ({ severity: 'low', note: 'Matrix check' }),
    expect: platformStaff,
  },
  {
    route: 'POST /v2/admin/incidents/:id/resolve',
    url: `/v2/admin/incidents/${missing}/resolve`,
    body: () => ({ resolution: 'Matrix check' }),
    expect: platformStaff,
  },
  {
    route: 'POST /v2/admin/incidents/:id/escalate',
    url: `/v2/admin/incidents/${missing}/escalate`,
    body: () => ({ note: 'Matrix check' }),
    expect: platformStaff,
  },
  {
    route: 'POST /v2/admin/incidents/:id/answer',
    url: `/v2/admin/incidents/${missing}/answer`,
    body: () => ({ decision: 'withheld' }),
    expect: platformStaff,
  },
  { route: 'GET /v2/surveys/:id/action-plan', url: surveyUrl('/action-plan'), expect: surveyRead },
  {
    route: 'PUT /v2/surveys/:id/action-plan',
    url: surveyUrl('/action-plan'),
    body: () => ({ version: 0, title: 'Matrix plan', summary: null, items: [] }),
    expect: surveyEdit,
  },
  {
    route: 'POST /v2/surveys/:id/action-plan/share',
    url: surveyUrl('/action-plan/share'),
    body: () => ({ emails: ['matrix@example.org'] }),
    expect: surveyEdit,
  },
  { route: 'GET /v2/admin/leads', expect: platformAdmins },
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

let t: TestApp;
const jars = {} as Record<Actor, CookieJar>;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(jars, await signInActors(t.app));
  const created = await t.app.inject({
    method: 'POST',
    url: '/v2/surveys',
    headers: { cookie: jars.member.header, 'x-asa-organization-id': ORG },
    payload: { type: 'long_form' },
  });
  surveyId = created.json().data.id;
});
/** The matrix's trackers, written directly (decision 032; the tracker tests go through the API). */
beforeAll(async () => {
  const db = t.app.database.db;
  const newTracker = async () =>
    (await db.insert(trackers).values({ organizationId: ORG, name: 'Matrix tracker' }).returning())[0]!.id;
  trackerId = await newTracker();
  await db.insert(trackerWaves).values({ trackerId, surveyId, position: 0, label: 'Matrix wave' });
  for (const _ of actors) {
    deletableTrackers.push(await newTracker());
    const withWave = await newTracker();
    const [waveSurvey] = await db
      .insert(surveys)
      .values({ organizationId: ORG, type: 'long_form', name: 'Matrix wave survey' })
      .returning();
    await db
      .insert(trackerWaves)
      .values({ trackerId: withWave, surveyId: waveSurvey!.id, position: 0, label: 'Only wave' });
    trackersWithAWave.push({ trackerId: withWave, surveyId: waveSurvey!.id });
  }
});
/** A share link of the matrix's survey, written directly: a draft's results cannot be shared by the API. */
let shareLinkId = '';
beforeAll(async () => {
  const [link] = await t.app.database.db
    .insert(resultShareLinks)
    .values({
      surveyId,
      organizationId: ORG,
      tokenHash: 'matrix'.padEnd(64, '0'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: resultShareLinks.id });
  shareLinkId = link!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('authorisation matrix', () => {
  it('covers every route: each is public or has a row', () => {
    // The storefront (the Magento-compatible API by commerce token, its file routes by cookie) has its
    // own matrix in modules/commerce/commerce-authorization.test.ts, which checks its coverage the same way.
    const apiRoutes = t.app.registeredRoutes.filter(
      (r) => !r.includes('/api/docs') && !r.split(' ')[1]!.startsWith('/commerce-content/'),
    );
    const covered = new Set([...publicRoutes, ...rows.map((r) => r.route)]);
    expect(apiRoutes.filter((r) => !covered.has(r))).toEqual([]);
    expect(rows.map((r) => r.route).filter((r) => !apiRoutes.includes(r))).toEqual([]);
  });

  for (const row of rows) {
    it(`${row.route}`, async () => {
      const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const got: Record<string, number> = {};
      const want: Record<string, Outcome> = {};
      for (const actor of actors) {
        const url = typeof row.url === 'function' ? row.url() : (row.url ?? path);
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: jars[actor].header, 'x-asa-organization-id': ORG },
          ...(row.body ? { payload: row.body() } : {}),
        });
        const status = response.statusCode;
        want[actor] = row.expect[actor];
        got[actor] = status;
        const hidden = status === 404 && Object.values(row.expect).includes(404);
        if (row.expect[actor] === 'ok' && (status === 401 || status === 403 || hidden)) {
          throw new Error(`${actor} was refused ${row.route} with ${status}: ${response.body}`);
        }
      }
      const refused = Object.fromEntries(Object.entries(want).filter(([, o]) => o !== 'ok'));
      const gotRefused = Object.fromEntries(Object.entries(got).filter(([actor]) => actor in refused));
      expect(gotRefused).toEqual(refused);
    });
  }
});
