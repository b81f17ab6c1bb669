import { randomUUID } from 'node:crypto';
import { type Audience, defaultAudience, precheckSurvey } from '@tv/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { surveyResponses } from '../../db/schema/responses';
import { surveyStatusHistory, surveys } from '../../db/schema/surveys';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { respondentPass, submitAsPage } from '../../test/respondent';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { listQuestions } from '../surveys/service';
import { medianAge } from './commit-batch';
import { rejudgeSpeeders } from './fieldwork';
import { simulateResponses } from './simulator';

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
  ...overrides,
});
const surveyRow = async (id: string) =>
  (await t.app.database.db.select().from(surveys).where(eq(surveys.id, id)))[0]!;
const completedRows = (id: string) =>
  t.app.database.db
    .select()
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, id), eq(surveyResponses.status, 'completed')));

/** Saves a draft with this audience as its author; the answer of PUT /v2/surveys/:id. */
async function saveAudience(audience: Audience) {
  const author = await signIn(t.app, demoAccounts.northsideMember.email);
  const headers = { cookie: author.header, 'x-asa-organization-id': demoOrganizations.northside.id };
  const created = (
    await t.app.inject({ method: 'POST', url: '/v2/surveys', headers, payload: { type: 'long_form' } })
  ).json().data;
  return t.app.inject({
    method: 'PUT',
    url: `/v2/surveys/${created.id}`,
    headers,
    payload: {
      version: created.version,
      name: 'Quotas',
      description: null,
      questions: [question('Do you take part in a club?')],
      audience,
      tags: [],
      projectId: null,
    },
  });
}

describe('quotas are maximum shares, and impossible ones are refused', () => {
  const cases: [string, Audience, string][] = [
    [
      'quotas totalling 180%',
      {
        ...defaultAudience,
        quotas: [
          { attribute: 'age', value: '14', percent: 90 },
          { attribute: 'age', value: '15', percent: 90 },
        ],
      },
      'Quotas for age add up to 180%. Together they can be at most 100%.',
    ],
    [
      'an age of 99',
      { ...defaultAudience, quotas: [{ attribute: 'age', value: '99', percent: 10 }] },
      'An age quota must be an age from 13 to 19, not 99.',
    ],
    [
      'an age outside the audience',
      { ...defaultAudience, ageMin: 16, quotas: [{ attribute: 'age', value: '14', percent: 10 }] },
      'The quota for 14 year-olds is outside the audience, which is 16–19.',
    ],
    [
      'a gender outside the audience',
      {
        ...defaultAudience,
        genders: ['female'],
        quotas: [{ attribute: 'gender', value: 'male', percent: 10 }],
      },
      'The quota for Boys is for a gender your audience does not include.',
    ],
  ];
  for (const [name, audience, message] of cases) {
    it(`refuses ${name} with a 400 in words, and the pre-check fails the same structure`, async () => {
      const res = await saveAudience(audience);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message ?? res.body).toContain(message);
      const flags = precheckSurvey({
        type: 'long_form',
        name: 'Quotas',
        description: null,
        questions: [question('Do you take part in a club?')],
        audience,
      } as Parameters<typeof precheckSurvey>[0]);
      expect(flags).toContainEqual(expect.objectContaining({ severity: 'blocker', message }));
    });
  }

  it('accepts shares of one dimension that total 100% and an age quota inside the audience', async () => {
    const res = await saveAudience({
      ...defaultAudience,
      quotas: [
        { attribute: 'gender', value: 'female', percent: 50 },
        { attribute: 'gender', value: 'male', percent: 50 },
        { attribute: 'age', value: '15', percent: 30 },
      ],
    });
    expect(res.statusCode).toBe(200);
  });

  it('closes an age group once its share is reached (ages as the builder offers them)', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], {
      ...defaultAudience,
      sampleSize: 50,
      quotas: [{ attribute: 'age', value: '15', percent: 2 }],
    });
    expect((await submit(survey.id, body({ [q.id]: 'yes' }))).json().data.outcome).toBe('completed');
    expect((await submit(survey.id, body({ [q.id]: 'yes' }))).json().data.outcome).toBe('quota_full');
    const sixteen = { ...screener, age: 16 };
    expect(
      (await submit(survey.id, body({ [q.id]: 'yes' }, { screener: sixteen }))).json().data.outcome,
    ).toBe('completed');
  });
});

describe('the sample size is exact', () => {
  it('never stores one completed response more than the sample under parallel submissions', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, sampleSize: 50 });
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => submit(survey.id, body({ [q.id]: i % 2 ? 'yes' : 'no' }))),
    );
    const kinds = outcomes.map((r) => r.json().data.outcome);
    expect(kinds.filter((k) => k === 'completed')).toHaveLength(50);
    expect(kinds.filter((k) => k === 'closed')).toHaveLength(10);
    expect(await completedRows(survey.id)).toHaveLength(50);
    const row = await surveyRow(survey.id);
    expect(row.completedCount).toBe(50);
    expect(row.status).toBe('complete');
  });

  it('lets the simulator take only the places left, and completes the survey at once', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, sampleSize: 50 });
    for (let i = 0; i < 5; i++) await submit(survey.id, body({ [q.id]: 'yes' }));
    const row = await surveyRow(survey.id);
    const inserted = await simulateResponses(
      t.app.database.db,
      row,
      await listQuestions(t.app.database.db, row.id),
      62,
      7,
    );
    expect(inserted).toBe(45);
    const after = await surveyRow(survey.id);
    expect(after.status).toBe('complete');
    expect(after.completedCount).toBe(50);
    expect(await completedRows(survey.id)).toHaveLength(50);
    // Fieldwork is over: neither the simulator nor a real respondent adds anything.
    expect(await simulateResponses(t.app.database.db, after, [q], 10, 8)).toBe(0);
    expect((await submit(survey.id, body({ [q.id]: 'yes' }))).json().data.outcome).toBe('closed');
    expect(await completedRows(survey.id)).toHaveLength(50);
  });

  it('dates simulated responses within fieldwork: after the survey was published, never in the future (issue 26)', async () => {
    const db = t.app.database.db;
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, sampleSize: 200 });
    // Published two days ago: no response may be dated before that.
    const published = new Date(Date.now() - 2 * 86_400_000);
    await db
      .delete(surveyStatusHistory)
      .where(and(eq(surveyStatusHistory.surveyId, survey.id), eq(surveyStatusHistory.toStatus, 'live')));
    await db.insert(surveyStatusHistory).values({
      surveyId: survey.id,
      fromStatus: 'approved',
      toStatus: 'live',
      action: 'publish',
      createdAt: published,
    });
    expect(await simulateResponses(db, await surveyRow(survey.id), [q], 120, 21)).toBe(120);
    const after = Date.now();
    const rows = await completedRows(survey.id);
    expect(rows).toHaveLength(120);
    for (const row of rows) {
      expect(row.startedAt!.getTime()).toBeGreaterThanOrEqual(published.getTime());
      expect(row.completedAt!.getTime()).toBeGreaterThan(row.startedAt!.getTime());
      expect(row.completedAt!.getTime()).toBeLessThanOrEqual(after);
    }
    // Still spread over the fieldwork so far, not all at one moment.
    const times = rows.map((row) => row.completedAt!.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(86_400_000);
  });

  it('tells platform staff that a review is due when fieldwork completes, without respondent data', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, sampleSize: 50 });
    const row = await surveyRow(survey.id);
    await simulateResponses(t.app.database.db, row, [q], 50, 9);
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'fieldwork/complete-review-due'));
    const mine = mails.filter((m) => m.html.includes(survey.id));
    const recipients = mine.map((m) => m.toEmail);
    expect(recipients).toContain(demoAccounts.moderator.email);
    expect(recipients).toContain(demoAccounts.platformAdmin.email);
    expect(recipients).not.toContain(demoAccounts.northsideMember.email);
    expect(mine[0]!.subject).toBe('Fieldwork complete, review due');
    expect(mine[0]!.text).toContain('has stopped collecting answers with 50 completed responses');
  });

  it('tells staff a review is due when the organization closes fieldwork early too', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, sampleSize: 50 });
    await submit(survey.id, body({ [q.id]: 'yes' }));
    const closed = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/transitions`,
      headers: { cookie: survey.author.header },
      payload: { action: 'close' },
    });
    expect(closed.statusCode).toBe(200);
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'fieldwork/complete-review-due'));
    const mine = mails.filter((m) => m.html.includes(survey.id));
    expect(mine.map((m) => m.toEmail)).toContain(demoAccounts.moderator.email);
    expect(mine[0]!.text).toContain('with 1 completed response.');
  });
});

describe('time is measured on the server', () => {
  it('issues a start token when the survey opens and ignores a client-sent startedAt', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    const opened = (await t.app.inject({ method: 'GET', url: `/v2/respond/${survey.id}` })).json().data;
    expect(opened.startToken).toMatch(/^\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);

    const future = await submit(
      survey.id,
      body({ [q.id]: 'yes' }, { startToken: undefined, startedAt: '2099-01-01T00:00:00.000Z' }),
    );
    expect(future.json().data.outcome).toBe('completed');
    const timed = await submit(survey.id, body({ [q.id]: 'no' }, { startToken: opened.startToken }));
    expect(timed.json().data.outcome).toBe('completed');
    const [nonce, signature] = opened.startToken.split('.').slice(1);
    const forged = `${Date.now() - 600_000}.${nonce}.${signature}`;
    await submit(
      survey.id,
      body({ [q.id]: 'yes' }, { startToken: forged, startedAt: '2000-01-01T00:00:00Z' }),
    );

    const other = await liveSurvey(t.app, [q]);
    const wrongSurvey = await submit(other.id, body({ [q.id]: 'yes' }, { startToken: opened.startToken }));
    expect(wrongSurvey.json().data.outcome).toBe('completed');

    const rows = await completedRows(survey.id);
    const durations = rows.map((r) => r.durationSeconds);
    // No token or a forged one: unknown, never 0 s or a negative time. A valid token: measured.
    expect(durations.filter((d) => d === null)).toHaveLength(2);
    expect(durations.filter((d) => d !== null)).toEqual([expect.any(Number)]);
    expect(rows.find((r) => r.durationSeconds !== null)!.durationSeconds).toBeLessThan(60);
    expect((await completedRows(other.id))[0]!.durationSeconds).toBeNull();
  });

  it('judges speeders against the median time of the survey (under a third of it)', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, sampleSize: 50 });
    const durations = [300, 310, 290, 305, 295, 320, 280, 300, 315, 285, 90, 110];
    await t.app.database.db.insert(surveyResponses).values(
      durations.map((durationSeconds, i) => ({
        surveyId: survey.id,
        clientResponseId: randomUUID(),
        status: 'completed' as const,
        age: 15,
        gender: 'female',
        state: 'CA',
        region: 'west',
        answers: { [q.id]: i % 2 ? 'yes' : 'no' },
        durationSeconds,
        // A fixed floor would have called nobody a speeder; a stale flag must go.
        qualityFlags: durationSeconds === 300 ? ['speeder'] : [],
      })),
    );
    await rejudgeSpeeders(t.app.database.db, survey.id);
    const rows = await completedRows(survey.id);
    const speeders = rows.filter((r) => r.qualityFlags.includes('speeder')).map((r) => r.durationSeconds);
    expect(speeders).toEqual([90]);
  });
});

describe('one response per device', () => {
  const deviceToken = async (surveyId: string) => (await respondentPass(t.app, surveyId)).deviceToken;

  it('thanks a device that already answered instead of counting it twice', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    const device = await deviceToken(survey.id);
    const first = await submit(survey.id, body({ [q.id]: 'yes' }, { deviceToken: device }));
    expect(first.json().data.outcome).toBe('completed');
    const again = await submit(survey.id, body({ [q.id]: 'no' }, { deviceToken: device }));
    expect(again.json().data).toMatchObject({
      outcome: 'already_taken',
      message: 'You have already taken this survey. Thank you!',
    });
    const screen = await t.app.inject({
      method: 'POST',
      url: `/v2/respond/${survey.id}/screen`,
      payload: { clientResponseId: randomUUID(), screener, deviceToken: device },
    });
    expect(screen.json().data.outcome).toBe('already_taken');
    // Racing twins from one device: still one response.
    const twin = await deviceToken(survey.id);
    const racing = await Promise.all([
      submit(survey.id, body({ [q.id]: 'yes' }, { deviceToken: twin })),
      submit(survey.id, body({ [q.id]: 'no' }, { deviceToken: twin })),
    ]);
    expect(racing.map((r) => r.json().data.outcome).sort()).toEqual(['already_taken', 'completed']);
    const rows = await completedRows(survey.id);
    expect(rows).toHaveLength(2);
    // Only a hash is kept, never the token itself.
    expect(rows.every((r) => r.deviceHash && r.deviceHash !== device && r.deviceHash !== twin)).toBe(true);
  });

  it('allows repeats when the survey says so', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], { ...defaultAudience, allowRepeatResponses: true });
    const device = await deviceToken(survey.id);
    for (const answer of ['yes', 'no']) {
      const res = await submit(survey.id, body({ [q.id]: answer }, { deviceToken: device }));
      expect(res.json().data.outcome).toBe('completed');
    }
    expect(await completedRows(survey.id)).toHaveLength(2);
  });
});

describe('the quality review and the quota dashboard', () => {
  it('lets the survey’s researcher exclude with a reason and include again; never deletes; not another organization', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q], {
      ...defaultAudience,
      sampleSize: 50,
      quotas: [{ attribute: 'gender', value: 'female', percent: 60 }],
    });
    await simulateResponses(t.app.database.db, await surveyRow(survey.id), [q], 50, 11);
    const headers = { cookie: survey.author.header, 'x-asa-organization-id': demoOrganizations.northside.id };

    const quotas = await t.app.inject({ method: 'GET', url: `/v2/surveys/${survey.id}/quotas`, headers });
    expect(quotas.statusCode).toBe(200);
    expect(quotas.json().data).toMatchObject({
      sampleSize: 50,
      completed: 50,
      quotas: [{ attribute: 'gender', value: 'female', targetPercent: 60, limit: 30 }],
    });
    expect(quotas.json().data.quotas[0].count).toBeLessThanOrEqual(30);

    const list = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/quality/responses`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(50);
    expect(list.json().data[0]).toMatchObject({ simulated: true, excluded: false });
    const target = list.json().data[0].id;

    const other = await signIn(t.app, demoAccounts.brightpathAdmin.email);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/quality/responses/${target}/exclude`,
      headers: { cookie: other.header, 'x-asa-organization-id': demoOrganizations.brightpath.id },
      payload: { reason: 'Looks rushed' },
    });
    expect([403, 404]).toContain(foreign.statusCode);

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/quality/responses/${target}/exclude`,
      headers,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);

    const excluded = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/quality/responses/${target}/exclude`,
      headers,
      payload: { reason: 'Answered in four seconds' },
    });
    expect(excluded.statusCode).toBe(200);
    let [stored] = await t.app.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.id, target));
    expect(stored).toMatchObject({ excluded: true, excludedReason: 'Answered in four seconds' });

    const included = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/quality/responses/${target}/include`,
      headers,
    });
    expect(included.statusCode).toBe(200);
    [stored] = await t.app.database.db.select().from(surveyResponses).where(eq(surveyResponses.id, target));
    expect(stored).toMatchObject({ excluded: false, excludedReason: null });
    expect(await completedRows(survey.id)).toHaveLength(50);

    // Once results are released, the review is closed.
    await t.app.database.db.update(surveys).set({ status: 'results_ready' }).where(eq(surveys.id, survey.id));
    const late = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/quality/responses/${target}/exclude`,
      headers,
      payload: { reason: 'Too late' },
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('flagged responses in the review', () => {
  it('lists a response timed by the start token as a speeder when it was sent at once', async () => {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    const opened = (await t.app.inject({ method: 'GET', url: `/v2/respond/${survey.id}` })).json().data;
    await submit(survey.id, body({ [q.id]: 'yes' }, { startToken: opened.startToken }));
    const headers = { cookie: survey.author.header, 'x-asa-organization-id': demoOrganizations.northside.id };
    const list = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/quality/responses?flagged=true`,
      headers,
    });
    expect(list.json().meta).toMatchObject({ total: 1, flagged: 1, medianSeconds: null });
    expect(list.json().data[0].flags).toEqual(['speeder']);
  });
});

describe('the provisional speeder median', () => {
  /**
   * A survey whose timed responses all took 0 s: against its median (0 s) a response sent at once is
   * no speeder; against the floor used before a survey has a median (10 s) it is.
   */
  async function surveyTimedAtZero(completed: number) {
    const q = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [q]);
    await t.app.database.db.insert(surveyResponses).values(
      Array.from({ length: 120 }, () => ({
        surveyId: survey.id,
        clientResponseId: randomUUID(),
        status: 'completed' as const,
        ...screener,
        region: 'west',
        answers: { [q.id]: 'yes' },
        durationSeconds: 0,
      })),
    );
    // As if that many had come before (places left for the new ones: a large sample, set directly).
    await t.app.database.db
      .update(surveys)
      .set({ completedCount: completed, audience: { ...defaultAudience, sampleSize: 100_000 } })
      .where(eq(surveys.id, survey.id));
    const sendAtOnce = async () => {
      const opened = (await t.app.inject({ method: 'GET', url: `/v2/respond/${survey.id}` })).json().data;
      const clientResponseId = randomUUID();
      await submit(survey.id, body({ [q.id]: 'no' }, { clientResponseId, startToken: opened.startToken }));
      const [row] = await t.app.database.db
        .select()
        .from(surveyResponses)
        .where(eq(surveyResponses.clientResponseId, clientResponseId));
      return row!.qualityFlags.includes('speeder');
    };
    return sendAtOnce;
  }

  it('is read before the batch for a small survey, so its first response is judged against it', async () => {
    const sendAtOnce = await surveyTimedAtZero(120);
    expect(await sendAtOnce()).toBe(false);
  });

  it('is read beside the batch for a survey of 10,000 or more: the first batch does not wait for it', async () => {
    const sendAtOnce = await surveyTimedAtZero(10_000);
    // No median yet: the floor.
    expect(await sendAtOnce()).toBe(true);
    // Once the read beside it is back, the median.
    await vi.waitFor(async () => expect(await sendAtOnce()).toBe(false), { timeout: 5_000, interval: 50 });
  });

  // How long it is used grows with the survey, so a million-response survey's median (a sort of a
  // million rows) is not read every 5 s.
  it('is read again after 5 s up to 100,000 timed responses, then less often, at most every 5 minutes', () => {
    expect(medianAge(100)).toBe(5_000);
    expect(medianAge(100_000)).toBe(5_000);
    expect(medianAge(1_000_000)).toBe(50_000);
    expect(medianAge(50_000_000)).toBe(300_000);
  });
});
