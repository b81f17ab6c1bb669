import {
  type Audience,
  type CrossTab,
  type CrossTabQuery,
  codesKey,
  crossTabAttributeLabels,
  genderLabels,
  genders,
  MIN_CELL_SIZE,
  pipingInWords,
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
import { answerSql, isOpenText, type SurveyCode, surveyCodes } from './codes';
import { assertClosedFilter, FILTER_NOT_CLOSED, isFreeEntry, OPEN_TEXT_CROSSTAB_MESSAGE } from './filters';
import {
  chiSquareTest,
  columnProportionTests,
  effectiveBase,
  reportedMargin,
  shareOf,
  weightingEfficiency,
} from './statistics';
import { filteredViewVerdict, responseScope } from './summary';
import { type WeightedSurvey, weightsFor } from './weighting';

export { rakingRows, settledTargets, targetsFor, weightsFor } from './weighting';

const r = surveyResponses;
const ALPHA = 0.05;
/** Columns with fewer (effective) respondents are not compared, as in SPSS and Qualtrics. */
const MIN_TEST_BASE = 30;
const AGES = ['13', '14', '15', '16', '17', '18', '19'];

/** What a variable reads of a respondent: the audience attributes and the answers by question id. */
export interface VariableRespondent {
  age: number | null;
  gender: string | null;
  region: string | null;
  answers: Record<string, unknown>;
}

export interface CrossTabVariable {
  key: string;
  label: string;
  kind: 'audience' | 'question';
  multiple: boolean;
  /** The question whose answer it reads, or null for an audience attribute. */
  questionId: string | null;
  categories: { key: string; label: string }[];
  /** The categories a response gives (none when it did not answer). */
  valuesOf(respondent: VariableRespondent): string[];
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

/** NPS as the bands researchers report (0–6, 7–8, 9–10), not eleven points. */
export const NPS_BANDS = [
  { key: 'detractors', label: 'Detractors (0–6)', from: 0, to: 6 },
  { key: 'passives', label: 'Passives (7–8)', from: 7, to: 8 },
  { key: 'promoters', label: 'Promoters (9–10)', from: 9, to: 10 },
] as const;

const numberOf = (value: unknown): number | null => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * The closed variables of one question: picked from a fixed list, never typed in (decision 034). A
 * choice question is one variable; yes/no, a rating's points and NPS bands too; a ranking is read as
 * the option ranked first; a Likert matrix gives one variable per statement (`q:<id>:<statement>`).
 * Text, numbers and layout items give none.
 */
export function questionVariables(q: Question, index: number): CrossTabVariable[] {
  const label = `Q${index + 1}. ${q.title}`;
  const options = q.options.map((o) => ({ key: o.id, label: o.label }));
  const one = (
    categories: CrossTabVariable['categories'],
    read: (answer: unknown) => string[],
    extra: Partial<CrossTabVariable> = {},
  ): CrossTabVariable => ({
    key: `q:${q.id}`,
    label,
    kind: 'question',
    multiple: false,
    questionId: q.id,
    categories,
    valuesOf: (respondent) => read(respondent.answers[q.id]),
    ...extra,
  });
  const known = (categories: CrossTabVariable['categories'], values: string[]) =>
    values.filter((v) => categories.some((c) => c.key === v));
  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
      return [one(options, (a) => known(options, asValues(a).slice(0, 1)))];
    case 'multiple_choice':
      return [one(options, (a) => known(options, asValues(a)), { multiple: true })];
    case 'image_choice':
      // Closed like single or multiple choice, by its pictures' captions (decision 048).
      return q.multiple
        ? [one(options, (a) => known(options, asValues(a)), { multiple: true })]
        : [one(options, (a) => known(options, asValues(a).slice(0, 1)))];
    case 'yes_no':
      return [
        one(
          [
            { key: 'yes', label: 'Yes' },
            { key: 'no', label: 'No' },
          ],
          (a) =>
            a === true || a === 'yes' || a === 'true'
              ? ['yes']
              : a === false || a === 'no' || a === 'false'
                ? ['no']
                : [],
        ),
      ];
    case 'rating': {
      const scale = q.scale;
      if (!scale || scale.max < scale.min) return [];
      const categories = Array.from({ length: scale.max - scale.min + 1 }, (_, i) => {
        const point = scale.min + i;
        const end =
          point === scale.min && scale.minLabel
            ? ` (${scale.minLabel})`
            : point === scale.max && scale.maxLabel
              ? ` (${scale.maxLabel})`
              : '';
        return { key: String(point), label: `${point}${end}` };
      });
      return [
        one(categories, (a) => {
          const n = numberOf(a);
          return n !== null && Number.isInteger(n) && n >= scale.min && n <= scale.max ? [String(n)] : [];
        }),
      ];
    }
    case 'nps':
      return [
        one(
          NPS_BANDS.map(({ key, label: band }) => ({ key, label: band })),
          (a) => {
            const n = numberOf(a);
            const band = n === null ? undefined : NPS_BANDS.find((b) => n >= b.from && n <= b.to);
            return band ? [band.key] : [];
          },
          { label: `${label} (NPS groups)` },
        ),
      ];
    case 'ranking':
      return [
        one(options, (a) => (Array.isArray(a) ? known(options, asValues(a).slice(0, 1)) : []), {
          label: `${label} (ranked first)`,
        }),
      ];
    case 'likert_matrix':
      return q.rows.map((statement) => ({
        ...one(options, (a) =>
          a && typeof a === 'object' && !Array.isArray(a)
            ? known(options, asValues((a as Record<string, unknown>)[statement.id]))
            : [],
        ),
        key: `q:${q.id}:${statement.id}`,
        label: `${label} — ${statement.label}`,
      }));
    default:
      return [];
  }
}

/**
 * The codes of an open-text question as closed variables (decision 046), read from
 * `answers['<questionId>.codes']` (the codes applied to its readable answer): every code at once, a
 * multiple-answer row (`q:<questionId>.codes`); and each code alone (`code:<codeId>`), coded with it
 * or with other codes, one answer per respondent so it can be a column too. Uncoded answers are in
 * neither: the base is the coded answers, as on the question's chart.
 */
export function codeVariables(q: Question, index: number, codes: readonly SurveyCode[]): CrossTabVariable[] {
  const mine = codes.filter((c) => c.questionId === q.id);
  if (mine.length === 0 || !isOpenText(q)) return [];
  const key = codesKey(q.id);
  const label = `Q${index + 1}. ${q.title}`;
  const read = (respondent: VariableRespondent) => asValues(respondent.answers[key]);
  const all: CrossTabVariable = {
    key: `q:${key}`,
    label: `${label} (codes)`,
    kind: 'question',
    multiple: true,
    questionId: key,
    categories: mine.map((c) => ({ key: c.id, label: c.label })),
    valuesOf: (respondent) => read(respondent).filter((id) => mine.some((c) => c.id === id)),
  };
  const each = mine.map(
    (code): CrossTabVariable => ({
      key: `code:${code.id}`,
      label: `${label} — coded “${code.label}”`,
      kind: 'question',
      multiple: false,
      questionId: key,
      categories: [
        { key: 'coded', label: `Coded “${code.label}”` },
        { key: 'other', label: 'Other codes' },
      ],
      valuesOf: (respondent) => {
        const given = read(respondent);
        return given.length === 0 ? [] : given.includes(code.id) ? ['coded'] : ['other'];
      },
    }),
  );
  return [all, ...each];
}

/**
 * Everything a table can be cut by: the audience attributes, then the closed questions in order, each
 * open-text question's codes where it has them (decision 046).
 */
export function closedVariables(
  questions: Question[],
  codes: readonly SurveyCode[] = [],
): CrossTabVariable[] {
  const audience: CrossTabVariable[] = [
    {
      key: 'age',
      categories: AGES.map((age) => ({ key: age, label: age })),
      valuesOf: (row: VariableRespondent) => (row.age === null ? [] : [String(row.age)]),
    },
    {
      key: 'gender',
      categories: genders.map((g) => ({ key: g, label: genderLabels[g] })),
      valuesOf: (row: VariableRespondent) => (row.gender ? [row.gender] : []),
    },
    {
      key: 'region',
      categories: regions.map((g) => ({ key: g, label: regionLabels[g] })),
      valuesOf: (row: VariableRespondent) => (row.region ? [row.region] : []),
    },
  ].map((v) => ({
    ...v,
    label: crossTabAttributeLabels[v.key as keyof typeof crossTabAttributeLabels],
    kind: 'audience' as const,
    multiple: false,
    questionId: null,
  }));
  return [
    ...audience,
    // A label reads a piped answer as '[answer to Q2]', as the results headings do.
    ...questions
      .map((q) => ({ ...q, title: pipingInWords(q.title, questions) }))
      .flatMap((q, index) => [...questionVariables(q, index), ...codeVariables(q, index, codes)]),
  ];
}

/** The variables as the contract lists them (without how they read a response). */
export function crossTabVariables(
  questions: Question[],
  codes: readonly SurveyCode[] = [],
): Omit<CrossTabVariable, 'valuesOf'>[] {
  return closedVariables(questions, codes).map(({ valuesOf: _read, ...v }) => v);
}

/** The variable a key names, or a 400 in the user's words naming the field it came from. */
export function resolveVariable(
  questions: Question[],
  key: string,
  field: string,
  codes: readonly SurveyCode[] = [],
): CrossTabVariable {
  const found = closedVariables(questions, codes).find((v) => v.key === key);
  if (found) return found;
  // An open answer is never a dimension (decision 034): its words would pick out who wrote them.
  const id = key.startsWith('q:') ? key.slice(2).split(':')[0] : undefined;
  const asked = id ? questions.find((q) => q.id === id) : undefined;
  const message =
    asked && isFreeEntry(asked)
      ? OPEN_TEXT_CROSSTAB_MESSAGE
      : 'Choose an audience attribute or a closed question of this survey.';
  throw new HttpError(400, message, asked && isFreeEntry(asked) ? FILTER_NOT_CLOSED : 'INVALID_VARIABLE', {
    fields: { [field]: [message] },
  });
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

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
  const codes = await surveyCodes(db, survey.id);
  assertClosedFilter(questions, filter, codes);
  const rowVariable = resolveVariable(questions, rowKey, 'row', codes);
  const columnVariable = resolveVariable(questions, columnKey, 'column', codes);
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
  const rq = rowVariable.questionId;
  const cq = columnVariable.questionId;

  const allVariables = crossTabVariables(questions, codes);
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
          ${rq ? answerSql(rq) : sql`null::jsonb`} as rv,
          ${cq ? answerSql(cq) : sql`null::jsonb`} as cv
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
    const respondent: VariableRespondent = {
      age: row.age,
      gender: row.gender,
      region: row.region,
      answers: { ...(cq ? { [cq]: row.cv } : {}), ...(rq ? { [rq]: row.rv } : {}) },
    };
    const [columnValue] = columnVariable.valuesOf(respondent);
    const c = columnValue === undefined ? undefined : columnIndex.get(columnValue);
    const answered = rowVariable.valuesOf(respondent).filter((value) => rowIndex.has(value));
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
      // Wilson's wider side where fewer than 5 are on one side: never ±0 at 0% or 100%.
      const moe = reportedMargin(share, effective(c));
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
    // Rounded past anything a report shows: weighted cells are sums of floats, whose last digits
    // follow the order the rows came back in, and an organisation must not be able to read that
    // order (a withheld or reworded answer moves rows; open-text.property.test.ts).
    chiSquare: chi ? { statistic: round6(chi.statistic), df: chi.df, pValue: round6(chi.pValue) } : null,
    suppressed: false,
    suppressedReason: null,
  };
}
