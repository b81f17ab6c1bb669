import { randomUUID } from 'node:crypto';
import { moderationChecklist, type Question, regionOf, type Survey, type Tracker } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../../db/schema/responses';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { compareWaves, matchQuestion, normalizeText } from './compare';

let t: TestApp;
let author: CookieJar;
let moderator: CookieJar;
let publisher: CookieJar;
let outsider: CookieJar;
const ORG = demoOrganizations.northside.id;

const volunteer = question('How often do you volunteer?', {
  options: [
    { id: 'often', label: 'Often' },
    { id: 'sometimes', label: 'Sometimes' },
    { id: 'never', label: 'Never' },
  ],
});
const club = question('Do you take part in a club?');
const idea = question('One idea for us?', { type: 'short_text', options: [], required: false });

const api = async (
  cookie: CookieJar,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie: cookie.header }, ...(payload ? { payload } : {}) });

async function step(cookie: CookieJar, url: string, payload: object) {
  const res = await api(cookie, 'POST', url, payload);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
}

/** Draft → in moderation → approved → live. */
async function makeLive(id: string) {
  await step(author, `/v2/surveys/${id}/transitions`, { action: 'submit' });
  await step(moderator, `/v2/surveys/${id}/moderation`, {
    decision: 'approve',
    checklist: Object.fromEntries(moderationChecklist.map((item) => [item.id, true])),
    reasons: [],
  });
  await step(publisher, `/v2/surveys/${id}/transitions`, { action: 'publish' });
}

/** Live → complete → in review → results released. */
async function release(id: string) {
  await step(author, `/v2/surveys/${id}/transitions`, { action: 'close' });
  await step(publisher, `/v2/surveys/${id}/transitions`, { action: 'start_review' });
  await step(publisher, `/v2/surveys/${id}/transitions`, { action: 'release_results' });
}

/** Completed responses written straight to the table: `answers` for each, in order. */
async function seedResponses(surveyId: string, answers: Record<string, unknown>[], excluded = false) {
  if (answers.length === 0) return;
  await t.app.database.db.insert(surveyResponses).values(
    answers.map((a, i) => ({
      surveyId,
      clientResponseId: randomUUID(),
      status: 'completed' as const,
      age: 13 + (i % 7),
      gender: i % 2 ? 'male' : 'female',
      state: 'CA',
      region: regionOf('CA')!,
      answers: a as never,
      durationSeconds: 240,
      startedAt: new Date(Date.now() - 240_000),
      excluded,
    })),
  );
}

const answersOf = (questionId: string, counts: Record<string, number>) =>
  Object.entries(counts).flatMap(([option, n]) =>
    Array.from({ length: n }, () => ({ [questionId]: option })),
  );

let wave1 = '';
let wave2 = '';
let wave3 = '';
let draftWave = '';
let otherOrgSurvey = '';
let tracker: Tracker;

beforeAll(async () => {
  t = await createTestApp();
  author = await signIn(t.app, demoAccounts.northsideMember.email);
  moderator = await signIn(t.app, demoAccounts.moderator.email);
  publisher = await signIn(t.app, demoAccounts.platformAdmin.email);
  outsider = await signIn(t.app, demoAccounts.brightpathMember.email);

  // Wave 1: 100 answers, Often 40 / Sometimes 45 / Never 15.
  wave1 = (await liveSurvey(t.app, [volunteer, club, idea])).id;
  await seedResponses(wave1, answersOf(volunteer.id, { often: 40, sometimes: 45, never: 15 }));
  await release(wave1);

  // Wave 2: the duplicate of wave 1 (same question ids), 100 answers, 62 / 28 / 10, and one excluded.
  const duplicated = await api(author, 'POST', `/v2/surveys/${wave1}/duplicate`);
  expect(duplicated.statusCode).toBe(200);
  wave2 = (duplicated.json().data as Survey).id;
  await makeLive(wave2);
  await seedResponses(wave2, answersOf(volunteer.id, { often: 62, sometimes: 28, never: 10 }));
  await seedResponses(wave2, answersOf(volunteer.id, { never: 1 }), true);
  await release(wave2);

  // Wave 3: the same question written differently (new ids, other case and spacing), 3 answers only.
  const retyped = question('  how often do you VOLUNTEER ', {
    options: [
      { id: 'a', label: 'often' },
      { id: 'b', label: 'Sometimes' },
      { id: 'c', label: 'Never' },
    ],
  });
  wave3 = (await liveSurvey(t.app, [retyped])).id;
  await seedResponses(wave3, answersOf(retyped.id, { a: 2, b: 1 }));
  await release(wave3);

  // A draft wave: results not released.
  draftWave = (await api(author, 'POST', `/v2/surveys/${wave1}/duplicate`)).json().data.id;

  otherOrgSurvey = (
    await t.app.inject({
      method: 'POST',
      url: '/v2/surveys',
      headers: { cookie: outsider.header, 'x-asa-organization-id': demoOrganizations.brightpath.id },
      payload: { type: 'long_form' },
    })
  ).json().data.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('trackers', () => {
  it('creates a tracker in the organization and lists it', async () => {
    const bad = await api(author, 'POST', `/v2/organizations/${ORG}/trackers`, { name: 'ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/at least 3 characters/);

    const res = await api(author, 'POST', `/v2/organizations/${ORG}/trackers`, {
      name: 'Volunteering pulse',
      description: 'Asked every spring and fall',
    });
    expect(res.statusCode).toBe(200);
    tracker = res.json().data;
    expect(tracker).toMatchObject({ name: 'Volunteering pulse', waveCount: 0, waves: [], questions: [] });

    const list = await api(author, 'GET', `/v2/organizations/${ORG}/trackers`);
    expect(list.json().data.map((row: Tracker) => row.id)).toContain(tracker.id);
  });

  it('keeps trackers from other organizations', async () => {
    expect((await api(outsider, 'GET', `/v2/trackers/${tracker.id}`)).statusCode).toBe(404);
    // Not a member: refused, as for the organisation's projects.
    expect((await api(outsider, 'GET', `/v2/organizations/${ORG}/trackers`)).statusCode).toBe(403);
    expect(
      (await api(outsider, 'POST', `/v2/organizations/${ORG}/trackers`, { name: 'Not mine' })).statusCode,
    ).toBe(403);
  });

  it('adds waves of the same organization only, once each', async () => {
    for (const [surveyId, label] of [
      [wave1, 'Spring 2026'],
      [wave2, 'Fall 2026'],
      [wave3, 'Spring 2027'],
      [draftWave, 'Fall 2027'],
    ] as const) {
      const res = await api(author, 'POST', `/v2/trackers/${tracker.id}/waves`, { surveyId, label });
      expect(res.statusCode, res.body).toBe(200);
      tracker = res.json().data;
    }
    expect(tracker.waves.map((w) => [w.label, w.resultsReleased])).toEqual([
      ['Spring 2026', true],
      ['Fall 2026', true],
      ['Spring 2027', true],
      ['Fall 2027', false],
    ]);
    expect(tracker.questions).toEqual([
      { id: volunteer.id, title: volunteer.title, type: 'single_choice', matchedWaves: 4 },
      { id: club.id, title: club.title, type: 'single_choice', matchedWaves: 3 },
    ]);

    const foreign = await api(author, 'POST', `/v2/trackers/${tracker.id}/waves`, {
      surveyId: otherOrgSurvey,
      label: 'Theirs',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('We could not find that survey.');

    const twice = await api(author, 'POST', `/v2/trackers/${tracker.id}/waves`, {
      surveyId: wave1,
      label: 'Again',
    });
    expect(twice.statusCode).toBe(409);

    const second = (
      await api(author, 'POST', `/v2/organizations/${ORG}/trackers`, { name: 'Another tracker' })
    ).json().data as Tracker;
    const elsewhere = await api(author, 'POST', `/v2/trackers/${second.id}/waves`, {
      surveyId: wave1,
      label: 'Spring',
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toContain('“Volunteering pulse”');

    const sameLabel = await api(author, 'PATCH', `/v2/trackers/${tracker.id}/waves/${wave2}`, {
      label: 'spring 2026',
    });
    expect(sameLabel.statusCode).toBe(400);

    const renamed = await api(author, 'PATCH', `/v2/trackers/${second.id}`, { name: 'Renamed tracker' });
    expect(renamed.json().data.name).toBe('Renamed tracker');
    expect((await api(author, 'DELETE', `/v2/trackers/${second.id}`)).statusCode).toBe(200);
    expect((await api(author, 'GET', `/v2/trackers/${second.id}`)).statusCode).toBe(404);
  });

  it('reorders and removes waves', async () => {
    const wrong = await api(author, 'PUT', `/v2/trackers/${tracker.id}/waves/order`, { surveyIds: [wave1] });
    expect(wrong.statusCode).toBe(400);
    const reordered = await api(author, 'PUT', `/v2/trackers/${tracker.id}/waves/order`, {
      surveyIds: [wave1, wave2, draftWave, wave3],
    });
    expect(reordered.json().data.waves.map((w: { label: string }) => w.label)).toEqual([
      'Spring 2026',
      'Fall 2026',
      'Fall 2027',
      'Spring 2027',
    ]);
    await api(author, 'PUT', `/v2/trackers/${tracker.id}/waves/order`, {
      surveyIds: [wave1, wave2, wave3, draftWave],
    });

    // A read-only member may look but not change.
    const viewer = await signIn(t.app, demoAccounts.moderator.email);
    expect((await api(viewer, 'GET', `/v2/trackers/${tracker.id}`)).statusCode).toBe(200);
    expect((await api(viewer, 'DELETE', `/v2/trackers/${tracker.id}/waves/${draftWave}`)).statusCode).toBe(
      403,
    );
  });

  it('compares a question across released waves with tests that match SciPy', async () => {
    const bad = await api(author, 'GET', `/v2/trackers/${tracker.id}/compare?question=${idea.id}`);
    expect(bad.statusCode).toBe(400);
    const missing = await api(author, 'GET', `/v2/trackers/${tracker.id}/compare?question=nope`);
    expect(missing.statusCode).toBe(400);

    // Unweighted, as SciPy counts them (the default follows the results page: see below).
    const res = await api(
      author,
      'GET',
      `/v2/trackers/${tracker.id}/compare?question=${volunteer.id}&weighted=false`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.weighting.weighted).toBe(false);
    expect(data.weighting.note).toMatch(/^Unweighted/);
    expect(data.options.map((o: { label: string }) => o.label)).toEqual(['Often', 'Sometimes', 'Never']);
    expect(data.tests.option).toMatch(/Two-proportion z-test/);
    expect(data.tests.distribution).toMatch(/chi-square/);

    const [first, second, third, fourth] = data.waves;
    expect(first).toMatchObject({
      label: 'Spring 2026',
      state: 'compared',
      base: 100,
      distributionTest: null,
    });
    expect(first.options.map((o: { percent: number }) => o.percent)).toEqual([40, 45, 15]);
    // 95% margin of error of 40% of 100: 1.959964 · √(0.4 · 0.6 / 100) = 0.0960 → 9.6 points.
    expect(first.options[0].marginOfError).toBe(9.6);

    // The excluded response is not counted: the base stays 100.
    expect(second).toMatchObject({ label: 'Fall 2026', state: 'compared', base: 100 });
    const [often, sometimes, never] = second.options;
    /*
     * Checked independently with SciPy 1.17.1 (python3):
     *   from scipy.stats import chi2_contingency, norm; import math
     *   chi2_contingency([[40,45,15],[62,28,10]], correction=False)
     *     → statistic 9.704002148804728, p 0.007812728046431808, dof 2
     *   z = (p2 − p1)/√(p̄(1 − p̄)(1/n1 + 1/n2)); 2·norm.sf(|z|)
     *     Often 40 → 62 of 100:     z = 3.11189227792669,    p = 0.0018589231718414455
     *     Sometimes 45 → 28 of 100: z = −2.4968970064402223, p = 0.012528533907346704
     *     Never 15 → 10 of 100:     z = −1.0690449676496971, p = 0.28504940740261286
     */
    expect(often.change).toMatchObject({
      versusLabel: 'Spring 2026',
      difference: 22,
      significant: true,
      direction: 'up',
    });
    expect(often.change.z).toBeCloseTo(3.11189227792669, 4);
    expect(often.change.pValue).toBeCloseTo(0.0018589231718414455, 8);
    expect(sometimes.change).toMatchObject({ difference: -17, significant: true, direction: 'down' });
    expect(sometimes.change.pValue).toBeCloseTo(0.012528533907346704, 8);
    expect(never.change).toMatchObject({ significant: false, direction: null });
    expect(never.change.pValue).toBeCloseTo(0.28504940740261286, 8);
    expect(second.distributionTest).toMatchObject({ versusLabel: 'Spring 2026', df: 2, significant: true });
    expect(second.distributionTest.statistic).toBeCloseTo(9.704002148804728, 4);
    expect(second.distributionTest.pValue).toBeCloseTo(0.007812728046431808, 8);

    // The retyped question matches, but 3 answers are under 5: nothing of it is shown.
    expect(third).toMatchObject({ label: 'Spring 2027', state: 'suppressed', base: null, options: [] });
    expect(third.note).toMatch(/fewer than 5/);
    expect(JSON.stringify(third)).not.toMatch(/"count":\s*[1-4]\b/);
    expect(fourth).toMatchObject({ label: 'Fall 2027', state: 'not_released', base: null, options: [] });
  });

  it('counts only waves whose results the caller may view', async () => {
    const res = await api(outsider, 'GET', `/v2/trackers/${tracker.id}/compare?question=${volunteer.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('matching questions across waves', () => {
  const base: Question = question('Do you feel safe at school?', { id: 'q1' });

  it('ignores case, spacing and punctuation at the ends, not the type or the scale', () => {
    expect(normalizeText('  Do you feel SAFE   at school? ')).toBe('do you feel safe at school');
    expect(matchQuestion(base, [question('do you feel safe at school', { id: 'x' })])?.id).toBe('x');
    expect(
      matchQuestion(base, [question('Do you feel safe at school?', { id: 'x', type: 'dropdown' })]),
    ).toBeNull();
    expect(matchQuestion(base, [question('Do you feel safe at home?', { id: 'x' })])).toBeNull();
    const rating = question('How safe?', {
      type: 'rating',
      options: [],
      scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
    });
    expect(
      matchQuestion(rating, [
        { ...rating, id: 'r', scale: { min: 1, max: 10, minLabel: null, maxLabel: null } },
      ]),
    ).toBeNull();
  });

  it('prefers the same id among identical texts', () => {
    const twins = [
      question('Do you feel safe at school?', { id: 'a' }),
      question('Do you feel safe at school?', { id: 'q1' }),
    ];
    expect(matchQuestion(base, twins)?.id).toBe('q1');
  });

  it('follows the results page’s weighting, and says so (issue 26)', async () => {
    // Wave 1 weighted to the researcher's own targets: 80% girls, so its shares move off the counts.
    const targets = await api(author, 'PUT', `/v2/surveys/${wave1}/weighting-targets`, {
      csv: 'attribute,value,percent\ngender,female,80\ngender,male,20',
    });
    expect(targets.statusCode, targets.body).toBe(200);
    const res = await api(author, 'GET', `/v2/trackers/${tracker.id}/compare?question=${volunteer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.weighting.weighted).toBe(true);
    expect(data.weighting.note).toMatch(/^Weighted, as on each wave’s results page/);
    for (const [index, surveyId] of [wave1, wave2].entries()) {
      const page = await api(author, 'GET', `/v2/surveys/${surveyId}/results/summary`);
      expect(page.statusCode, page.body).toBe(200);
      const summary = page.json().data;
      expect(summary.weighted).toBe(true);
      const result = summary.questions.find((q: { questionId: string }) => q.questionId === volunteer.id);
      const wave = data.waves[index];
      expect(wave).toMatchObject({ weighted: true, base: 100, effectiveBase: result.effectiveBase });
      // The same weighted percentages and margins as the wave's results page.
      expect(wave.options.map((o: { percent: number }) => o.percent)).toEqual(
        result.options.map((o: { percent: number }) => o.percent),
      );
      expect(wave.options.map((o: { marginOfError: number }) => o.marginOfError)).toEqual(
        result.options.map((o: { marginOfError: number }) => o.marginOfError),
      );
    }
    // Weighted, wave 1's shares are not its counts (40 / 45 / 15): Never had 7 girls and 8 boys.
    expect(data.waves[0].options.map((o: { percent: number }) => o.percent)).not.toEqual([40, 45, 15]);
    // By hand: girls weigh 0.8 / 0.5 = 1.6 and boys 0.2 / 0.5 = 0.4, so Never is (7 · 1.6 + 8 · 0.4) / 100.
    expect(data.waves[0].options[2].percent).toBe(14.4);
    expect(await api(author, 'DELETE', `/v2/surveys/${wave1}/weighting-targets`)).toMatchObject({
      statusCode: 200,
    });
    const bad = await api(
      author,
      'GET',
      `/v2/trackers/${tracker.id}/compare?question=${volunteer.id}&weighted=maybe`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('tests weighted waves on their effective bases', () => {
    const wave = (label: string, yes: number) => ({
      surveyId: randomUUID(),
      label,
      state: 'compared' as const,
      note: null,
      questionId: 'q1',
      questionTitle: 'Q',
      base: 100,
      weighted: true,
      effectiveBase: 50,
      entries: [
        { label: 'Yes', count: yes, percent: yes, marginOfError: null },
        { label: 'No', count: 100 - yes, percent: 100 - yes, marginOfError: null },
      ],
    });
    const { waves } = compareWaves(base, [wave('A', 40), wave('B', 60)]);
    // By hand: 40% → 60% on effective bases of 50: p̄ = 0.5, z = 0.2 / √(0.25 · (1/50 + 1/50)) = 2.0,
    // p = 2 · (1 − Φ(2)) = 0.0455003. On the 100 respondents it would be z = 2.83, p = 0.0047.
    const yes = waves[1]!.options[0]!.change!;
    expect(yes.z).toBeCloseTo(2, 4);
    expect(yes.pValue).toBeCloseTo(0.0455003, 6);
    expect(yes.difference).toBe(20);
    expect(waves[1]).toMatchObject({ weighted: true, effectiveBase: 50, base: 100 });
  });

  it('does not test waves under 30 answers, and skips waves without figures', () => {
    const wave = (
      label: string,
      base: number | null,
      yes: number,
      state: 'compared' | 'not_released' = 'compared',
    ) => ({
      surveyId: randomUUID(),
      label,
      state,
      note: null,
      questionId: 'q1',
      questionTitle: 'Q',
      base,
      entries:
        base === null
          ? []
          : [
              { label: 'Yes', count: yes, percent: null, marginOfError: null },
              { label: 'No', count: base - yes, percent: null, marginOfError: null },
            ],
    });
    const { waves } = compareWaves(base, [
      wave('A', 40, 10),
      wave('B', null, 0, 'not_released'),
      wave('C', 20, 15),
      wave('D', 200, 150),
    ]);
    expect(waves[2]!.notTestedReason).toMatch(/at least 30/);
    // D is tested against C, the previous wave shown; C has 20 answers, so D is not tested either.
    expect(waves[3]!.notTestedReason).toMatch(/against C/);
  });
});
