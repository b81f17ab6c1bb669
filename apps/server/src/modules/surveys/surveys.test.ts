import { randomUUID } from 'node:crypto';
import { defaultAudience, moderationChecklist, type Survey } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { CURRENT_TERMS_VERSION } from '../../db/seed/terms';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, cookieJar, signIn, signUpAndConfirm, softRegister } from '../../test/session';
import { question } from '../../test/surveys';

let t: TestApp;
let jordan: CookieJar; // Researcher at Northside
let priya: CookieJar; // Organization Admin at Northside
let alex: CookieJar; // Researcher at BrightPath
let hana: CookieJar; // moderator
let marcus: CookieJar; // platform admin
const northside = demoOrganizations.northside.id;

beforeAll(async () => {
  t = await createTestApp();
  [jordan, priya, alex, hana, marcus] = await Promise.all([
    signIn(t.app, demoAccounts.northsideMember.email),
    signIn(t.app, demoAccounts.northsideAdmin.email),
    signIn(t.app, demoAccounts.brightpathMember.email),
    signIn(t.app, demoAccounts.moderator.email),
    signIn(t.app, demoAccounts.platformAdmin.email),
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

async function createSurvey(
  jar: CookieJar,
  type = 'long_form',
  org: string | null = northside,
): Promise<Survey> {
  const res = await call(jar, 'POST', '/v2/surveys', { type }, org ?? undefined);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const saveDraft = (jar: CookieJar, survey: Survey, changes: Partial<Survey> = {}) =>
  call(jar, 'PUT', `/v2/surveys/${survey.id}`, {
    version: survey.version,
    name: changes.name ?? survey.name,
    description: changes.description ?? survey.description,
    questions: changes.questions ?? survey.questions,
    audience: changes.audience === undefined ? survey.audience : changes.audience,
    tags: changes.tags ?? survey.tags,
    projectId: survey.projectId,
  });

async function readySurvey(jar = jordan): Promise<Survey> {
  const survey = await createSurvey(jar);
  const res = await saveDraft(jar, survey, {
    name: 'After-school activities',
    questions: [question('Do you take part in an after-school club?')],
    audience: defaultAudience,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const act = (jar: CookieJar, survey: { id: string }, action: string, extra: object = {}) =>
  call(jar, 'POST', `/v2/surveys/${survey.id}/transitions`, { action, ...extra });
const moderate = (
  jar: CookieJar,
  survey: { id: string },
  decision: 'approve' | 'reject',
  reasons: string[] = [],
) =>
  call(jar, 'POST', `/v2/surveys/${survey.id}/moderation`, {
    decision,
    checklist: Object.fromEntries(moderationChecklist.map((item) => [item.id, true])),
    reasons,
  });

describe('creating surveys', () => {
  it('names registered drafts Survey, Pulse Check and Custom Survey with null descriptions', async () => {
    for (const [type, name] of [
      ['long_form', 'Survey'],
      ['pulse_check', 'Pulse Check'],
      ['custom', 'Custom Survey'],
    ] as const) {
      const survey = await createSurvey(jordan, type);
      expect(survey).toMatchObject({
        name,
        description: null,
        status: 'draft',
        version: 1,
        organizationId: northside,
      });
    }
  });

  it('names an anonymous visitor’s drafts My First Survey and My First Pulse Check, with descriptions', async () => {
    const visitor = await softRegister(t.app);
    const survey = await createSurvey(visitor, 'long_form', null);
    expect(survey).toMatchObject({ name: 'My First Survey', organizationId: null });
    expect(survey.description).toBeTruthy();
    const pulse = await createSurvey(visitor, 'pulse_check', null);
    expect(pulse.name).toBe('My First Pulse Check');
    expect(pulse.questions.length).toBeGreaterThan(0);
    expect(pulse.questions.length).toBeLessThanOrEqual(5);
    const mine = await call(visitor, 'GET', '/v2/surveys');
    expect(
      mine
        .json()
        .data.map((s: Survey) => s.id)
        .sort(),
    ).toEqual([survey.id, pulse.id].sort());
  });

  it('keeps an anonymous visitor’s drafts when they sign up', async () => {
    const visitor = await softRegister(t.app);
    const survey = await createSurvey(visitor, 'long_form', null);
    const jar = cookieJar(visitor.header);
    const confirmed = await signUpAndConfirm(
      t.app,
      {
        firstName: 'Kai',
        lastName: 'Ito',
        email: `kai.${randomUUID().slice(0, 6)}@example.org`,
        password: 'a long password',
        acceptMarketing: false,
        termsAndConditions: CURRENT_TERMS_VERSION,
      },
      jar,
    );
    expect(confirmed.json().data.firstName).toBe('Kai');
    expect((await call(jar, 'GET', `/v2/surveys/${survey.id}`)).statusCode).toBe(200);
  });

  it('sends the new survey created mail to a registered author', async () => {
    const survey = await createSurvey(jordan);
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'survey/new-survey-created'));
    expect(mails.some((m) => m.html.includes(survey.id))).toBe(true);
  });
});

describe('duplicating', () => {
  it('makes a new draft with the questions, audience and tags, owned by whoever duplicated it', async () => {
    const source = await readySurvey(jordan);
    const submitted = await act(jordan, source, 'submit');
    expect(submitted.statusCode).toBe(200);
    const res = await call(priya, 'POST', `/v2/surveys/${source.id}/duplicate`, {});
    expect(res.statusCode, res.body).toBe(200);
    const copy: Survey = res.json().data;
    expect(copy.id).not.toBe(source.id);
    expect(copy.name).toBe('Copy of After-school activities');
    expect(copy.status).toBe('draft');
    expect(copy.organizationId).toBe(northside);
    expect(copy.questions).toEqual(source.questions);
    expect(copy.audience).toEqual(source.audience);
    // The copy is a draft of its own: editing it leaves the original as it was.
    const renamed = await saveDraft(priya, copy, { name: 'Autumn wave' });
    expect(renamed.statusCode).toBe(200);
    const original = (await call(jordan, 'GET', `/v2/surveys/${source.id}`)).json().data as Survey;
    expect(original.name).toBe('After-school activities');
    expect(original.status).toBe('in_moderation');
  });

  it('keeps a long name within the limit, and refuses who may not see or create', async () => {
    const source = await readySurvey(jordan);
    const long = await saveDraft(jordan, source, { name: 'n'.repeat(150) });
    expect(long.statusCode).toBe(200);
    const copy = (await call(jordan, 'POST', `/v2/surveys/${source.id}/duplicate`, {})).json().data as Survey;
    expect([...copy.name]).toHaveLength(150);
    expect(copy.name.startsWith('Copy of nnn')).toBe(true);
    // Another organization's member does not learn the survey exists; a moderator cannot create.
    expect((await call(alex, 'POST', `/v2/surveys/${source.id}/duplicate`, {})).statusCode).toBe(404);
    expect((await call(hana, 'POST', `/v2/surveys/${source.id}/duplicate`, {})).statusCode).toBe(403);
    expect((await call(jordan, 'POST', `/v2/surveys/${randomUUID()}/duplicate`, {})).statusCode).toBe(404);
  });
});

describe('autosave and conflicts', () => {
  it('saves with a growing version number', async () => {
    const survey = await createSurvey(jordan);
    const first = await saveDraft(jordan, survey, { name: 'Screen time' });
    expect(first.json().data).toMatchObject({ name: 'Screen time', version: 2 });
    const second = await saveDraft(jordan, first.json().data, {
      questions: [question('Do you have a phone?')],
    });
    expect(second.json().data.version).toBe(3);
    expect(second.json().data.questions).toHaveLength(1);
  });

  it('never overwrites a newer save: the second writer gets 409 with the saved version', async () => {
    const survey = await createSurvey(jordan);
    const mine = await saveDraft(jordan, survey, { name: 'Version from tab A' });
    expect(mine.statusCode).toBe(200);
    const theirs = await saveDraft(priya, survey, { name: 'Version from tab B' });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      data: { current: { name: 'Version from tab A', version: 2 } },
    });
    const stored = (await call(jordan, 'GET', `/v2/surveys/${survey.id}`)).json().data;
    expect(stored.name).toBe('Version from tab A');
  });

  it('refuses display logic that points forward, and a pulse check of more than five questions', async () => {
    const survey = await createSurvey(jordan);
    const later = question('Later');
    const res = await saveDraft(jordan, survey, {
      questions: [
        question('First', {
          displayLogic: {
            match: 'all',
            conditions: [{ questionId: later.id, operator: 'equals', value: 'yes' }],
          },
        }),
        later,
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_LOGIC');
    const pulse = await createSurvey(jordan, 'pulse_check');
    const tooMany = await saveDraft(jordan, pulse, {
      questions: [1, 2, 3, 4, 5, 6].map((n) => question(`Q${n}`)),
    });
    expect(tooMany.json().code).toBe('PULSE_CHECK_TOO_LONG');
  });

  it('keeps other organisations out', async () => {
    const survey = await createSurvey(jordan);
    expect((await call(alex, 'GET', `/v2/surveys/${survey.id}`)).statusCode).toBe(404);
    expect((await saveDraft(alex, survey, { name: 'Taken over' })).statusCode).toBe(404);
  });
});

describe('lifecycle', () => {
  it('runs submit → reject with reasons → fix → resubmit → approve → publish → pause → resume → close', async () => {
    const survey = await readySurvey();
    const submitted = await act(jordan, survey, 'submit');
    expect(submitted.json().data.status).toBe('in_moderation');
    expect(
      (await saveDraft(jordan, submitted.json().data, { name: 'Edited in moderation' })).json().code,
    ).toBe('NOT_EDITABLE');

    const rejected = await moderate(hana, survey, 'reject', [
      'Question 1 needs a "prefer not to say" option.',
    ]);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejection: {
        reasons: ['Question 1 needs a "prefer not to say" option.'],
        moderatorName: 'Hana Okafor',
      },
    });

    const fixed = await saveDraft(jordan, rejected.json().data, {
      questions: [
        question('Do you take part in an after-school club?', {
          options: [
            { id: 'a', label: 'Yes' },
            { id: 'b', label: 'No' },
            { id: 'c', label: 'Prefer not to say' },
          ],
        }),
      ],
    });
    expect(fixed.statusCode).toBe(200);
    expect((await act(jordan, survey, 'submit')).json().data.status).toBe('in_moderation');
    expect((await moderate(hana, survey, 'approve')).json().data.status).toBe('approved');
    expect((await act(marcus, survey, 'publish')).json().data.status).toBe('live');
    expect((await act(jordan, survey, 'pause')).json().data.status).toBe('paused');
    expect((await act(jordan, survey, 'resume')).json().data.status).toBe('live');
    expect((await act(priya, survey, 'close')).json().data.status).toBe('complete');

    const history = (await call(jordan, 'GET', `/v2/surveys/${survey.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'submit',
      'reject',
      'submit',
      'approve',
      'publish',
      'pause',
      'resume',
      'close',
    ]);
    expect(history[1]).toMatchObject({ from: 'in_moderation', to: 'rejected', actorName: 'Hana Okafor' });

    const templates = (await t.app.database.db.select().from(mailOutbox)).map((m) => m.template);
    for (const template of [
      'survey/survey-submitted',
      'survey/survey-ready-for-moderation',
      'survey/survey-rejected',
      'survey/survey-approved',
      'survey/survey-ready-to-publish',
      'survey/status-updates',
    ]) {
      expect(templates).toContain(template);
    }
  });

  it('refuses a transition from the wrong status', async () => {
    const survey = await readySurvey();
    const res = await act(marcus, survey, 'publish');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION', data: { status: 'draft' } });
    expect((await act(jordan, survey, 'resume')).statusCode).toBe(409);
  });

  it('never lets organisation users moderate or publish', async () => {
    const survey = await readySurvey();
    await act(jordan, survey, 'submit');
    expect((await act(priya, survey, 'approve')).statusCode).toBe(403);
    expect((await moderate(priya, survey, 'approve')).statusCode).toBe(403);
    await moderate(hana, survey, 'approve');
    expect((await act(priya, survey, 'publish')).statusCode).toBe(403);
    expect((await act(hana, survey, 'publish')).statusCode).toBe(403);
  });

  it('needs reasons to reject and a full checklist to approve', async () => {
    const survey = await readySurvey();
    await act(jordan, survey, 'submit');
    expect((await moderate(hana, survey, 'reject', [])).json().code).toBe('REASONS_REQUIRED');
    const partial = await call(hana, 'POST', `/v2/surveys/${survey.id}/moderation`, {
      decision: 'approve',
      checklist: { no_personal_data: true },
      reasons: [],
    });
    expect(partial.json().code).toBe('CHECKLIST_INCOMPLETE');
  });

  it('refuses to submit an incomplete survey, with the pre-check flags', async () => {
    const survey = await createSurvey(jordan);
    const res = await act(jordan, survey, 'submit');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INCOMPLETE');
    expect(res.json().data.flags.map((f: { message: string }) => f.message)).toContain(
      'Add at least one question.',
    );
  });

  it('hides a survey from another organisation, whatever the action', async () => {
    const survey = await readySurvey();
    expect((await act(alex, survey, 'archive')).statusCode).toBe(404);
    expect((await act(alex, survey, 'submit')).statusCode).toBe(404);
  });

  it('archives a draft but never a live survey', async () => {
    const draft = await readySurvey();
    expect((await act(priya, draft, 'archive')).json().data.status).toBe('archived');
    const live = await readySurvey();
    await act(jordan, live, 'submit');
    await moderate(hana, live, 'approve');
    await act(marcus, live, 'publish');
    expect((await act(priya, live, 'archive')).statusCode).toBe(409);
  });
});

describe('pre-check and admin list', () => {
  it('flags personal data to the author', async () => {
    const survey = await createSurvey(jordan);
    const saved = (
      await saveDraft(jordan, survey, {
        questions: [question('Which school do you go to?', { type: 'short_text', options: [] })],
      })
    ).json().data;
    const flags = (await call(jordan, 'GET', `/v2/surveys/${saved.id}/precheck`)).json().data;
    expect(flags).toContainEqual(
      expect.objectContaining({
        category: 'personal_data',
        severity: 'blocker',
        questionId: saved.questions[0].id,
      }),
    );
  });

  it('lists every organisation’s surveys to platform staff, filtered by status, organisation and tag', async () => {
    const tagged = await readySurvey();
    await saveDraft(jordan, tagged, { tags: ['wellbeing'] });
    const brightpathSurvey = await createSurvey(alex, 'long_form', demoOrganizations.brightpath.id);
    const all = (await call(marcus, 'GET', '/v2/admin/surveys?pageSize=100')).json();
    const ids = all.data.map((s: Survey) => s.id);
    expect(ids).toEqual(expect.arrayContaining([tagged.id, brightpathSurvey.id]));
    const byOrg = (
      await call(marcus, 'GET', `/v2/admin/surveys?organizationId=${demoOrganizations.brightpath.id}`)
    ).json();
    expect(byOrg.data.every((s: Survey) => s.organizationId === demoOrganizations.brightpath.id)).toBe(true);
    const byTag = (await call(marcus, 'GET', '/v2/admin/surveys?tag=wellbeing')).json();
    expect(byTag.data.map((s: Survey) => s.id)).toEqual([tagged.id]);
    const byStatus = (await call(marcus, 'GET', '/v2/admin/surveys?status=live,complete')).json();
    expect(byStatus.data.every((s: Survey) => ['live', 'complete'].includes(s.status))).toBe(true);
    expect((await call(jordan, 'GET', '/v2/admin/surveys')).statusCode).toBe(403);
  });
});
