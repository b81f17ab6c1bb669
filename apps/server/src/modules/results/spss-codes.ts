import { type AnswerValue, codesKey, type Question } from '@tv/contract';
import { isOpenText, type SurveyCode } from './codes';
import type { SavCell, SavDichotomySet, SavVariable } from './spss';

/** Code of an answer not coded (or withheld, or not given): user-missing, as in the other variables. */
const NOT_CODED = -99;

/**
 * The .sav variables of an open-text question's codes (decision 046): one 0/1 variable per code
 * (`Q2_c1`…, short enough to be their own short names), labelled with the code, 1 for an answer coded
 * with it, 0 for one coded with other codes, -99 (missing) for an answer not coded, withheld or not
 * given; and the multiple dichotomy set `$Q2_codes` that counts 1, so SPSS and PSPP tabulate them
 * together.
 */
export function codesCoder(
  question: Question,
  number: number,
  codes: readonly SurveyCode[],
  /** The question's text, its piped answers in words. */
  title: string,
): {
  variables: SavVariable[];
  cells: (answers: Record<string, AnswerValue>) => SavCell[];
  set: SavDichotomySet;
} | null {
  const mine = codes.filter((c) => c.questionId === question.id);
  if (mine.length === 0 || !isOpenText(question)) return null;
  const names = mine.map((_, i) => `Q${number}_c${i + 1}`);
  const variables: SavVariable[] = mine.map((code, i) => ({
    name: names[i]!,
    label: `Q${number} code: ${code.label}`,
    type: 'numeric',
    measure: 'nominal',
    valueLabels: [
      { value: 1, label: code.label },
      { value: 0, label: 'Other codes' },
      { value: NOT_CODED, label: 'Not coded, withheld or not answered' },
    ],
    missingValues: [NOT_CODED],
  }));
  return {
    variables,
    cells: (answers) => {
      const given = answers[codesKey(question.id)];
      const list = Array.isArray(given) ? (given as string[]) : [];
      return mine.map((code) => (list.length === 0 ? NOT_CODED : list.includes(code.id) ? 1 : 0));
    },
    set: {
      name: `$Q${number}_codes`,
      label: `Q${number}. ${title} (codes)`,
      countedValue: 1,
      variables: names,
    },
  };
}
