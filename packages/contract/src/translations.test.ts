import { describe, expect, it } from 'vitest';
import { answerProblem, precheckSurvey } from './survey-rules';
import { QUESTION_TITLE_MAX, type Question, SURVEY_NAME_MAX } from './surveys';
import {
  answerMessageIn,
  localizeQuestions,
  localizeSurveyTexts,
  offeredLanguages,
  pruneTranslations,
  TRANSLATION_LIMITS,
  translationGaps,
  translationProgress,
  withTranslatedText,
} from './translation-rules';
import { surveyTranslationsSchema } from './translations';

const base = {
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
  description: null,
};
const questions: Question[] = [
  {
    ...base,
    id: 'q1',
    type: 'single_choice',
    title: 'How do you get to school?',
    description: 'Pick the one you use most.',
    options: [
      { id: 'walk', label: 'Walk' },
      { id: 'bus', label: 'Bus' },
    ],
  },
  {
    ...base,
    id: 'q2',
    type: 'likert_matrix',
    title: 'How much do you agree?',
    options: [
      { id: 'agree', label: 'Agree' },
      { id: 'disagree', label: 'Disagree' },
    ],
    rows: [{ id: 'r1', label: 'School is fun' }],
  },
  {
    ...base,
    id: 'q3',
    type: 'rating',
    title: 'How was your day?',
    scale: { min: 1, max: 5, minLabel: 'Bad', maxLabel: null },
  },
];
const survey = { name: 'Getting around', description: null, questions };

const complete = {
  es: {
    name: 'Cómo te mueves',
    questions: {
      q1: {
        title: '¿Cómo llegas a la escuela?',
        description: 'Elige la que más usas.',
        options: { walk: 'Caminando', bus: 'En autobús' },
      },
      q2: {
        title: '¿Qué tan de acuerdo estás?',
        options: { agree: 'De acuerdo', disagree: 'En desacuerdo' },
        rows: { r1: 'La escuela es divertida' },
      },
      q3: { title: '¿Cómo estuvo tu día?', minLabel: 'Mal' },
    },
  },
};

describe('translationGaps', () => {
  it('lists every text a respondent reads, and nothing for blank English texts', () => {
    const gaps = translationGaps(survey, {});
    // name, q1 title + description + 2 options, q2 title + 2 columns + 1 row, q3 title + min label.
    expect(gaps).toHaveLength(11);
    expect(gaps.map((g) => g.key)).toContain('q:q1:option:bus');
    expect(gaps.some((g) => g.field === 'description' && g.questionId === null)).toBe(false);
    expect(gaps.some((g) => g.field === 'maxLabel')).toBe(false);
  });

  it('counts a blank translation as missing and reports progress', () => {
    const partial = withTranslatedText(
      withTranslatedText({}, { field: 'name', questionId: null, itemId: null }, 'Cómo te mueves'),
      { field: 'option', questionId: 'q1', itemId: 'walk' },
      '   ',
    );
    expect(translationGaps(survey, partial)).toHaveLength(10);
    expect(translationProgress(survey, partial)).toEqual({
      translated: 1,
      total: 11,
      started: true,
      complete: false,
    });
    expect(translationGaps(survey, complete)).toEqual([]);
    expect(translationProgress(survey, complete).complete).toBe(true);
  });

  it('offers Spanish only when the version is complete', () => {
    expect(offeredLanguages(survey, {})).toEqual(['en']);
    expect(offeredLanguages(survey, { es: { name: 'Cómo te mueves' } })).toEqual(['en']);
    expect(offeredLanguages(survey, complete)).toEqual(['en', 'es']);
  });

  it('survives stored values of the wrong shape', () => {
    expect(translationGaps(survey, null)).toHaveLength(11);
    expect(translationGaps(survey, { es: 'nope' })).toHaveLength(11);
    expect(translationGaps(survey, { es: { questions: { q1: { options: 'x' } } } })).toHaveLength(11);
  });
});

describe('localizeQuestions', () => {
  it('uses each Spanish text where there is one and English per text where not', () => {
    const partial = {
      es: { questions: { q1: { title: '¿Cómo llegas a la escuela?', options: { bus: 'En autobús' } } } },
    };
    const [q1, q2] = localizeQuestions(questions, partial, 'es');
    expect(q1!.title).toBe('¿Cómo llegas a la escuela?');
    expect(q1!.description).toBe('Pick the one you use most.');
    expect(q1!.options.map((o) => o.label)).toEqual(['Walk', 'En autobús']);
    expect(q1!.options.map((o) => o.id)).toEqual(['walk', 'bus']);
    expect(q2).toBe(questions[1]);
  });

  it('translates statements and scale labels, keeps ids and structure', () => {
    const [, q2, q3] = localizeQuestions(questions, complete, 'es');
    expect(q2!.rows).toEqual([{ id: 'r1', label: 'La escuela es divertida' }]);
    expect(q3!.scale).toEqual({ min: 1, max: 5, minLabel: 'Mal', maxLabel: null });
    expect(q3!.type).toBe('rating');
  });

  it('returns the English questions for English', () => {
    expect(localizeQuestions(questions, complete, 'en')).toEqual(questions);
    expect(localizeSurveyTexts(survey, complete, 'en').name).toBe('Getting around');
    expect(localizeSurveyTexts(survey, complete, 'es')).toEqual({
      name: 'Cómo te mueves',
      description: null,
    });
  });
});

describe('pruneTranslations', () => {
  it('keeps only texts of current questions and options, trimmed', () => {
    const pruned = pruneTranslations(survey, {
      es: {
        name: '  Cómo te mueves ',
        description: 'No English description, so nothing to translate',
        questions: {
          gone: { title: 'Borrada' },
          q1: { options: { walk: 'Caminando', old: 'Vieja' }, title: '' },
        },
      },
    });
    expect(pruned).toEqual({
      es: { name: 'Cómo te mueves', questions: { q1: { options: { walk: 'Caminando' } } } },
    });
    expect(pruneTranslations(survey, {})).toEqual({});
  });
});

describe('surveyTranslationsSchema', () => {
  it('has the English fields’ limits', () => {
    expect(TRANSLATION_LIMITS.name).toBe(SURVEY_NAME_MAX);
    expect(TRANSLATION_LIMITS.title).toBe(QUESTION_TITLE_MAX);
    const long = 'a'.repeat(QUESTION_TITLE_MAX + 1);
    const result = surveyTranslationsSchema.safeParse({ es: { questions: { q1: { title: long } } } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/at most 500 characters/);
    expect(surveyTranslationsSchema.safeParse(complete).success).toBe(true);
    expect(
      surveyTranslationsSchema.safeParse({ es: { questions: { q1: { options: { o: 5 } } } } }).success,
    ).toBe(false);
  });
});

describe('the pre-check of the Spanish version', () => {
  const check = (translations: unknown) =>
    precheckSurvey({ type: 'long_form', audience: null, ...survey, translations }).filter((f) =>
      /Spanish/.test(f.message),
    );

  it('warns while the Spanish version is started but incomplete', () => {
    expect(check({})).toEqual([]);
    const flags = check({ es: { name: 'Cómo te mueves' } });
    expect(flags).toEqual([
      {
        category: 'structure',
        severity: 'warning',
        questionId: null,
        message:
          'The Spanish version is incomplete: 10 texts are missing; respondents will only see English until it is complete.',
      },
    ]);
    expect(check(complete)).toEqual([]);
  });

  it('runs the safeguarding rules on Spanish texts, per question', () => {
    const risky = withTranslatedText(
      complete,
      { field: 'title', questionId: 'q2', itemId: null },
      '¿Cuál es tu nombre completo?',
    );
    const flags = check(risky);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ category: 'personal_data', severity: 'blocker', questionId: 'q2' });
  });
});

describe('answer messages in Spanish', () => {
  it('translates every message the answer check gives, with its numbers and labels', () => {
    const q = (patch: Partial<Question>): Question => ({
      ...base,
      id: 'x',
      type: 'short_text',
      title: 'T',
      ...patch,
    });
    const messages = [
      answerProblem(q({}), undefined),
      answerProblem(q({ type: 'single_choice', options: [{ id: 'a', label: 'A' }] }), 'zzz'),
      answerProblem(q({ type: 'multiple_choice', options: [{ id: 'a', label: 'A' }] }), ['zzz']),
      answerProblem(
        q({
          type: 'multiple_choice',
          options: [
            { id: 'a', label: 'A' },
            { id: 'n', label: 'Ninguna', exclusive: true },
          ],
        }),
        ['a', 'n'],
      ),
      answerProblem(
        q({
          type: 'ranking',
          options: [
            { id: 'a', label: 'A' },
            { id: 'b', label: 'B' },
          ],
        }),
        ['a'],
      ),
      answerProblem(q({ type: 'likert_matrix', rows: [{ id: 'r', label: 'R' }] }), 'x'),
      answerProblem(q({ type: 'number' }), 'abc'),
      answerProblem(q({ type: 'rating', scale: { min: 1, max: 5, minLabel: null, maxLabel: null } }), 9),
      answerProblem(q({ type: 'yes_no' }), 'maybe'),
      answerProblem(q({ type: 'short_text' }), 'a'.repeat(501)),
      answerProblem(q({ type: 'long_text' }), 'a'.repeat(5001)),
    ];
    for (const message of messages) {
      expect(message).toBeTypeOf('string');
      const spanish = answerMessageIn(message!, 'es');
      expect(spanish, message!).not.toBe(message);
    }
    expect(answerMessageIn('Choose a number from 1 to 5.', 'es')).toBe('Elige un número del 1 al 5.');
    expect(answerMessageIn(messages[3]!, 'es')).toMatch(/^“Ninguna” no se puede combinar/);
    expect(answerMessageIn('Please answer this question.', 'en')).toBe('Please answer this question.');
    expect(answerMessageIn('A brand new check.', 'es')).toBe('A brand new check.');
  });
});
