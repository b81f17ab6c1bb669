import { defaultAudience, type LastReview, moderationChecklist, type Survey } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { question } from '../../test/surveys';

let t: TestApp;
let jordan: CookieJar; // Researcher at Northside, the author
let alex: CookieJar; // Researcher at BrightPath, another organisation
let hana: CookieJar; // moderator
const northside = demoOrganizations.northside.id;

beforeAll(async () => {
  t = await createTestApp();
  [jordan, alex, hana] = await Promise.all([
    signIn(t.app, demoAccounts.northsideMember.email),
    signIn(t.app, demoAccounts.brightpathMember.email),
    signIn(t.app, demoAccounts.moderator.email),
  ]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (jar: CookieJar, method: Method, url: string, payload?: object, org?: string) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: jar.header, ...(org ? { 'x-asa-organization-id': org } : {}) },
    ...(payload ? { payload } : {}),
  });

const clubs = question('Do you take part in an after-school club?');
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  options: [
    { id: 'soccer', label: 'Soccer' },
    { id: 'swim', label: 'Swimming' },
  ],
  displayLogic: { match: 'all', conditions: [{ questionId: clubs.id, operator: 'equals', value: 'yes' }] },
});

async function save(survey: Survey, changes: Partial<Survey>): Promise<Survey> {
  const res = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
    version: survey.version,
    name: changes.name ?? survey.name,
    description: changes.description ?? survey.description,
    questions: changes.questions ?? survey.questions,
    audience: changes.audience === undefined ? survey.audience : changes.audience,
    tags: survey.tags,
    projectId: survey.projectId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function submittedSurvey(): Promise<Survey> {
  const created = await call(jordan, 'POST', '/v2/surveys', { type: 'long_form' }, northside);
  const survey = await save(created.json().data, {
    name: 'After-school activities',
    questions: [clubs, sports],
    audience: { ...defaultAudience, quotas: [{ attribute: 'gender', value: 'female', percent: 50 }] },
  });
  const submitted = await call(jordan, 'POST', `/v2/surveys/${survey.id}/transitions`, { action: 'submit' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().data;
}

const decide = (survey: { id: string }, decision: 'approve' | 'reject', reasons: string[], note?: string) =>
  call(hana, 'POST', `/v2/surveys/${survey.id}/moderation`, {
    decision,
    checklist: Object.fromEntries(moderationChecklist.map((item) => [item.id, decision === 'approve'])),
    reasons,
    ...(note ? { note } : {}),
  });

const lastReview = async (jar: CookieJar, id: string) => call(jar, 'GET', `/v2/surveys/${id}/last-review`);

describe('the status history keeps what the moderator said', () => {
  it('shows the ticked reasons with the note on the rejection, and none on other steps', async () => {
    const survey = await submittedSurvey();
    const reasons = [
      'Make the sensitive questions optional and word them more gently.',
      'Question 2 asks two things at once',
    ];
    const rejected = await decide(survey, 'reject', reasons, 'Nearly there: two small fixes.');
    expect(rejected.statusCode, rejected.body).toBe(200);

    const history = (await call(jordan, 'GET', `/v2/surveys/${survey.id}/history`)).json().data;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ action: 'submit', reasons: [], reason: null });
    expect(history[1]).toMatchObject({
      action: 'reject',
      from: 'in_moderation',
      to: 'rejected',
      actorName: 'Hana Okafor',
      reasons,
      reason: 'Nearly there: two small fixes.',
    });
  });
});

describe('a resubmission is compared with the version last reviewed', () => {
  it('has nothing to compare with before the first decision', async () => {
    const survey = await submittedSurvey();
    const res = await lastReview(hana, survey.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
  });

  it('keeps the survey as the moderator saw it when changes were requested, not as it was edited afterwards', async () => {
    const survey = await submittedSurvey();
    await decide(survey, 'reject', ['Offer “Prefer not to say” on question 1.']);
    const rejected: Survey = (await call(jordan, 'GET', `/v2/surveys/${survey.id}`)).json().data;

    const edited = await save(rejected, {
      name: 'After-school clubs',
      questions: [
        {
          ...clubs,
          options: [...clubs.options, { id: 'skip', label: 'Prefer not to say' }],
        },
      ],
      audience: { ...defaultAudience, ageMin: 15, quotas: [] },
    });
    const resubmitted = await call(jordan, 'POST', `/v2/surveys/${survey.id}/transitions`, {
      action: 'submit',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);

    const res = await lastReview(hana, survey.id);
    expect(res.statusCode).toBe(200);
    const review: LastReview = res.json().data;
    expect(review).toMatchObject({
      decision: 'reject',
      moderatorName: 'Hana Okafor',
      reasons: ['Offer “Prefer not to say” on question 1.'],
      note: null,
    });
    // The snapshot is the reviewed version: both questions, the old name, the old audience with its quota.
    expect(review.survey.version).toBe(survey.version);
    expect(review.survey.version).toBeLessThan(edited.version);
    expect(review.survey.name).toBe('After-school activities');
    expect(review.survey.questions.map((q) => q.id)).toEqual([clubs.id, sports.id]);
    expect(review.survey.questions[1]?.displayLogic).toEqual(sports.displayLogic);
    expect(review.survey.questions[0]?.options.map((o) => o.label)).toEqual(['Yes', 'No']);
    expect(review.survey.audience).toMatchObject({
      ageMin: 13,
      quotas: [{ attribute: 'gender', value: 'female', percent: 50 }],
    });

    // Approving the resubmission keeps that version in turn.
    expect((await decide(survey, 'approve', [])).statusCode).toBe(200);
    const approved: LastReview = (await lastReview(hana, survey.id)).json().data;
    expect(approved.decision).toBe('approve');
    expect(approved.survey.name).toBe('After-school clubs');
    expect(approved.survey.questions).toHaveLength(1);
    expect(approved.survey.audience?.ageMin).toBe(15);
  });

  it('keeps the Spanish version as reviewed, so a Spanish-only fix shows as a change', async () => {
    const survey = await submittedSurvey();
    // The author had written the Spanish version before submitting (kept through a rejection and edit).
    await decide(survey, 'reject', ['Translate question 1.']);
    const rejected: Survey = (await call(jordan, 'GET', `/v2/surveys/${survey.id}`)).json().data;
    const spanish = (title: string) => ({ es: { questions: { [clubs.id]: { title } } } });
    const firstSpanish = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      version: rejected.version,
      name: rejected.name,
      description: rejected.description,
      questions: rejected.questions,
      audience: rejected.audience,
      tags: rejected.tags,
      projectId: rejected.projectId,
      translations: spanish('¿Participas en un club?'),
    });
    expect(firstSpanish.statusCode, firstSpanish.body).toBe(200);
    await call(jordan, 'POST', `/v2/surveys/${survey.id}/transitions`, { action: 'submit' });
    await decide(survey, 'reject', ['Say “después de clases” in Spanish question 1.']);
    const review: LastReview = (await lastReview(hana, survey.id)).json().data;
    expect(review.survey.translations?.es?.questions?.[clubs.id]?.title).toBe('¿Participas en un club?');

    // Only the Spanish changes; the snapshot still says what the moderator saw.
    const again: Survey = (await call(jordan, 'GET', `/v2/surveys/${survey.id}`)).json().data;
    const fixed = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      version: again.version,
      name: again.name,
      description: again.description,
      questions: again.questions,
      audience: again.audience,
      tags: again.tags,
      projectId: again.projectId,
      translations: spanish('¿Participas en un club después de clases?'),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const now: LastReview = (await lastReview(hana, survey.id)).json().data;
    expect(now.survey.translations?.es?.questions?.[clubs.id]?.title).toBe('¿Participas en un club?');
    expect(fixed.json().data.translations.es.questions[clubs.id].title).toBe(
      '¿Participas en un club después de clases?',
    );
  });

  it('hides the last review of a survey from another organisation', async () => {
    const survey = await submittedSurvey();
    await decide(survey, 'reject', ['Reason']);
    expect((await lastReview(alex, survey.id)).statusCode).toBe(404);
    expect((await call(alex, 'GET', `/v2/surveys/${survey.id}/history`)).statusCode).toBe(404);
  });
});

describe('status words read as sentences', () => {
  it('says why a survey cannot be edited or moved in words that fit its status', async () => {
    const survey = await submittedSurvey();
    await decide(survey, 'reject', ['Reason']);
    const rejected: Survey = (await call(jordan, 'GET', `/v2/surveys/${survey.id}`)).json().data;
    const approve = await decide(rejected, 'approve', []);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).not.toMatch(/is changes requested/i);
    expect(approve.json().message).toBe(
      'This survey is back with its author for the changes our moderators asked for, so "Approve" is not possible now.',
    );

    const resubmitted = await call(jordan, 'POST', `/v2/surveys/${survey.id}/transitions`, {
      action: 'submit',
    });
    const refused = await call(jordan, 'PUT', `/v2/surveys/${survey.id}`, {
      version: resubmitted.json().data.version,
      name: 'Changed',
      description: null,
      questions: [clubs],
      audience: null,
      tags: [],
      projectId: null,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This survey is in moderation, so it cannot be edited until our moderators decide.',
    );
  });
});
