import { randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../../db/schema/responses';
import { surveys } from '../../db/schema/surveys';
import { createTestApp, type TestApp } from '../../test/app';
import { pageTexts } from '../../test/pdf-text';
import { liveSurvey, question } from '../../test/surveys';
import { foldSurveyAll } from './aggregates';

/**
 * The methodology states what was done to the view it describes: each of its sentences is checked
 * against responses stored with known flags, exclusions, simulation and answers. Rows are written
 * directly, so the facts are exactly those below whatever the ingestion checks decide.
 */

let t: TestApp;
let author = '';

const club = question('Do you take part in a club?');
/** Answered by 3 counted teens only: the question is hidden. */
const instrument = question('Which instrument do you play?', {
  required: false,
  options: [
    { id: 'drums', label: 'Drums' },
    { id: 'violin', label: 'Violin' },
  ],
});
/** Its second statement is answered by 3 counted teens: its 2 cells are hidden. */
const statements = question('How much do you agree?', {
  type: 'likert_matrix',
  required: false,
  options: [
    { id: 'agree', label: 'Agree' },
    { id: 'disagree', label: 'Disagree' },
  ],
  rows: [
    { id: 'safe', label: 'I feel safe' },
    { id: 'heard', label: 'I feel heard' },
  ],
});
const idea = question('One idea for us?', { type: 'short_text', options: [], required: false });
const questions: Question[] = [club, instrument, statements, idea];

interface Row {
  flags?: string[];
  excluded?: boolean;
  /** Excluded by a reviewer (with a reviewer's reason) rather than held on arrival. */
  simulated?: boolean;
  /** Answers the questions that hide small groups. */
  rare?: boolean;
}

const many = (n: number, row: Row = {}): Row[] => Array.from({ length: n }, () => ({ ...row }));

/** Stores completed responses as described and sets the survey's sample count and status. */
async function store(surveyId: string, rows: Row[], options: { inSample: number; status: string }) {
  const db = t.app.database.db;
  await db.insert(surveyResponses).values(
    rows.map((row, i) => ({
      surveyId,
      clientResponseId: randomUUID(),
      status: 'completed' as const,
      age: 13 + (i % 7),
      gender: i % 2 ? 'male' : 'female',
      state: i % 3 ? 'CA' : 'NY',
      region: i % 3 ? 'west' : 'northeast',
      answers: {
        [club.id]: i % 3 ? 'yes' : 'no',
        [statements.id]: row.rare
          ? { safe: 'agree', heard: 'agree' }
          : ({ safe: i % 4 ? 'agree' : 'disagree' } as Record<string, string>),
        ...(row.rare ? { [instrument.id]: 'drums', [idea.id]: 'More music' } : {}),
      },
      durationSeconds: row.flags?.includes('speeder') ? 20 : 300,
      completedAt: new Date(Date.UTC(2026, 2, 3 + (i % 3), 12)),
      qualityFlags: row.flags ?? [],
      excluded: row.excluded ?? false,
      excludedReason: row.excluded ? 'Checked in the quality review' : null,
      simulated: row.simulated ?? false,
    })),
  );
  await db
    .update(surveys)
    .set({ completedCount: options.inSample, status: options.status as 'complete' })
    .where(eq(surveys.id, surveyId));
}

/**
 * Survey A, the reported bug: 100 real responses of which 72 are flagged speeders that nobody
 * excluded, and 20 simulated ones (3 of them speeders). No audience, so nothing is weighted.
 */
const surveyA = {
  id: '',
  rows: [
    ...many(72, { flags: ['speeder'] }),
    ...many(3, { rare: true }),
    ...many(25),
    ...many(3, { simulated: true, flags: ['speeder'] }),
    ...many(17, { simulated: true }),
  ],
};

/**
 * Survey B: 40 real responses. Speeders 4 kept and 2 excluded; 5 straight-liners excluded; 3
 * duplicates kept; one speeder and duplicate excluded; 2 excluded without a flag; 3 duplicates held
 * on arrival (excluded, taking no place in the sample); 3 clean ones answering the rare questions; 17
 * clean ones. Weighted to the Census margins (an audience survey).
 */
const surveyB = {
  id: '',
  rows: [
    ...many(4, { flags: ['speeder'] }),
    ...many(2, { flags: ['speeder'], excluded: true }),
    ...many(5, { flags: ['straight_liner'], excluded: true }),
    ...many(3, { flags: ['duplicate'] }),
    ...many(1, { flags: ['speeder', 'duplicate'], excluded: true }),
    ...many(2, { excluded: true }),
    ...many(3, { flags: ['duplicate'], excluded: true }),
    ...many(3, { rare: true }),
    ...many(17),
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await liveSurvey(t.app, questions);
  surveyA.id = a.id;
  await store(a.id, surveyA.rows, { inSample: 120, status: 'complete' });
  await t.app.database.db.update(surveys).set({ audience: null }).where(eq(surveys.id, a.id));
  const b = await liveSurvey(t.app, questions);
  surveyB.id = b.id;
  // 40 received, 3 of them held on arrival: 37 places taken.
  await store(b.id, surveyB.rows, { inSample: 37, status: 'in_review' });
  author = a.author.header;
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: author } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

interface Methodology {
  sample: string;
  quality: string;
  weighting: { applied: boolean; description: string };
  disclosure: string;
  textAnswers: string;
  [key: string]: unknown;
}

/** Every sentence the methodology states, in order. */
const sentencesOf = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z0-9])/).filter(Boolean);
const allSentences = (m: Methodology) =>
  Object.values(m)
    .filter((value): value is string => typeof value === 'string')
    .concat(m.weighting.description)
    .flatMap(sentencesOf);

/** The text of a PDF's pages, joined (test/pdf-text.ts). */
const pdfText = async (bytes: Buffer) => (await pageTexts(bytes)).join('\n');

const RULE_SENTENCES = [
  'Results are shown only for groups of at least 5 respondents.',
  'A filter is refused when its group, or what is left when it is subtracted from another view, has fewer than 5.',
];

describe('the sample as fieldwork counts it, beside what the results count', () => {
  it('counts simulated responses into the sample and says the default view leaves them out', async () => {
    const summary = await get(`/v2/surveys/${surveyA.id}/results/summary`);
    expect(summary.fieldwork).toEqual({
      inSample: 120,
      received: 120,
      counted: 100,
      simulatedCounted: 0,
      simulatedLeftOut: 20,
      excludedLeftOut: 0,
      heldOnArrival: 0,
    });
    expect(summary.totals.responses).toBe(summary.fieldwork.counted);
    const all = await get(`/v2/surveys/${surveyA.id}/results/summary?includeSimulated=true`);
    expect(all.fieldwork).toMatchObject({ counted: 120, simulatedCounted: 20, simulatedLeftOut: 0 });
    expect(all.totals.responses).toBe(120);
  });

  it('explains excluded responses and those held on arrival, from the aggregates as from the tail', async () => {
    const expected = {
      inSample: 37,
      received: 40,
      counted: 27,
      simulatedCounted: 0,
      simulatedLeftOut: 0,
      excludedLeftOut: 13,
      heldOnArrival: 3,
    };
    const before = await get(`/v2/surveys/${surveyB.id}/results/summary`);
    expect(before.fieldwork).toEqual(expected);
    expect(before.totals.responses).toBe(27);
    await foldSurveyAll(t.app.database.db, surveyB.id);
    expect((await get(`/v2/surveys/${surveyB.id}/results/summary`)).fieldwork).toEqual(expected);
  });
});

describe('the methodology states what was done', () => {
  it('keeps flagged speeders counted and never says they were excluded', async () => {
    const report = await get(`/v2/surveys/${surveyA.id}/results/report`);
    const m: Methodology = report.methodology;
    expect(sentencesOf(m.sample)).toEqual([
      '100 completed responses are counted in these results.',
      'Of the 120 completed responses received, 20 simulated test responses are left out.',
    ]);
    expect(sentencesOf(m.quality)).toEqual([
      'The quality checks flagged 72 responses.',
      'Speeders: 72, all counted.',
    ]);
    expect(m.weighting).toEqual({
      applied: false,
      description: 'Percentages are unweighted: each is the share of the teens who answered the question.',
    });
    expect(sentencesOf(m.disclosure)).toEqual([
      ...RULE_SENTENCES,
      'Groups under 5 are not shown: in this report, 1 question and 2 figures within shown questions are hidden.',
    ]);
    expect(sentencesOf(m.textAnswers)).toEqual([
      'Written (open-text) answers are not part of this report: a teen could be recognized from what they wrote.',
      '1 written-answer question is left out.',
    ]);
    // Nothing was excluded, so no sentence says anything was.
    for (const sentence of allSentences(m)) expect(sentence).not.toMatch(/exclu|removed|discarded/i);
    expect(report.methodology.facts).toMatchObject({
      fieldwork: { counted: 100, simulatedLeftOut: 20, excludedLeftOut: 0 },
      simulatedIncluded: false,
      flagged: {
        responses: 72,
        excluded: 0,
        counted: 72,
        byFlag: [{ flag: 'speeder', responses: 72, excluded: 0, counted: 72 }],
      },
      excludedUnflagged: 0,
      weighting: { applied: false, targets: null },
      hidden: { group: false, questions: 1, figures: 2 },
      textQuestionsLeftOut: 1,
    });
  });

  it('says simulated responses are included, and counts their flags, when the view asks for them', async () => {
    const m: Methodology = (await get(`/v2/surveys/${surveyA.id}/results/report?includeSimulated=true`))
      .methodology;
    expect(sentencesOf(m.sample)).toEqual([
      '120 completed responses are counted in these results.',
      '20 of the counted responses are simulated test responses, included because this view asks for them.',
    ]);
    expect(sentencesOf(m.quality)).toEqual([
      'The quality checks flagged 75 responses.',
      'Speeders: 75, all counted.',
    ]);
    for (const sentence of allSentences(m)) expect(sentence).not.toMatch(/exclu|simulated.*left out/i);
  });

  it('states each flag type, what was excluded and kept, what was held, and how it was weighted', async () => {
    const m: Methodology = (await get(`/v2/surveys/${surveyB.id}/results/report`)).methodology;
    expect(sentencesOf(m.sample)).toEqual([
      '27 completed responses are counted in these results, out of a planned sample of 200.',
      'Of the 40 completed responses received, 13 excluded responses are left out.',
      '3 excluded responses were held for review on arrival and took no place in the sample.',
    ]);
    expect(sentencesOf(m.quality)).toEqual([
      'The quality checks flagged 18 responses.',
      'Speeders: 7, 4 counted and 3 excluded.',
      'Straight-liners: 5, all excluded.',
      'Duplicates: 7, 3 counted and 4 excluded.',
      'Of the 18 flagged responses, 11 were excluded and 7 are counted.',
      '2 responses without a quality flag were also excluded by a reviewer.',
    ]);
    const facts = m.facts as {
      weighting: { applied: boolean; targets: string; efficiency: number; effectiveBase: number };
    };
    expect(facts.weighting.applied).toBe(true);
    expect(facts.weighting.targets).toMatch(/^US teens 13–19 by age, gender and census region/);
    expect(m.weighting.applied).toBe(true);
    expect(m.weighting.description).toContain(
      `weighted by raking (iterative proportional fitting) to ${facts.weighting.targets} (weighting efficiency ${facts.weighting.efficiency}%, effective base ${Math.round(facts.weighting.effectiveBase)})`,
    );
    expect(sentencesOf(m.disclosure)).toEqual([
      ...RULE_SENTENCES,
      'Groups under 5 are not shown: in this report, 1 question and 2 figures within shown questions are hidden.',
    ]);
  });

  it('is the same in the PDF and in a shared report', async () => {
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${surveyA.id}/results/report.pdf`,
      headers: { cookie: author },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Quality review');
    expect(text).toContain('The quality checks flagged 72 responses. Speeders: 72, all counted.');
    expect(text).toContain('20 simulated test responses are left out.');
    expect(text).not.toMatch(/exclu/i);

    const report = await get(`/v2/surveys/${surveyB.id}/results/report`);

    await t.app.database.db
      .update(surveys)
      .set({ status: 'results_ready' })
      .where(eq(surveys.id, surveyB.id));
    const created = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${surveyB.id}/share-links`,
      headers: { cookie: author },
      payload: { expiresInDays: 7 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const shared = (
      await t.app.inject({ method: 'GET', url: `/v2/shared-results/${created.json().data.token}` })
    ).json().data;
    const { facts: _facts, ...stated } = report.methodology;
    const { facts: _sharedFacts, ...sharedStated } = shared.methodology;
    expect(sharedStated).toEqual(stated);
  });
});
