import {
  defaultAudience,
  estimateAudience,
  type Question,
  SKIP_TO_END,
  translatableTexts,
} from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { toSavePayload } from './draft';
import { isNewSurvey } from './new-survey';
import { pasteOptions } from './paste-options';
import { surveyPrice, usd } from './price';
import { insertQuestionAfter, newQuestion } from './questions';
import { defaultSkipTarget, skipTargetProblem, skipTargets } from './skip-targets';
import { spanishFieldLabel } from './spanish-labels';
import { fieldKey, quietSaveProblem } from './touched';

/** Issue 26, point 9: authoring speed in the survey builder. */

const written = (title: string, type: Question['type'] = 'short_text'): Question => ({
  ...newQuestion(type),
  title,
});
const draftOf = (questions: Question[]) => ({
  name: 'Survey',
  description: null,
  questions,
  audience: null,
  tags: [],
  projectId: null,
  translations: {},
});

describe('new options are empty, with placeholders', () => {
  it('a new choice question has two empty options and a matrix an empty statement', () => {
    expect(newQuestion('single_choice').options.map((o) => o.label)).toEqual(['', '']);
    expect(newQuestion('dropdown').options.map((o) => o.label)).toEqual(['', '']);
    expect(newQuestion('likert_matrix').rows.map((r) => r.label)).toEqual(['']);
  });

  it('an empty option cannot be saved, and the reason names it', () => {
    const question = { ...newQuestion('single_choice'), title: 'How do you get to school?' };
    const outcome = toSavePayload(draftOf([question]), 1);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.problem).toBe(
      'Question 1, answer options: Write the answer option or remove it',
    );
  });
});

describe('no errors before the first edit', () => {
  it('stays quiet while the open question only waits for fields the author has not reached', () => {
    const question = newQuestion('single_choice');
    const draft = draftOf([written('Do you play sport?'), question]);
    expect(quietSaveProblem(draft, new Set(), question.id)).toBe(true);
    // Once the author has been in the wording and left it empty, it is said.
    expect(quietSaveProblem(draft, new Set([fieldKey.title(question.id)]), question.id)).toBe(false);
    // On the list of questions (no question open), an incomplete draft is said at once.
    expect(quietSaveProblem(draft, new Set(), null)).toBe(false);
  });

  it('says at once what is wrong elsewhere, and anything but empty wording', () => {
    const open = newQuestion('short_text');
    const other = newQuestion('short_text');
    expect(quietSaveProblem(draftOf([other, open]), new Set(), open.id)).toBe(false);
    const tooLong = { ...open, title: 'x'.repeat(501) };
    expect(quietSaveProblem(draftOf([tooLong]), new Set(), open.id)).toBe(false);
    expect(quietSaveProblem(draftOf([written('Fine')]), new Set(), null)).toBe(false);
  });

  it('knows a survey just created with its default name', () => {
    expect(isNewSurvey({ version: 1, type: 'long_form', name: 'Survey' })).toBe(true);
    expect(isNewSurvey({ version: 1, type: 'pulse_check', name: 'Pulse Check' })).toBe(true);
    expect(isNewSurvey({ version: 1, type: 'custom', name: 'Custom Survey' })).toBe(true);
    expect(isNewSurvey({ version: 1, type: 'long_form', name: 'My First Survey' })).toBe(true);
    expect(isNewSurvey({ version: 2, type: 'long_form', name: 'Survey' })).toBe(false);
    expect(isNewSurvey({ version: 1, type: 'long_form', name: 'Screen time' })).toBe(false);
  });
});

describe('add question below', () => {
  it('puts the new question right after the one being edited', () => {
    const [a, b, c] = [written('A'), written('B'), written('C')];
    const added = written('New');
    expect(insertQuestionAfter([a, b, c], 0, added).map((q) => q.title)).toEqual(['A', 'New', 'B', 'C']);
    expect(insertQuestionAfter([a, b, c], 2, added).map((q) => q.title)).toEqual(['A', 'B', 'C', 'New']);
    expect(insertQuestionAfter([a], 9, added).map((q) => q.title)).toEqual(['A', 'New']);
  });
});

describe('pasting a list of options', () => {
  const empty = newQuestion('single_choice').options;

  it('makes one option per line, trimmed, without empty lines or list markers, filling empty fields first', () => {
    const pasted = pasteOptions(empty, 0, '  Bus \n\n• Car\r\n- Bike\n  \nWalk\n', 50);
    expect(pasted?.items.map((o) => o.label)).toEqual(['Bus', 'Car', 'Bike', 'Walk']);
    expect(pasted?.items[0]?.id).toBe(empty[0]?.id);
    expect(pasted?.items[1]?.id).toBe(empty[1]?.id);
    expect(pasted).toMatchObject({ added: 4, leftOut: 0, message: null });
  });

  it('inserts after a written option, keeping the others in place', () => {
    const items = [
      { id: 'a', label: 'Bus' },
      { id: 'b', label: 'Walk' },
    ];
    const pasted = pasteOptions(items, 0, 'Car\nBike', 50);
    expect(pasted?.items.map((o) => o.label)).toEqual(['Bus', 'Car', 'Bike', 'Walk']);
  });

  it('stops at the limit and says how many lines were left out', () => {
    const pasted = pasteOptions(empty, 0, 'A\nB\nC\nD\nE', 3);
    expect(pasted?.items.map((o) => o.label)).toEqual(['A', 'B', 'C']);
    expect(pasted?.message).toBe(
      '3 of 5 lines were added: a question has at most 3 options, so the last 2 lines were left out.',
    );
  });

  it('leaves a single line to an ordinary paste', () => {
    expect(pasteOptions(empty, 0, 'Bus', 50)).toBeNull();
    expect(pasteOptions(empty, 0, 'Bus\n\n', 50)).toBeNull();
  });
});

describe('skip targets that make sense', () => {
  const questions = [written('Q1', 'yes_no'), written('Q2'), written('Q3'), written('Q4')];

  it('never offers the very next question, which a skip would not skip', () => {
    const values = skipTargets(questions, 0).map((t) => t.value);
    expect(values).toEqual([questions[2]!.id, questions[3]!.id, SKIP_TO_END]);
    expect(skipTargets(questions, 3).map((t) => t.value)).toEqual([SKIP_TO_END]);
  });

  it('a new rule skips the next question: to the one after it, or to the end', () => {
    expect(defaultSkipTarget(questions, 0)).toBe(questions[2]!.id);
    expect(defaultSkipTarget(questions, 2)).toBe(SKIP_TO_END);
    expect(defaultSkipTarget(questions, 3)).toBe(SKIP_TO_END);
  });

  it('says why a rule to the next question does nothing', () => {
    expect(skipTargetProblem(questions, 0, questions[1]!.id)).toBe(
      'Question 2 comes next anyway, so this skips nothing. Choose a later question or the end.',
    );
    expect(skipTargetProblem(questions, 0, questions[3]!.id)).toBeNull();
    expect(skipTargetProblem(questions, 2, questions[0]!.id)).toBe('Choose a later question or the end');
  });
});

describe('one price everywhere', () => {
  it('prices the suggested audience until one is chosen, with the same function', () => {
    const price = surveyPrice(null, 7);
    expect(price.suggested).toBe(true);
    expect(price.estimate).toEqual(estimateAudience(defaultAudience, 7));
    expect(usd(price.estimate.priceUsd)).toBe('$700');
    expect(surveyPrice(defaultAudience, 7).suggested).toBe(false);
  });
});

describe('Spanish fields named by question and option', () => {
  it('names each field by its question and its place', () => {
    const questions = [
      written('Do you play sport?'),
      written('Which?'),
      {
        ...written('How do you get to school?', 'single_choice'),
        options: [
          { id: 'o1', label: 'Bus' },
          { id: 'o2', label: 'Walk' },
        ],
      },
      { ...written('Rate these', 'likert_matrix'), rows: [{ id: 'r1', label: 'My teachers listen' }] },
    ];
    const labels = translatableTexts({ name: 'Survey', description: null, questions }, {}, 'es').map((text) =>
      spanishFieldLabel(text, questions),
    );
    expect(labels).toContain('Question 3 in Spanish');
    expect(labels).toContain('Question 3, option 1 in Spanish');
    expect(labels).toContain('Question 3, option 2 in Spanish');
    expect(labels).toContain('Question 4, scale point 2 in Spanish');
    expect(labels).toContain('Question 4, statement 1 in Spanish');
    expect(new Set(labels).size).toBe(labels.length);
  });
});
