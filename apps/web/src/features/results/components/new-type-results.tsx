import type { Question, QuestionResult } from '@tv/contract';
import type { ReactNode } from 'react';
import { BarList } from './bar-list';
import { RatingResult } from './rating-result';

/** The result card body of a question type of decision 048, or null for the other types. */
export function NewTypeResult({
  result,
  question,
}: {
  result: QuestionResult;
  question: Question | undefined;
}): ReactNode {
  switch (result.type) {
    case 'slider':
      // The mean and the share in each point or range of the slider's scale.
      return <RatingResult result={result} question={question} />;
    case 'date':
      // The share in each month (or year): never a single day.
      return <BarList counts={result.distribution} />;
    default:
      return null;
  }
}
