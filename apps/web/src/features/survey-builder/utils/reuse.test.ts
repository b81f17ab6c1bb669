import { QUESTIONNAIRE_FORMAT, type Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { answerFormat, insertBankQuestion, readQuestionnaireFile } from './reuse';

const question = (title: string, overrides: Partial<Question> = {}): Question => ({
  id: crypto.randomUUID(),
  type: 'single_choice',
  title,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

const document = (questions: unknown[]) =>
  JSON.stringify({
    format: QUESTIONNAIRE_FORMAT,
    version: 1,
    name: 'Clubs',
    description: null,
    type: 'long_form',
    questions,
  });

describe('reading a questionnaire file', () => {
  it('reads a valid export', () => {
    const result = readQuestionnaireFile(document([question('Do you belong to a club?')]));
    expect(result.ok && result.document.questions).toHaveLength(1);
  });

  it('says what is wrong, naming the question by its number', () => {
    expect(readQuestionnaireFile('{not json')).toEqual({
      ok: false,
      problem: expect.stringMatching(/not valid JSON/),
    });
    expect(readQuestionnaireFile(JSON.stringify({ questions: [] }))).toEqual({
      ok: false,
      problem: expect.stringMatching(/not a TeenVoice questionnaire/),
    });
    expect(
      readQuestionnaireFile(JSON.stringify({ format: QUESTIONNAIRE_FORMAT, version: 7, questions: [] })),
    ).toEqual({ ok: false, problem: expect.stringMatching(/format version we cannot read \(7\)/) });
    const untitled = readQuestionnaireFile(document([question('Fine?'), question('')]));
    expect(untitled).toEqual({
      ok: false,
      problem: 'Question 2: the question needs another look (Write the question).',
    });
    const wideScale = readQuestionnaireFile(
      document([
        question('Rate it', {
          type: 'rating',
          options: [],
          scale: { min: 1, max: 40, minLabel: null, maxLabel: null },
        }),
      ]),
    );
    expect(wideScale.ok).toBe(false);
    expect(!wideScale.ok && wideScale.problem).toMatch(/^The scale of question 1 runs from 1 to 40/);
  });
});

describe('inserting a question from the bank', () => {
  it('adds a copy with a fresh question id and fresh option ids, without logic', () => {
    const existing = [question('Do you play a sport?')];
    const saved = question('Which club?', {
      displayLogic: { match: 'all', conditions: [{ questionId: 'gone', operator: 'equals', value: 'yes' }] },
    });
    const outcome = insertBankQuestion(existing, saved, 'long_form');
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.questions).toHaveLength(2);
    expect(outcome.inserted.title).toBe('Which club?');
    expect(outcome.inserted.id).not.toBe(saved.id);
    expect(outcome.inserted.options.map((o) => o.label)).toEqual(['Yes', 'No']);
    expect(outcome.inserted.options.map((o) => o.id)).not.toEqual(['yes', 'no']);
    expect(outcome.inserted.displayLogic).toBeNull();
    // Inserting the same bank question twice gives two different questions.
    const again = insertBankQuestion(outcome.questions, saved, 'long_form');
    expect(again.ok && again.inserted.id).not.toBe(outcome.inserted.id);
  });

  it('keeps a pulse check to five questions', () => {
    const five = Array.from({ length: 5 }, (_, index) => question(`Question ${index + 1}?`));
    const outcome = insertBankQuestion(five, question('One more?'), 'pulse_check');
    expect(outcome).toEqual({ ok: false, reason: expect.stringMatching(/at most 5 questions/) });
    expect(insertBankQuestion(five, question('One more?'), 'long_form').ok).toBe(true);
  });
});

describe('answer formats for the printable questionnaire', () => {
  it('describes scales with their labels, choices with their notes and matrices with statements', () => {
    expect(
      answerFormat(
        question('How was it?', {
          type: 'rating',
          options: [],
          scale: { min: 1, max: 5, minLabel: 'Bad', maxLabel: 'Great' },
        }),
      ).summary,
    ).toBe('Rating scale from 1 (Bad) to 5 (Great)');
    expect(answerFormat(question('Recommend?', { type: 'nps', options: [], scale: null })).summary).toBe(
      'Net Promoter Score from 0 to 10',
    );
    const multiple = answerFormat(
      question('Which apply?', {
        type: 'multiple_choice',
        minSelections: 1,
        maxSelections: 2,
        options: [
          { id: 'a', label: 'Reading' },
          { id: 'b', label: 'Something else', other: true },
          { id: 'c', label: 'None of these', exclusive: true },
        ],
      }),
    );
    expect(multiple.summary).toBe('Choose all that apply (1 to 2)');
    expect(multiple.choices).toEqual([
      'Reading',
      'Something else (with a text box)',
      'None of these (on its own)',
    ]);
    const matrix = answerFormat(
      question('Agree?', { type: 'likert_matrix', rows: [{ id: 'r1', label: 'I like school.' }] }),
    );
    expect(matrix.statements).toEqual(['I like school.']);
    expect(matrix.choices).toEqual(['Yes', 'No']);
  });
});
