import { randomUUID } from 'node:crypto';
import { demoAccounts } from '../db/seed/demo-accounts';
import {
  anySession,
  type MatrixFixture,
  missing,
  ORG,
  orgRead,
  platformAdmins,
  platformStaff,
  type Row,
} from './authorization-rows';
import type { Expectation } from './matrix-actors';

/** A survey of organisation A: hidden (404) from those who may not see it. */
const surveyRead: Expectation = { ...orgRead, anonymous: 404, otherOrgMember: 404 };
const surveyEdit: Expectation = { ...surveyRead, moderator: 403 };
/** Trackers of organisation A: hidden (404) from those outside it; changes need surveys~create. */
const trackerRead: Expectation = { ...orgRead, anonymous: 404, otherOrgMember: 404 };
const trackerEdit: Expectation = { ...trackerRead, moderator: 403 };

/**
 * The authorisation matrix's rows for surveys and all that hangs on them: projects, schedules, trackers,
 * reuse, results, share links, responses, fieldwork, incidents and action plans. Their addresses read
 * the matrix's survey and trackers when the row runs, after the matrix has made them.
 */
export function surveyRows(matrix: MatrixFixture): Row[] {
  const surveyUrl =
    (suffix = '') =>
    () =>
      `/v2/surveys/${matrix.surveyId}${suffix}`;
  const trackerUrl =
    (suffix = '') =>
    () =>
      `/v2/trackers/${matrix.trackerId}${suffix}`;
  return [
    { route: 'GET /v2/surveys', expect: orgRead },
    {
      route: 'POST /v2/surveys',
      body: () => ({ type: 'long_form' }),
      expect: { ...orgRead, moderator: 403 },
    },
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
      url: () => `/v2/surveys/${matrix.surveyId}/users/${missing}`,
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
      url: () => `/v2/trackers/${matrix.deletableTrackers.shift()}`,
      expect: trackerEdit,
    },
    {
      route: 'POST /v2/trackers/:trackerId/waves',
      url: trackerUrl('/waves'),
      // The matrix survey is already the wave: allowed callers get past the checks to a 409.
      body: () => ({ surveyId: matrix.surveyId, label: 'Matrix again' }),
      expect: trackerEdit,
    },
    {
      route: 'PUT /v2/trackers/:trackerId/waves/order',
      url: trackerUrl('/waves/order'),
      body: () => ({ surveyIds: [matrix.surveyId] }),
      expect: trackerEdit,
    },
    {
      route: 'PATCH /v2/trackers/:trackerId/waves/:surveyId',
      url: () => `/v2/trackers/${matrix.trackerId}/waves/${matrix.surveyId}`,
      body: () => ({ label: 'Matrix wave' }),
      expect: trackerEdit,
    },
    {
      route: 'DELETE /v2/trackers/:trackerId/waves/:surveyId',
      url: () => {
        const next = matrix.trackersWithAWave.shift()!;
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
    // An image choice's pictures (decision 048): public files already, listed for whoever builds a survey.
    { route: 'GET /v2/survey-images', expect: anySession },
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
      body: () => ({ targetSurveyId: matrix.surveyId, targetVersion: 1, questionIds: ['q'] }),
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
      route: 'GET /v2/surveys/:id/translations/xliff',
      url: surveyUrl('/translations/xliff'),
      expect: surveyRead,
    },
    {
      route: 'POST /v2/surveys/:id/translations/xliff',
      url: surveyUrl('/translations/xliff'),
      // An empty file on a version nobody has: allowed callers get a 400 and nothing changes.
      body: () => ({ version: 999_999, xliff: '' }),
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
    // Export jobs (decision 050): started by whoever may download the results; a job is read by the
    // person who started it only (the matrix's is the member's), so everyone else gets 404.
    {
      route: 'POST /v2/surveys/:id/results/exports',
      url: surveyUrl('/results/exports?weighted=false'),
      body: () => ({ format: 'codebook' }),
      expect: surveyEdit,
    },
    { route: 'GET /v2/surveys/:id/results/exports', url: surveyUrl('/results/exports'), expect: surveyEdit },
    {
      route: 'GET /v2/surveys/:id/results/exports/:jobId',
      url: () => `/v2/surveys/${matrix.surveyId}/results/exports/${matrix.exportJobId}`,
      expect: { ...surveyEdit, orgAdmin: 404, platformAdmin: 404, superAdmin: 404 },
    },
    {
      route: 'GET /v2/surveys/:id/results/exports/:jobId/file',
      url: () => `/v2/surveys/${matrix.surveyId}/results/exports/${matrix.exportJobId}/file`,
      expect: { ...surveyEdit, orgAdmin: 404, platformAdmin: 404, superAdmin: 404 },
    },
    {
      route: 'GET /v2/surveys/:id/results/banner-tables.xlsx',
      url: surveyUrl('/results/banner-tables.xlsx?banner=gender,region'),
      expect: surveyEdit,
    },
    // Coding open text (decision 046): whoever may see the results may code them. The matrix survey is
    // a draft, so allowed callers get 400 (no such open-text question) or 409 (nothing to code yet).
    {
      route: 'GET /v2/surveys/:id/results/questions/:questionId/coding',
      url: surveyUrl('/results/questions/matrix-question/coding'),
      expect: surveyRead,
    },
    {
      route: 'POST /v2/surveys/:id/results/questions/:questionId/codes',
      url: surveyUrl('/results/questions/matrix-question/codes'),
      body: () => ({ label: 'Matrix theme' }),
      expect: surveyRead,
    },
    {
      route: 'PATCH /v2/surveys/:id/results/codes/:codeId',
      url: () => `/v2/surveys/${matrix.surveyId}/results/codes/${missing}`,
      body: () => ({ label: 'Matrix theme' }),
      expect: surveyRead,
    },
    {
      route: 'DELETE /v2/surveys/:id/results/codes/:codeId',
      url: () => `/v2/surveys/${matrix.surveyId}/results/codes/${missing}`,
      expect: surveyRead,
    },
    {
      route: 'PUT /v2/surveys/:id/results/questions/:questionId/answers/:responseId/codes',
      url: () => `/v2/surveys/${matrix.surveyId}/results/questions/matrix-question/answers/${missing}/codes`,
      body: () => ({ codeIds: [] }),
      expect: surveyRead,
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
      url: () => `/v2/surveys/${matrix.surveyId}/share-links/${matrix.shareLinkId}`,
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
      url: () => `/v2/surveys/${matrix.surveyId}/responses/${missing}/exclude`,
      body: () => ({ reason: 'Matrix check' }),
      expect: platformStaff,
    },
    {
      route: 'POST /v2/surveys/:id/responses/:responseId/include',
      url: () => `/v2/surveys/${matrix.surveyId}/responses/${missing}/include`,
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
      url: () => `/v2/surveys/${matrix.surveyId}/quality/responses/${missing}/exclude`,
      body: () => ({ reason: 'Matrix check' }),
      expect: surveyRead,
    },
    {
      route: 'POST /v2/surveys/:id/quality/responses/:responseId/include',
      url: () => `/v2/surveys/${matrix.surveyId}/quality/responses/${missing}/include`,
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
  ];
}
