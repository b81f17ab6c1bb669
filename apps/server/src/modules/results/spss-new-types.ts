import {
  type AnswerValue,
  maxDiffKeys,
  maxDiffSets,
  type Question,
  sliderScaleOf,
  sumTotalOf,
} from '@tv/contract';
import { NOT_ANSWERED, type SavCell, type SavVariable, savDate } from './spss';

// The .sav variables of the question types of decision 048: a slider is a scale variable, its end
// words value labels; a date is an SPSS date variable; -99 is an answer not given (user-missing), as
// for every other question.

interface Coder {
  variables: SavVariable[];
  cells: (answers: Record<string, AnswerValue>) => SavCell[];
}

const notAnsweredLabel = () => ({ value: NOT_ANSWERED, label: 'Not answered or not shown' });
const missing = () => ({ missingValues: [NOT_ANSWERED] });

/** The variables of a question of a new type, or null for the other types. */
export function newTypeCoder(question: Question, name: string, label: string): Coder | null {
  const id = question.id;
  switch (question.type) {
    case 'slider': {
      const scale = sliderScaleOf(question);
      return {
        variables: [
          {
            name,
            label,
            type: 'numeric',
            measure: 'scale',
            valueLabels: [
              ...(scale.minLabel ? [{ value: scale.min, label: scale.minLabel }] : []),
              ...(scale.maxLabel ? [{ value: scale.max, label: scale.maxLabel }] : []),
              notAnsweredLabel(),
            ],
            decimals: 0,
            ...missing(),
          },
        ],
        cells: (a) => [
          typeof a[id] === 'number' && Number.isFinite(a[id]) ? (a[id] as number) : NOT_ANSWERED,
        ],
      };
    }
    case 'date':
      // An SPSS date (ADATE10, mm/dd/yyyy), so SPSS and PSPP compute with it as a date.
      return {
        variables: [
          { name, label, type: 'numeric', measure: 'scale', date: true, valueLabels: [], ...missing() },
        ],
        cells: (a) => [typeof a[id] === 'string' ? (savDate(a[id] as string) ?? NOT_ANSWERED) : NOT_ANSWERED],
      };
    case 'constant_sum': {
      // A scale variable per item: its points (0 when the teen answered and left it out).
      const answered = (a: Record<string, AnswerValue>) => {
        const answer = a[id];
        return answer && typeof answer === 'object' && !Array.isArray(answer)
          ? (answer as Record<string, string>)
          : null;
      };
      return {
        variables: question.options.map((option, i) => ({
          name: `${name}_${i + 1}`,
          label: `${label} — ${option.label} (points of ${sumTotalOf(question)})`,
          type: 'numeric' as const,
          measure: 'scale' as const,
          valueLabels: [notAnsweredLabel()],
          decimals: 0,
          ...missing(),
        })),
        cells: (a) => {
          const given = answered(a);
          return question.options.map((option) => (given ? Number(given[option.id] ?? 0) : NOT_ANSWERED));
        },
      };
    }
    case 'maxdiff': {
      // Two nominal variables per set, best and worst, coded by item (1 = the first item).
      const codes = [
        ...question.options.map((o, i) => ({ value: i + 1, label: o.label })),
        notAnsweredLabel(),
      ];
      const sets = maxDiffSets(question);
      const read = (a: Record<string, AnswerValue>, key: string) => {
        const answer = a[id];
        const item =
          answer && typeof answer === 'object' && !Array.isArray(answer)
            ? (answer as Record<string, string>)[key]
            : undefined;
        const index = question.options.findIndex((o) => o.id === item);
        return index >= 0 ? index + 1 : NOT_ANSWERED;
      };
      return {
        variables: sets.flatMap((_, s) =>
          (['best', 'worst'] as const).map((end) => ({
            name: `${name}_S${s + 1}_${end}`,
            label: `${label} — set ${s + 1}, ${end === 'best' ? 'most' : 'least'} important`,
            type: 'numeric' as const,
            measure: 'nominal' as const,
            valueLabels: codes,
            ...missing(),
          })),
        ),
        cells: (a) =>
          sets.flatMap((_, s) => [read(a, maxDiffKeys(s + 1).best), read(a, maxDiffKeys(s + 1).worst)]),
      };
    }
    default:
      return null;
  }
}
