import { describe, expect, it } from 'vitest';
import { logicProblems, malformedPipeTokens, pipingInWords } from './survey-logic';
import { precheckSurvey } from './survey-rules';
import { defaultAudience, type Question } from './surveys';

const q = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title: `Question ${id}`,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'a', label: 'Apples' },
    { id: 'b', label: 'Bananas' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

describe('piping tokens read as words outside the respondent page', () => {
  const items = [q('intro', { type: 'text_block', options: [] }), q('fruit'), q('hours')];

  it('names the question by its number in the list given, in English and in Spanish', () => {
    expect(pipingInWords('Why {{answer:fruit}} for {{ answer:hours }} hours?', items)).toBe(
      'Why [answer to Q2] for [answer to Q3] hours?',
    );
    expect(pipingInWords('¿Por qué {{answer:fruit}}?', items, 'es')).toBe('¿Por qué [respuesta a P2]?');
  });

  it('says so when the token points to no question, and leaves other text alone', () => {
    expect(pipingInWords('You said {{answer:gone}}.', items)).toBe(
      'You said [answer to a question that is not in the survey].',
    );
    expect(pipingInWords('Dijiste {{answer:gone}}.', items, 'es')).toBe(
      'Dijiste [respuesta a una pregunta que no está en la encuesta].',
    );
    expect(pipingInWords('No tokens {here}', items)).toBe('No tokens {here}');
  });

  it('finds malformed tokens', () => {
    expect(malformedPipeTokens('a {{answer:}} b {{answer: Q 3}} c {{answer:fruit}}')).toEqual([
      '{{answer:}}',
      '{{answer: Q 3}}',
    ]);
  });
});

describe('the pre-check flags piping that cannot work', () => {
  const messages = (items: Question[], translations?: unknown) =>
    logicProblems(items, translations).map((p) => p.message);
  const pages = (...items: Question[]) =>
    items.flatMap((item, i) =>
      i === 0 ? [item] : [q(`break-${i}`, { type: 'page_break', options: [] }), item],
    );

  it('accepts a token to a question on an earlier page', () => {
    expect(messages(pages(q('fruit'), q('why', { title: 'Why {{answer:fruit}}?' })))).toEqual([]);
  });

  it('flags a token to a later question', () => {
    const items = pages(q('why', { title: 'Why {{answer:fruit}}?' }), q('fruit'));
    expect(messages(items)).toEqual([
      'Question 1: Its text pipes in the answer to question 3, which comes later; pipe only answers to questions on an earlier page.',
    ]);
  });

  it('flags a token to a deleted or non-existent question, in the help text too', () => {
    const items = pages(
      q('fruit'),
      q('why', { title: 'Why?', description: 'You said {{answer:deleted-id}}' }),
    );
    expect(messages(items)).toEqual([
      'Question 3: Its help text pipes in an answer to a question that is not in this survey (it was deleted, or the token was mistyped). Remove it and use “Insert an earlier answer” instead.',
    ]);
  });

  it('flags a malformed token', () => {
    const items = pages(q('fruit'), q('why', { title: 'Why {{answer: fruit question}}?' }));
    expect(messages(items)).toEqual([
      'Question 3: Its text has a piped answer that cannot be read: “{{answer: fruit question}}”. Remove it and use “Insert an earlier answer” instead.',
    ]);
  });

  it('checks the Spanish version’s texts, and the survey pre-check shows it', () => {
    const items = pages(q('fruit'), q('why', { title: 'Why {{answer:fruit}}?' }));
    const translations = { es: { questions: { why: { title: '¿Por qué {{answer:nowhere}}?' } } } };
    expect(messages(items, translations)).toEqual([
      'Question 3: Its Spanish text pipes in an answer to a question that is not in this survey (it was deleted, or the token was mistyped). Remove it and use “Insert an earlier answer” instead.',
    ]);
    const flags = precheckSurvey({
      type: 'long_form',
      name: 'Fruit',
      description: null,
      questions: items,
      audience: defaultAudience,
      translations,
    });
    expect(flags.filter((f) => f.questionId === 'why').map((f) => f.message)).toContain(
      messages(items, translations)[0],
    );
  });
});
