import { createHash, randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultShareLinks } from '../../db/schema/surveys';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { pageTexts } from '../../test/pdf-text';
import { respondentPass } from '../../test/respondent';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { audienceDescription, filterDescriptions } from './report';
import { hashToken, statusOf, TOKEN_PATTERN } from './service';

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
let viewer: CookieJar;
let otherOrganization: CookieJar;

const club = question('Do you take part in a club?');
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  options: [
    { id: 'football', label: 'Football' },
    { id: 'swim', label: 'Swimming' },
  ],
});
const statements = question('How much do you agree?', {
  type: 'likert_matrix',
  options: [
    { id: 'agree', label: 'Agree' },
    { id: 'disagree', label: 'Disagree' },
  ],
  rows: [{ id: 'safe', label: 'I feel safe' }],
});
const happy = question('How happy are you with weekends?', {
  type: 'rating',
  options: [],
  scale: { min: 1, max: 5, minLabel: 'Not at all', maxLabel: 'Very' },
});
/** Answered by 3 teens only: its group is under 5 and must never be shown. */
const rare = question('Which instrument do you play?', {
  required: false,
  options: [
    { id: 'drums', label: 'Drums' },
    { id: 'violin', label: 'Violin' },
  ],
});
const idea = question('One idea for us?', { type: 'short_text', options: [], required: false });
const questions: Question[] = [club, sports, statements, happy, rare, idea];
const SECRET_TEXT = 'My name is Jordan Example and I go to Lincoln High';

async function passFiveMinutesAgo() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 300_000 });
  try {
    return await respondentPass(t.app, survey.id);
  } finally {
    vi.useRealTimers();
  }
}

const as = (jar: CookieJar) => ({ cookie: jar.header });
const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(jar ? { headers: as(jar) } : {}), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  viewer = survey.author;
  otherOrganization = await signIn(t.app, demoAccounts.brightpathMember.email);
  for (let i = 0; i < 12; i++) {
    const boy = i >= 9;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/respond/${survey.id}/responses`,
      payload: {
        clientResponseId: randomUUID(),
        screener: boy ? { age: 17, gender: 'male', state: 'NY' } : { age: 15, gender: 'female', state: 'CA' },
        answers: {
          [club.id]: i % 3 === 0 ? 'no' : 'yes',
          [sports.id]: i % 2 ? ['football', 'swim'] : ['swim'],
          [statements.id]: { safe: i % 4 ? 'agree' : 'disagree' },
          [happy.id]: (i % 5) + 1,
          ...(i < 3 ? { [rare.id]: 'drums' } : {}),
          ...(i < 6 ? { [idea.id]: `${SECRET_TEXT} (${i})` } : {}),
        },
        ...(await passFiveMinutesAgo()),
      },
    });
    expect(res.json().data.outcome).toBe('completed');
  }
});
afterAll(async () => {
  await t?.close();
});

/** Takes the survey from live to results released (close, review, release), as platform staff does. */
async function releaseResults() {
  for (const action of ['close', 'start_review', 'release_results']) {
    const res = await call(survey.publisher, 'POST', `/v2/surveys/${survey.id}/transitions`, { action });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The text of a PDF's pages, joined (test/pdf-text.ts). */
const pdfText = async (bytes: Buffer) => (await pageTexts(bytes)).join('\n');

describe('results report', () => {
  it('gives key figures, methodology and charts with margins of error, without written answers', async () => {
    const res = await call(viewer, 'GET', `/v2/surveys/${survey.id}/results/report`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = res.json().data;
    expect(report.survey).toMatchObject({
      id: survey.id,
      name: 'Life after school',
      organizationName: 'Northside Youth Trust',
    });
    expect(report.key).toMatchObject({ responses: 12, completionRate: 100, groupResponses: null });
    expect(report.key.fieldworkStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(report.methodology.textAnswers).toMatch(/not part of this report/);
    expect(report.methodology.disclosure).toMatch(/Groups under 5 are not shown/);
    expect(report.methodology.audience).toBe('US teens aged 13–19.');
    expect(report.textQuestionsLeftOut).toBe(1);
    expect(report.questions.map((q: { questionId: string }) => q.questionId)).toEqual([
      club.id,
      sports.id,
      statements.id,
      happy.id,
      rare.id,
    ]);
    const clubResult = report.questions[0];
    expect(clubResult.number).toBe(1);
    expect(clubResult.options[0]).toMatchObject({ label: 'Yes', count: 8, percent: 66.7 });
    expect(clubResult.options[0].marginOfError).toBeGreaterThan(0);
    expect(res.body).not.toContain(SECRET_TEXT);
    expect(res.body).not.toContain('"texts"');
  });

  it('hides a question answered by fewer than 5 teens', async () => {
    const report = (await call(viewer, 'GET', `/v2/surveys/${survey.id}/results/report`)).json().data;
    const rareResult = report.questions.find((q: { questionId: string }) => q.questionId === rare.id);
    expect(rareResult).toMatchObject({ suppressed: true, answered: null, options: [] });
  });

  it('follows the results filters and refuses a group under 5 as downloads do', async () => {
    const boys = await call(viewer, 'GET', `/v2/surveys/${survey.id}/results/report?gender=male`);
    expect(boys.statusCode).toBe(403);
    expect(boys.json().code).toBe('GROUP_TOO_SMALL');
    const boysPdf = await call(viewer, 'GET', `/v2/surveys/${survey.id}/results/report.pdf?gender=male`);
    expect(boysPdf.statusCode).toBe(403);
    const older = await call(viewer, 'GET', `/v2/surveys/${survey.id}/results/report?ageMax=99`);
    expect(older.statusCode).toBe(400);
  });

  it('is a PDF with the survey name, the charts’ margins and the methodology, and no written answer', async () => {
    const res = await call(viewer, 'GET', `/v2/surveys/${survey.id}/results/report.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="life-after-school-report.pdf"');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Life after school: results report');
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Life after school');
    expect(text).toContain('Do you take part in a club?');
    expect(text).toContain('66.7% ±');
    // Each chart on a 0–100% axis states its base (issue 26).
    expect(text).toContain('Base: 12 teens answered');
    expect(text).toContain('100%');
    expect(text).toContain('Methodology');
    expect(text).toContain('Groups under 5 are not shown');
    expect(text).not.toContain('Jordan');
  });

  it('names the audience and the filters in words', () => {
    expect(
      audienceDescription({
        ageMin: 13,
        ageMax: 17,
        genders: ['female', 'male'],
        states: [],
        regions: ['south', 'west'],
        sampleSize: 200,
        quotas: [],
      }),
    ).toBe('US teens aged 13–17; girls and boys; in the South and West.');
    expect(
      filterDescriptions({ ageMin: 13, ageMax: 15, gender: 'female', answer: `${club.id}:yes` }, questions),
    ).toEqual(['Ages 13–15', 'Girls', 'Answered “Yes” to Q1']);
  });
});

describe('share links', () => {
  const links = () => `/v2/surveys/${survey.id}/share-links`;

  it('are only for released results', async () => {
    const res = await call(viewer, 'POST', links(), { expiresInDays: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RESULTS_NOT_RELEASED');
    expect((await call(viewer, 'GET', links())).json().data).toEqual([]);
  });

  it('are created with a token shown once, listed without it, and opened without a session', async () => {
    await releaseResults();
    const created = await call(viewer, 'POST', links(), { expiresInDays: 30, label: '  School board  ' });
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json().data;
    expect(link).toMatchObject({ label: 'School board', status: 'active', viewCount: 0, revokedAt: null });
    expect(link.createdByName).toBeTruthy();
    expect(link.token).toMatch(TOKEN_PATTERN);
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);

    // Only the token's sha256 is kept.
    const [stored] = await t.app.database.db
      .select()
      .from(resultShareLinks)
      .where(eq(resultShareLinks.id, link.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const listed = await call(viewer, 'GET', links());
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(link.token);
    expect(listed.json().data[0]).toMatchObject({ id: link.id, label: 'School board', status: 'active' });
    expect(listed.json().data[0]).not.toHaveProperty('token');

    const shared = await call(null, 'GET', `/v2/shared-results/${link.token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.headers['cache-control']).toBe('no-store');
    expect(shared.headers['x-robots-tag']).toContain('noindex');
    const report = shared.json().data;
    expect(report.survey.name).toBe('Life after school');
    expect(report.expiresAt).toBe(link.expiresAt);
    // No written answer, no group under 5, nobody's name.
    expect(shared.body).not.toContain(SECRET_TEXT);
    expect(shared.body).not.toContain('"texts"');
    expect(shared.body).not.toContain(demoAccounts.northsideMember.email);
    expect(shared.body).not.toContain(link.createdByName);
    for (const q of report.questions) {
      // Every group shown has at least 5 teens; a hidden one shows no count at all.
      expect(q.answered === null || q.answered >= 5).toBe(true);
      if (q.answered === null) expect([...q.options, ...q.distribution, ...q.matrix]).toEqual([]);
    }
    expect(report.questions.find((q: { questionId: string }) => q.questionId === rare.id)).toMatchObject({
      suppressed: true,
      answered: null,
      options: [],
    });

    const after = (await call(viewer, 'GET', links())).json().data[0];
    expect(after.viewCount).toBe(1);
    expect(after.lastViewedAt).not.toBeNull();
  });

  it('answer the same 404 for an unknown, a malformed, an expired and a revoked token', async () => {
    const first = (await call(viewer, 'POST', links(), { expiresInDays: 7 })).json().data;
    const second = (await call(viewer, 'POST', links(), { expiresInDays: 90, label: null })).json().data;
    await t.app.database.db
      .update(resultShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resultShareLinks.id, first.id));
    const revoked = await call(viewer, 'DELETE', `${links()}/${second.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ id: second.id, status: 'revoked' });

    const answers = await Promise.all(
      [first.token, second.token, 'x'.repeat(43), 'not-a-token', '%00'].map((token) =>
        call(null, 'GET', `/v2/shared-results/${token}`),
      ),
    );
    const [expired, gone, unknown, malformed] = answers;
    for (const res of [expired, gone, unknown, malformed]) {
      expect(res!.statusCode).toBe(404);
      expect(res!.json().message).toBe(expired!.json().message);
      expect(res!.headers['cache-control']).toBe('no-store');
    }
    expect(expired!.json().message).toMatch(/not available/);

    const statuses = Object.fromEntries(
      (await call(viewer, 'GET', links()))
        .json()
        .data.map((l: { id: string; status: string }) => [l.id, l.status]),
    );
    expect(statuses[first.id]).toBe('expired');
    expect(statuses[second.id]).toBe('revoked');
    // Revoking again changes nothing.
    const again = await call(viewer, 'DELETE', `${links()}/${second.id}`);
    expect(again.json().data.revokedAt).toBe(revoked.json().data.revokedAt);
  });

  it('refuse bad input with a message and change nothing', async () => {
    const before = (await call(viewer, 'GET', links())).json().data.length;
    for (const body of [
      { expiresInDays: 10 },
      { expiresInDays: 7, label: 'x'.repeat(121) },
      { expiresInDays: 1e30 },
      {},
    ]) {
      const res = await call(viewer, 'POST', links(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await call(viewer, 'DELETE', `${links()}/not-a-uuid`)).statusCode).toBe(400);
    expect((await call(viewer, 'DELETE', `${links()}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', links())).json().data.length).toBe(before);
  });

  it('hide another organization’s survey (404) and its links', async () => {
    const link = (await call(viewer, 'POST', links(), { expiresInDays: 7 })).json().data;
    expect((await call(otherOrganization, 'GET', links())).statusCode).toBe(404);
    expect((await call(otherOrganization, 'POST', links(), { expiresInDays: 7 })).statusCode).toBe(404);
    expect((await call(otherOrganization, 'DELETE', `${links()}/${link.id}`)).statusCode).toBe(404);
    expect(
      (await call(otherOrganization, 'GET', `/v2/surveys/${survey.id}/results/report.pdf`)).statusCode,
    ).toBe(404);
    // A link id of this survey under another survey's address is not found either.
    const other = await liveSurvey(t.app, [question('Another question?')]);
    expect(
      (await call(other.author, 'DELETE', `/v2/surveys/${other.id}/share-links/${link.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(viewer, 'GET', links())).json().data.find((l: { id: string }) => l.id === link.id).status,
    ).toBe('active');
  });

  it('stop working when the survey is archived', async () => {
    const link = (await call(viewer, 'POST', links(), { expiresInDays: 7 })).json().data;
    expect((await call(null, 'GET', `/v2/shared-results/${link.token}`)).statusCode).toBe(200);
    const archived = await call(viewer, 'POST', `/v2/surveys/${survey.id}/transitions`, {
      action: 'archive',
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await call(null, 'GET', `/v2/shared-results/${link.token}`)).statusCode).toBe(404);
  });

  it('keep the shared page out of search engines', async () => {
    const page = await call(null, 'GET', '/shared/results/some-token');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    // The token in the address never goes to another site as a referrer.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('share link status', () => {
  it('is revoked, expired or active, in that order', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(statusOf({ revokedAt: now, expiresAt: new Date('2027-01-01') }, now)).toBe('revoked');
    expect(statusOf({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(statusOf({ revokedAt: null, expiresAt: new Date('2026-05-02') }, now)).toBe('active');
    expect(hashToken('abc')).toHaveLength(64);
  });
});
