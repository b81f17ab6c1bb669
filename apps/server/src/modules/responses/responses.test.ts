import { randomUUID } from 'node:crypto';
import { defaultAudience } from '@tv/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { incidents, surveyResponses } from '../../db/schema/responses';
import { createTestApp, type TestApp } from '../../test/app';
import { submitAsPage } from '../../test/respondent';
import { liveSurvey, question } from '../../test/surveys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const screener = { age: 15, gender: 'female' as const, state: 'CA' };
const submit = (surveyId: string, payload: object) => submitAsPage(t.app, surveyId, payload);
const body = (answers: Record<string, unknown>, overrides: object = {}) => ({
  clientResponseId: randomUUID(),
  screener,
  answers,
  startedAt: new Date(Date.now() - 120_000).toISOString(),
  ...overrides,
});

describe('the respondent flow', () => {
  it('serves a live survey without organisation details, and says when it is not found', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    const res = await t.app.inject({ method: 'GET', url: `/v2/respond/${survey.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'live', name: 'Life after school', questionCount: 1 });
    expect(res.json().data).not.toHaveProperty('organizationId');
    expect((await t.app.inject({ method: 'GET', url: `/v2/respond/${randomUUID()}` })).statusCode).toBe(404);
  });

  it('stores a response once however often it is sent, with no personal data', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    const payload = body({ [q.id]: 'yes' });
    const [first, second] = await Promise.all([submit(survey.id, payload), submit(survey.id, payload)]);
    expect(first.json().data.outcome).toBe('completed');
    expect(second.json().data.outcome).toBe('completed');
    const third = await submit(survey.id, payload);
    expect(third.json().data.outcome).toBe('completed');
    const rows = await t.app.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).not.toEqual(
      expect.arrayContaining(['ip', 'ipAddress', 'deviceId', 'userAgent']),
    );
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'results/preview-responses'));
    expect(mails.some((m) => m.html.includes(survey.id))).toBe(true);
  });

  it('screens out a respondent outside the audience politely, and counts them', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], {
      ...defaultAudience,
      ageMin: 16,
      ageMax: 19,
      states: ['TX'],
    });
    const screen = await t.app.inject({
      method: 'POST',
      url: `/v2/respond/${survey.id}/screen`,
      payload: { clientResponseId: randomUUID(), screener },
    });
    expect(screen.json().data).toMatchObject({
      outcome: 'screened_out',
      message: expect.stringContaining('Thanks for your time'),
    });
    const eligible = await t.app.inject({
      method: 'POST',
      url: `/v2/respond/${survey.id}/screen`,
      payload: { clientResponseId: randomUUID(), screener: { age: 17, gender: 'male', state: 'TX' } },
    });
    expect(eligible.json().data.outcome).toBe('eligible');
    const stored = await t.app.database.db
      .select()
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, survey.id), eq(surveyResponses.status, 'screened_out')));
    expect(stored).toHaveLength(1);
  });

  it('rejects a state code that is not a US state, in plain words, and records nothing', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    const screen = await t.app.inject({
      method: 'POST',
      url: `/v2/respond/${survey.id}/screen`,
      payload: { clientResponseId: randomUUID(), screener: { ...screener, state: 'ZZ' } },
    });
    expect(screen.statusCode).toBe(400);
    expect(screen.body).toContain('Choose the US state you live in');
    const stored = await t.app.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(stored).toHaveLength(0);
  });

  it('honours quotas: once a group is full, more of them are turned away', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], {
      ...defaultAudience,
      sampleSize: 50,
      quotas: [{ attribute: 'gender', value: 'male', percent: 4 }],
    });
    const boy = { age: 14, gender: 'male' as const, state: 'NY' };
    expect((await submit(survey.id, body({ [q.id]: 'yes' }, { screener: boy }))).json().data.outcome).toBe(
      'completed',
    );
    expect((await submit(survey.id, body({ [q.id]: 'no' }, { screener: boy }))).json().data.outcome).toBe(
      'completed',
    );
    const third = await submit(survey.id, body({ [q.id]: 'no' }, { screener: boy }));
    expect(third.json().data.outcome).toBe('quota_full');
    expect((await submit(survey.id, body({ [q.id]: 'no' }))).json().data.outcome).toBe('completed');
  });

  it('checks answers against the questions and display logic', async () => {
    const first = question('Do you play sport?');
    const followUp = question('Which sport?', {
      type: 'short_text',
      options: [],
      displayLogic: {
        match: 'all',
        conditions: [{ questionId: first.id, operator: 'equals', value: 'yes' }],
      },
    });
    const survey = await liveSurvey(t.app, [first, followUp]);
    const missing = await submit(survey.id, body({ [first.id]: 'yes' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields[followUp.id]).toEqual(['Please answer this question.']);
    expect((await submit(survey.id, body({ [first.id]: 'no' }))).json().data.outcome).toBe('completed');
    const badChoice = await submit(survey.id, body({ [first.id]: 'maybe' }));
    expect(badChoice.json().data.fields[first.id]).toEqual(['Choose one of the options.']);
  });

  it('completes the survey by itself when the sample size is reached', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, sampleSize: 50 });
    for (let i = 0; i < 50; i++) await submit(survey.id, body({ [q.id]: i % 2 ? 'yes' : 'no' }));
    const after = await t.app.inject({ method: 'GET', url: `/v2/respond/${survey.id}` });
    expect(after.json().data.status).toBe('closed');
    expect((await submit(survey.id, body({ [q.id]: 'yes' }))).json().data.outcome).toBe('closed');
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'results/survey-complete'));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('says a paused survey is paused', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/transitions`,
      headers: { cookie: survey.author.header },
      payload: { action: 'pause' },
    });
    expect((await t.app.inject({ method: 'GET', url: `/v2/respond/${survey.id}` })).json().data.status).toBe(
      'paused',
    );
    expect((await submit(survey.id, body({ [q.id]: 'yes' }))).json().data.outcome).toBe('closed');
  });
});

describe('safeguarding', () => {
  it('shows help at once, raises an incident for moderators, and resolves it with notes', async () => {
    const q = question('What is hard for you right now?', {
      type: 'long_text',
      options: [],
      required: false,
    });
    const survey = await liveSurvey(t.app, [q]);
    const res = await submit(
      survey.id,
      body({ [q.id]: 'I get bullied every day and sometimes I want to die' }),
    );
    expect(res.json().data).toMatchObject({ outcome: 'completed', showSupport: true });
    expect(res.json().data.helpResources.map((r: { name: string }) => r.name)).toContain(
      '988 Suicide & Crisis Lifeline',
    );

    const raised = await t.app.database.db.select().from(incidents).where(eq(incidents.surveyId, survey.id));
    expect(raised.map((i) => i.category).sort()).toEqual(['bullying', 'self_harm']);
    const notified = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'safeguarding/incident-notification'));
    expect(notified.length).toBeGreaterThan(0);

    const list = await t.app.inject({
      method: 'GET',
      // This survey's incidents only: another test's answer may sit in the possible-concerns queue.
      url: `/v2/admin/incidents?status=open&kind=incident&surveyId=${survey.id}`,
      headers: { cookie: survey.moderator.header },
    });
    const incident = list.json().data.find((i: { category: string }) => i.category === 'self_harm');
    expect(incident).toMatchObject({ surveyName: 'Life after school', severity: 'high', status: 'open' });
    expect(JSON.stringify(incident)).not.toMatch(/responseId|clientResponseId/);

    const triaged = await t.app.inject({
      method: 'POST',
      url: `/v2/admin/incidents/${incident.id}/triage`,
      headers: { cookie: survey.moderator.header },
      payload: { severity: 'high', note: 'Escalated to the safeguarding lead.' },
    });
    expect(triaged.json().data).toMatchObject({
      status: 'triaged',
      notes: [expect.objectContaining({ by: 'Hana Okafor' })],
    });
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/v2/admin/incidents/${incident.id}/resolve`,
      headers: { cookie: survey.moderator.header },
      payload: { resolution: 'Reviewed; support resources were shown; respondent is anonymous.' },
    });
    expect(resolved.json().data.status).toBe('resolved');
    const again = await t.app.inject({
      method: 'POST',
      url: `/v2/admin/incidents/${incident.id}/resolve`,
      headers: { cookie: survey.moderator.header },
      payload: { resolution: 'Twice' },
    });
    expect(again.statusCode).toBe(409);
    const resolutionMails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'safeguarding/incident-resolution'));
    expect(resolutionMails.length).toBeGreaterThan(0);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/incidents',
      headers: { cookie: survey.author.header },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('shows no help screen and raises nothing for ordinary answers', async () => {
    const q = question('What would make weekends better?', {
      type: 'short_text',
      options: [],
      required: false,
    });
    const survey = await liveSurvey(t.app, [q]);
    const res = await submit(survey.id, body({ [q.id]: 'More football and fewer chores' }));
    expect(res.json().data).toMatchObject({ showSupport: false, helpResources: [] });
    expect(await t.app.database.db.select().from(incidents).where(eq(incidents.surveyId, survey.id))).toEqual(
      [],
    );
  });
});
