import {
  type Audience,
  type CrossTab,
  type CrossTabQuery,
  crossTabAttributeLabels,
  genderLabels,
  genders,
  MIN_CELL_SIZE,
  type Question,
  type ResultsFilter,
  regionLabels,
  regions,
  suppressionReason,
} from '@tv/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import { assertClosedFilter, FILTER_NOT_CLOSED, isFreeEntry, OPEN_TEXT_CROSSTAB_MESSAGE } from './filters';
import {
  chiSquareTest,
  columnProportionTests,
  effectiveBase,
  marginOfError,
  shareOf,
  weightingEfficiency,
} from './statistics';
import { filteredViewVerdict, responseScope } from './summary';
import { type WeightedSurvey, weightsFor } from './weighting';

export { rakingRows, settledTargets, targetsFor, weightsFor } from './weighting';

const r = surveyResponses;
/** Question types a cross-tab takes: answers that are one option, or several (rows only). */
const SINGLE_TYPES = ['single_choice', 'dropdown'] as const;
const MULTI_TYPES = ['multiple_choice'] as const;
const ALPHA = 0.05;
/** Columns with fewer (effective) respondents are not compared, as in SPSS and Qualtrics. */
const MIN_TEST_BASE = 30;
const AGES = ['13', '14', '15', '16', '17', '18', '19'];

interface Variable {
  key: string;
  label: string;
  kind: 'audience' | 'question';
  multiple: boolean;
  categories: { key: string; label: string }[];
  /** The categories a response gives (none when it did not answer). */
  valuesOf(row: ResponseRow): string[];
}

interface ResponseRow {
  id: string;
  age: number | null;
  gender: string | null;
  region: string | null;
  rv: unknown;
  cv: unknown;
}

const asValues = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'string')
      : [];

/** Everything a table can be cut by: the audience attributes, then the choice questions in order. */
export function crossTabVariables(questions: Question[]): Omit<Variable, 'valuesOf'>[] {
  const audience = [
    { key: 'age', categories: AGES.map((age) => ({ key: age, label: age })) },
    { key: 'gender', categories: genders.map((g) => ({ key: g, label: genderLabels[g] })) },
    { key: 'region', categories: regions.map((g) => ({ key: g, label: regionLabels[g] })) },
  ].map((v) => ({
    ...v,
    label: crossTabAttributeLabels[v.key as keyof typeof crossTabAttributeLabels],
    kind: 'audience' as const,
    multiple: false,
  }));
  const asked = questions.flatMap((q, index) =>
    [...SINGLE_TYPES, ...MULTI_TYPES].includes(q.type as never)
      ? [
          {
            key: `q:${q.id}`,
            label: `Q${index + 1}. ${q.title}`,
            kind: 'question' as const,
            multiple: (MULTI_TYPES as readonly string[]).includes(q.type),
            categories: q.options.map((o) => ({ key: o.id, label: o.label })),
          },
        ]
      : [],
  );
  return [...audience, ...asked];
}

function variable(questions: Question[], key: string, side: 'rv' | 'cv'): Variable {
  const found = crossTabVariables(questions).find((v) => v.key === key);
  if (!found) {
    // An open answer is never a dimension (decision 034): its words would pick out who wrote them.
    const asked = key.startsWith('q:') ? questions.find((q) => q.id === key.slice(2)) : undefined;
    const message =
      asked && isFreeEntry(asked)
        ? OPEN_TEXT_CROSSTAB_MESSAGE
        : 'Choose an audience attribute or a choice question of this survey.';
    throw new HttpError(400, message, asked && isFreeEntry(asked) ? FILTER_NOT_CLOSED : 'INVALID_VARIABLE', {
      fields: { [side === 'rv' ? 'row' : 'column']: [message] },
    });
  }
  const valuesOf =
    key === 'age'
      ? (row: ResponseRow) => (row.age === null ? [] : [String(row.age)])
      : key === 'gender'
        ? (row: ResponseRow) => (row.gender ? [row.gender] : [])
        : key === 'region'
          ? (row: ResponseRow) => (row.region ? [row.region] : [])
          : (row: ResponseRow) => asValues(row[side]);
  return { ...found, valuesOf };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A cross-tab of one variable by another: counts, column percentages with their 95% margins of error,
 * column-proportion letters (Bonferroni) and a chi-square test, weighted to US teen margins or not.
 * Columns under 5 respondents are hidden, and a filtered view follows the summary's disclosure rules
 * (decision 014).
 */
export async function crossTab(
  db: Db,
  survey: WeightedSurvey & { audience: Audience | null },
  questions: Question[],
  query: CrossTabQuery,
): Promise<CrossTab> {
  const { row: rowKey, column: columnKey, weighted: askedWeighted, ...filter } = query;
  // The filters above the table take a closed question's option only, as the summary's do.
  assertClosedFilter(questions, filter);
  const rowVariable = variable(questions, rowKey, 'rv');
  const columnVariable = variable(questions, columnKey, 'cv');
  if (columnVariable.multiple) {
    throw new HttpError(
      400,
      'Columns take a question with one answer, or an audience attribute.',
      'INVALID_VARIABLE',
      {
        fields: { column: ['Columns take a question with one answer, or an audience attribute.'] },
      },
    );
  }
  if (rowKey === columnKey) {
    throw new HttpError(
      400,
      'Choose two different things for the rows and the columns.',
      'INVALID_VARIABLE',
      {
        fields: { column: ['Choose two different things for the rows and the columns.'] },
      },
    );
  }
  const weighted = askedWeighted ?? survey.audience !== null;
  const questionOf = (key: string) => (key.startsWith('q:') ? key.slice(2) : null);
  const rq = questionOf(rowKey);
  const cq = questionOf(columnKey);

  const allVariables = crossTabVariables(questions);
  const base: Omit<
    CrossTab,
    'rows' | 'columns' | 'cells' | 'base' | 'chiSquare' | 'suppressed' | 'suppressedReason' | 'weighting'
  > = {
    surveyId: survey.id,
    row: { key: rowVariable.key, label: rowVariable.label },
    column: { key: columnVariable.key, label: columnVariable.label },
    variables: allVariables.map(({ key, label, kind, multiple }) => ({ key, label, kind, multiple })),
    weighted,
    significance: { alpha: ALPHA, correction: 'Bonferroni', minBase: MIN_TEST_BASE },
  };
  const hidden = (reason: string): CrossTab => ({
    ...base,
    rows: rowVariable.categories,
    columns: [],
    cells: [],
    base: null,
    weighting: null,
    chiSquare: null,
    suppressed: true,
    suppressedReason: reason,
  });

  // A filtered view is judged as the summary's is: no group under 5, directly or by subtraction.
  const verdict = await filteredViewVerdict(db, survey.id, filter as ResultsFilter);
  if (!verdict.shown) return hidden(verdict.reason);

  const rows = await queryRows<ResponseRow>(
    db,
    sql`select ${r.id} as id, ${r.age} as age, ${r.gender} as gender, ${r.region} as region,
          ${rq ? sql`${r.answers} -> ${rq}` : sql`null::jsonb`} as rv,
          ${cq ? sql`${r.answers} -> ${cq}` : sql`null::jsonb`} as cv
        from ${r} where ${responseScope(survey.id, filter as ResultsFilter)}`,
  );
  if (rows.length > 0 && rows.length < MIN_CELL_SIZE) return hidden(suppressionReason);

  const weights = weighted ? await weightsFor(db, survey, filter.includeSimulated) : null;

  const rowIndex = new Map(rowVariable.categories.map((c, i) => [c.key, i]));
  const columnIndex = new Map(columnVariable.categories.map((c, i) => [c.key, i]));
  const nColumns = columnVariable.categories.length;
  const counts = rowVariable.categories.map(() => new Array<number>(nColumns).fill(0));
  const bases = new Array<number>(nColumns).fill(0);
  const people = new Array<number>(nColumns).fill(0);
  const columnWeights: number[][] = columnVariable.categories.map(() => []);
  const tableWeights: number[] = [];
  for (const row of rows) {
    const [columnValue] = columnVariable.valuesOf(row);
    const c = columnValue === undefined ? undefined : columnIndex.get(columnValue);
    const answered = rowVariable.valuesOf(row).filter((value) => rowIndex.has(value));
    if (c === undefined || answered.length === 0) continue;
    const w = weights
      ? weights.of({ age: row.age ?? '', gender: row.gender ?? '', region: row.region ?? '' })
      : 1;
    bases[c]! += w;
    people[c]! += 1;
    columnWeights[c]!.push(w);
    tableWeights.push(w);
    for (const value of answered) counts[rowIndex.get(value)!]![c]! += w;
  }

  // Columns nobody is in are left out; a column under 5 is shown as hidden.
  const kept = columnVariable.categories.map((_, c) => c).filter((c) => people[c]! > 0);
  const visible = kept.filter((c) => people[c]! >= MIN_CELL_SIZE);
  const effective = (c: number) => (weighted ? effectiveBase(columnWeights[c]!) : people[c]!);
  const tests =
    visible.length >= 2
      ? columnProportionTests(
          counts.map((line) => visible.map((c) => line[c]!)),
          {
            alpha: ALPHA,
            correction: 'bonferroni',
            minBase: MIN_TEST_BASE,
            bases: visible.map((c) => bases[c]!),
            effectiveBases: visible.map((c) => effective(c)),
          },
        )
      : null;
  const letterOf = new Map(
    visible.map((c, i) => [c, tests?.columnLetters[i] ?? String.fromCharCode(65 + i)]),
  );

  // Chi-square on the visible columns, for a row variable with one answer per respondent.
  const chi =
    !rowVariable.multiple && visible.length >= 2
      ? chiSquareTest(
          counts.map((line) => visible.map((c) => line[c]!)),
          weighted
            ? { effectiveBase: Math.max(1, effectiveBase(visible.flatMap((c) => columnWeights[c]!))) }
            : {},
        )
      : null;

  const columns = kept.map((c) => {
    const suppressed = people[c]! < MIN_CELL_SIZE;
    const index = visible.indexOf(c);
    return {
      key: columnVariable.categories[c]!.key,
      label: columnVariable.categories[c]!.label,
      letter: suppressed ? '' : letterOf.get(c)!,
      base: suppressed ? null : people[c]!,
      weightedBase: suppressed || !weighted ? null : round1(bases[c]!),
      effectiveBase: suppressed || !weighted ? null : round1(effective(c)),
      tested: !suppressed && index >= 0 && (tests?.tested[index] ?? false),
      suppressed,
    };
  });
  const cells = counts.map((line, rowNumber) =>
    kept.map((c) => {
      if (people[c]! < MIN_CELL_SIZE) return { count: null, percent: null, marginOfError: null, letters: [] };
      const share = shareOf(line[c]!, bases[c]!);
      const moe = marginOfError(share, effective(c));
      const index = visible.indexOf(c);
      return {
        count: weighted ? round1(line[c]!) : line[c]!,
        percent: round1(share * 100),
        marginOfError: moe === null ? null : round1(moe * 100),
        letters: tests && index >= 0 ? (tests.letters[rowNumber]?.[index] ?? []) : [],
      };
    }),
  );

  const total = kept.reduce((sum, c) => sum + people[c]!, 0);
  return {
    ...base,
    rows: rowVariable.categories,
    columns,
    cells,
    base: total,
    weighting:
      weighted && weights
        ? {
            efficiency: (() => {
              const e = weightingEfficiency(tableWeights);
              return e === null ? null : round1(e * 100);
            })(),
            effectiveBase: tableWeights.length ? round1(effectiveBase(tableWeights)) : null,
            targets: weights.label,
            converged: weights.converged,
          }
        : null,
    chiSquare: chi ? { statistic: chi.statistic, df: chi.df, pValue: chi.pValue } : null,
    suppressed: false,
    suppressedReason: null,
  };
}
