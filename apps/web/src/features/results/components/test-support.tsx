import type { QuestionResult } from '@tv/contract';
import { QuestionResultCard } from './question-result-card';

/** A question's result as the summary sends it: a single-choice question answered by 120, unless told. */
export const questionResult = (values: Partial<QuestionResult>): QuestionResult => ({
  questionId: 'q1',
  type: 'single_choice',
  title: 'A question',
  answered: 120,
  suppressed: false,
  suppressedReason: null,
  options: [],
  matrix: [],
  mean: null,
  distribution: [],
  nps: null,
  averageRanks: [],
  texts: [],
  ...values,
});

/** The result's card as the summary page shows it, with nothing filtered or searched. */
export const resultCard = (result: QuestionResult) => (
  <QuestionResultCard
    result={result}
    question={undefined}
    number={1}
    activeAnswer={undefined}
    onFilterAnswer={() => {}}
    onClearAnswer={() => {}}
    textSearch=""
    appliedTextSearch=""
    searching={false}
    onTextSearch={() => {}}
  />
);
