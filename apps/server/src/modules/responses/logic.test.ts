import { randomUUID } from 'node:crypto';
import type { ConditionGroup } from '@tv/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../../db/schema/responses';
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
const submit = (surveyId: string, answers: Record<string, unknown>, extra: object = {}) =>
  submitAsPage(t.app, surveyId, { clientResponseId: randomUUID(), screener, answers, ...extra });
const when = (questionId: string, value: string): ConditionGroup => ({
  match: 'all',
  conditions: [{ questionId, operator: 'equals', value }],
});
const stored = async (surveyId: string) =>
  t.app.database.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId));

describe('logic at submission (decision 029)', () => {
  it('follows skips: a question skipped past is neither required nor kept', async () => {
    const club = question('Do you take part in a club?');
    const which = question('Which club?', { type: 'short_text', options: [] });
    const last = question('Would you recommend it?');
    club.skipLogic = [{ when: when(club.id, 'no'), to: last.id }];
    const survey = await liveSurvey(t.app, [club, which, last]);

    const skipped = await submit(survey.id, { [club.id]: 'no', [which.id]: 'Chess', [last.id]: 'yes' });
    expect(skipped.json().data.outcome).toBe('completed');
    const [row] = await stored(survey.id);
    expect(row!.answers).toEqual({ [club.id]: 'no', [last.id]: 'yes' });

    // Not skipped: the required question in between must be answered.
    const missing = await submit(survey.id, { [club.id]: 'yes', [last.id]: 'yes' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields[which.id]).toEqual(['Please answer this question.']);
  });

  it('screens out on an answer, keeping no answers and counting nothing toward the sample', async () => {
    const phone = question('Do you have a phone of your own?');
    phone.screenOut = when(phone.id, 'no');
    const more = question('How many hours a day do you use it?', { type: 'number', options: [] });
    const survey = await liveSurvey(t.app, [phone, more]);
    const res = await submit(survey.id, { [phone.id]: 'no' });
    expect(res.json().data.outcome).toBe('screened_out');
    const rows = await stored(survey.id);
    expect(rows.map((r) => [r.status, r.answers])).toEqual([['screened_out', {}]]);
  });

  it('keeps an “other” text only with its option, and asks for it when the option is chosen', async () => {
    const sport = question('Which sport do you play most?', {
      options: [
        { id: 'soccer', label: 'Soccer' },
        { id: 'other', label: 'Something else', other: true },
      ],
    });
    const survey = await liveSurvey(t.app, [sport]);
    const without = await submit(survey.id, { [sport.id]: 'other' });
    expect(without.statusCode).toBe(400);
    expect(without.json().data.fields[`${sport.id}.other`]).toEqual([
      'Tell us what “Something else” means for you.',
    ]);
    expect(await stored(survey.id)).toHaveLength(0);

    const ok = await submit(survey.id, { [sport.id]: 'other', [`${sport.id}.other`]: '  Fencing ' });
    expect(ok.json().data.outcome).toBe('completed');
    const [row] = await stored(survey.id);
    expect(row!.answers).toEqual({ [sport.id]: 'other', [`${sport.id}.other`]: 'Fencing' });

    // The download carries the words in their own column, redacted like any written answer.
    await submit(survey.id, { [sport.id]: 'other', [`${sport.id}.other`]: 'Call me on 555-123-4567' });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/export.csv?weighted=false`,
      headers: { cookie: survey.author.header },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('Q1. Which sport do you play most? — Something else (please specify)');
    expect(lines.join('\n')).toContain('Fencing');
    expect(lines.join('\n')).not.toContain('555-123-4567');
  });

  it('records the order a respondent saw where the survey shuffles, and ignores anything else', async () => {
    const pets = question('Which pets do you have?', {
      type: 'multiple_choice',
      randomizeOptions: true,
      minSelections: 1,
      maxSelections: 2,
      options: [
        { id: 'cat', label: 'Cat' },
        { id: 'dog', label: 'Dog' },
        { id: 'fish', label: 'Fish' },
      ],
    });
    const survey = await liveSurvey(t.app, [pets]);
    const tooMany = await submit(survey.id, { [pets.id]: ['cat', 'dog', 'fish'] });
    expect(tooMany.json().data.fields[pets.id]).toEqual(['Choose at most 2 options.']);

    const presentation = { options: { [pets.id]: ['fish', 'cat', 'dog'] } };
    expect((await submit(survey.id, { [pets.id]: ['cat'] }, { presentation })).statusCode).toBe(200);
    const forged = { options: { [pets.id]: ['fish', 'fish', 'dog'] }, pages: { nope: ['x'] } };
    expect((await submit(survey.id, { [pets.id]: ['dog'] }, { presentation: forged })).statusCode).toBe(200);
    const rows = await t.app.database.db
      .select({ answers: surveyResponses.answers, presentation: surveyResponses.presentation })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, survey.id), eq(surveyResponses.status, 'completed')));
    expect(rows.map((r) => r.presentation).sort((a, b) => (a === null ? 1 : b === null ? -1 : 0))).toEqual([
      presentation,
      null,
    ]);
  });

  it('refuses to save logic that loops or looks forward, in the author’s words', async () => {
    const first = question('First');
    const second = question('Second');
    second.skipLogic = [{ when: when(second.id, 'yes'), to: first.id }];
    await expect(liveSurvey(t.app, [first, second])).rejects.toThrow(/skip rule must go to a later item/);
    const ahead = question('Ahead', { displayLogic: when(second.id, 'yes') });
    await expect(liveSurvey(t.app, [ahead, question('Second')])).rejects.toThrow(/earlier question/);
  });

  it('serves text blocks and page breaks to respondents but needs no answer to them', async () => {
    const intro = question('A few questions about sleep', {
      type: 'text_block',
      options: [],
      description: 'There are no right answers.',
    });
    const pageBreak = question('Page 2', { type: 'page_break', options: [], randomizeQuestions: true });
    const hours = question('How many hours do you sleep on a school night?', { type: 'number', options: [] });
    const survey = await liveSurvey(t.app, [intro, hours, pageBreak, question('Do you nap?')]);
    const served = (await t.app.inject({ method: 'GET', url: `/v2/respond/${survey.id}` })).json().data;
    expect(served.questions.map((q: { type: string }) => q.type)).toEqual([
      'text_block',
      'number',
      'page_break',
      'single_choice',
    ]);
    expect(served.questions[2].randomizeQuestions).toBe(true);
    const napId = served.questions[3].id;
    const res = await submit(survey.id, { [hours.id]: 8, [napId]: 'no' });
    expect(res.json().data.outcome).toBe('completed');
  });
});

describe('nested logic at submission (decision 047)', () => {
  it('walks nested groups and the new operators as the respondent page does', async () => {
    const sport = question('Do you play a sport?');
    const hours = question('How many hours a week do you train?', {
      type: 'number',
      required: false,
      options: [],
      scale: { min: 0, max: 40, minLabel: null, maxLabel: null },
    });
    // (plays a sport, or trains 5 to 40 hours) and the hours were answered
    const like = question('What do you like most about it?', {
      type: 'short_text',
      options: [],
      displayLogic: {
        match: 'all',
        conditions: [
          {
            match: 'any',
            conditions: [
              { questionId: sport.id, operator: 'equals', value: 'yes' },
              { questionId: hours.id, operator: 'between', value: 5, max: 40 },
            ],
          },
          { questionId: hours.id, operator: 'answered' },
        ],
      },
      // Words that end the survey early, whatever their case.
      skipLogic: [
        {
          when: { match: 'all', conditions: [{ questionId: 'self', operator: 'contains', value: 'quit' }] },
          to: 'end',
        },
      ],
    });
    like.skipLogic![0]!.when.conditions[0] = { questionId: like.id, operator: 'contains', value: 'quit' };
    const again = question('Would you do it again?', {
      screenOut: {
        match: 'all',
        conditions: [{ questionId: sport.id, operator: 'none_of', value: ['yes', 'no'] }],
      },
    });
    const survey = await liveSurvey(t.app, [sport, hours, like, again]);

    // Hidden (no sport, 2 hours): its answer is dropped, not required.
    const hidden = await submit(survey.id, {
      [sport.id]: 'no',
      [hours.id]: 2,
      [like.id]: 'x',
      [again.id]: 'no',
    });
    expect(hidden.json().data.outcome).toBe('completed');
    // Shown through the inner OR (no sport, but 10 hours): now required.
    const missing = await submit(survey.id, { [sport.id]: 'no', [hours.id]: 10, [again.id]: 'yes' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().data.fields)).toEqual([like.id]);
    // Not shown when the hours were left blank, even for a teen who plays.
    const blank = await submit(survey.id, { [sport.id]: 'yes', [like.id]: 'Team', [again.id]: 'yes' });
    expect(blank.json().data.outcome).toBe('completed');
    // 'contains' skips to the end: the last required question is not asked.
    const ended = await submit(survey.id, { [sport.id]: 'yes', [hours.id]: 3, [like.id]: 'I want to QUIT' });
    expect(ended.json().data.outcome).toBe('completed');

    const rows = await stored(survey.id);
    expect(rows.map((row) => row.answers)).toEqual(
      expect.arrayContaining([
        { [sport.id]: 'no', [hours.id]: 2, [again.id]: 'no' },
        { [sport.id]: 'yes', [again.id]: 'yes' },
        { [sport.id]: 'yes', [hours.id]: 3, [like.id]: 'I want to QUIT' },
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('a save refuses a group inside a group inside a rule, in words', async () => {
    const sport = question('Do you play a sport?');
    const deep = question('Why not?', {
      displayLogic: {
        match: 'all',
        conditions: [
          {
            match: 'any',
            conditions: [
              { match: 'all', conditions: [{ questionId: sport.id, operator: 'equals', value: 'no' }] },
            ],
          },
        ],
      } as unknown as ConditionGroup,
    });
    await expect(liveSurvey(t.app, [sport, deep])).rejects.toThrow(
      /a group holds conditions only \(groups nest one level deep\)/,
    );
  });
});
