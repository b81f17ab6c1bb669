import {
  type Audience,
  type BannerTablesQuery,
  genderLabels,
  MIN_CELL_SIZE,
  type Question,
  type ResultsFilter,
  regionLabels,
} from '@tv/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import { codedAnswersSql, type SurveyCode, surveyCodes, withCodes } from './codes';
import { type CrossTabVariable, closedVariables, resolveVariable, type VariableRespondent } from './crosstab';
import { assertClosedFilter } from './filters';
import { columnLetter, columnProportionTests, effectiveBase } from './statistics';
import { filteredViewVerdict, responseScope } from './summary';
import { type WeightedSurvey, weightsFor } from './weighting';

/**
 * Banner tables (issue 26), as research agencies deliver them: every closed question, its answers as
 * rows, against the banner, a Total column and the categories of one or more closed variables, with
 * column percentages (weighted when the results are), unweighted and weighted bases and significance
 * letters. Each banner column has a letter (A, B, C… across the whole banner); a cell carries the
 * letters of the columns of the same banner variable it is significantly higher than, by the
 * cross-tab's column proportions z-test (95%, Bonferroni within the row, columns under 30 not
 * compared; decision 027).
 *
 * Disclosure (decision 014): a table whose question 1–4 respondents answered is hidden; a banner
 * column of 1–4 respondents is hidden, and when what a banner variable's shown columns leave of Total
 * (hidden columns and those who gave that variable no answer) is 1–4 people, its smallest shown column
 * is hidden too, so nobody can subtract their way to a group under 5. Hidden figures are marked, never
 * written. Only closed answers are read: open text, withheld or not, counts nowhere.
 */

const ALPHA = 0.05;
const MIN_TEST_BASE = 30;

/** Why a banner column's figures are not shown: 1–4 respondents, or hidden so they can't be subtracted. */
export type BannerColumnState = 'shown' | 'empty' | 'hidden' | 'complement';

export interface BannerColumnFigures {
  state: BannerColumnState;
  /** Respondents (unweighted); null unless shown or empty. */
  base: number | null;
  /** Sum of weights when weighted; null otherwise or when not shown. */
  weightedBase: number | null;
  /** Whether the significance test compared this column (a shown column with an effective base of 30+). */
  tested: boolean;
  /** Column share of each row (0–1; weighted when the tables are); null when not shown. */
  shares: (number | null)[];
  /** Letters of the columns each row's share is significantly higher than. */
  letters: string[][];
}

export interface BannerTable {
  key: string;
  label: string;
  /** Several answers per respondent: the column percentages add up to more than 100%. */
  multiple: boolean;
  state: 'shown' | 'empty' | 'hidden';
  rows: { key: string; label: string }[];
  total: BannerColumnFigures;
  /** One entry per banner column, in the order of `BannerModel.columns`. */
  columns: BannerColumnFigures[];
}

export interface BannerModel {
  weighted: boolean;
  groups: { key: string; label: string }[];
  /** Every banner column: its variable (index into groups), category and letter. */
  columns: { group: number; key: string; label: string; letter: string }[];
  tables: BannerTable[];
}

export interface BannerRespondent extends VariableRespondent {
  /** The respondent's weight (1 when unweighted). */
  weight: number;
}

const COLUMNS_MESSAGE = 'Banner columns take a question with one answer, or an audience attribute.';

/** The banner's variables, checked: closed, one answer each (as cross-tab columns), in the order asked. */
export function bannerVariables(
  questions: Question[],
  keys: readonly string[],
  codes: readonly SurveyCode[] = [],
): CrossTabVariable[] {
  return keys.map((key) => {
    const found = resolveVariable(questions, key, 'banner', codes);
    if (found.multiple) {
      throw new HttpError(400, COLUMNS_MESSAGE, 'INVALID_VARIABLE', {
        fields: { banner: [COLUMNS_MESSAGE] },
      });
    }
    return found;
  });
}

interface Accumulator {
  people: number;
  weight: number;
  weights: number[];
  /** Weighted count per row category. */
  counts: number[];
}

const accumulator = (rows: number): Accumulator => ({
  people: 0,
  weight: 0,
  weights: [],
  counts: new Array<number>(rows).fill(0),
});

/** The banner tables of these respondents: pure, so a test can check every figure by hand. */
export function computeBannerTables(
  questions: Question[],
  bannerKeys: readonly string[],
  respondents: readonly BannerRespondent[],
  weighted: boolean,
  /** The survey's codes of open text (decision 046): each coded question's codes are a table too. */
  codes: readonly SurveyCode[] = [],
): BannerModel {
  const banner = bannerVariables(questions, bannerKeys, codes);
  const columns = banner.flatMap((variable, group) =>
    variable.categories.map((category) => ({ group, key: category.key, label: category.label })),
  );
  const lettered = columns.map((column, index) => ({ ...column, letter: columnLetter(index) }));
  // A code alone (`code:<id>`) is a banner column; as rows, the question's codes are one table.
  const rowVariables = closedVariables(questions, codes).filter(
    (v) => v.kind === 'question' && !v.key.startsWith('code:'),
  );

  const tables = rowVariables.map((variable): BannerTable => {
    const rowIndex = new Map(variable.categories.map((c, i) => [c.key, i]));
    const nRows = variable.categories.length;
    const total = accumulator(nRows);
    const perColumn = columns.map(() => accumulator(nRows));
    const columnIndex = new Map(columns.map((c, i) => [`${c.group}\u0000${c.key}`, i]));
    for (const respondent of respondents) {
      const answered = variable.valuesOf(respondent).filter((value) => rowIndex.has(value));
      if (answered.length === 0) continue;
      const w = weighted ? respondent.weight : 1;
      const add = (into: Accumulator) => {
        into.people += 1;
        into.weight += w;
        into.weights.push(w);
        for (const value of answered) into.counts[rowIndex.get(value)!]! += w;
      };
      add(total);
      banner.forEach((bannerVariable, group) => {
        const [value] = bannerVariable.valuesOf(respondent);
        const at = value === undefined ? undefined : columnIndex.get(`${group}\u0000${value}`);
        if (at !== undefined) add(perColumn[at]!);
      });
    }

    const figures = (acc: Accumulator, state: BannerColumnState): BannerColumnFigures => {
      const shown = state === 'shown';
      return {
        state,
        base: shown || state === 'empty' ? acc.people : null,
        weightedBase: shown && weighted ? acc.weight : null,
        tested: false,
        shares: acc.counts.map((count) => (shown && acc.weight > 0 ? Math.min(1, count / acc.weight) : null)),
        letters: acc.counts.map(() => []),
      };
    };
    const tableState =
      total.people === 0 ? 'empty' : total.people < MIN_CELL_SIZE ? 'hidden' : ('shown' as const);
    if (tableState !== 'shown') {
      return {
        key: variable.key,
        label: variable.label,
        multiple: variable.multiple,
        state: tableState,
        rows: variable.categories,
        total: figures(total, tableState === 'empty' ? 'empty' : 'hidden'),
        columns: perColumn.map((acc) => figures(acc, acc.people === 0 ? 'empty' : 'hidden')),
      };
    }

    const states: BannerColumnState[] = perColumn.map((acc) =>
      acc.people === 0 ? 'empty' : acc.people < MIN_CELL_SIZE ? 'hidden' : 'shown',
    );
    // Per banner variable: what its shown columns leave of Total must be 0 or at least 5 people.
    banner.forEach((_, group) => {
      const inGroup = columns.flatMap((c, i) => (c.group === group ? [i] : []));
      for (;;) {
        const shown = inGroup.filter((i) => states[i] === 'shown');
        const unseen = total.people - shown.reduce((sum, i) => sum + perColumn[i]!.people, 0);
        if (unseen === 0 || unseen >= MIN_CELL_SIZE || shown.length === 0) break;
        const smallest = shown.reduce((a, b) => (perColumn[b]!.people < perColumn[a]!.people ? b : a));
        states[smallest] = 'complement';
      }
    });

    const out = perColumn.map((acc, i) => figures(acc, states[i]!));
    // Significance: the shown columns of each banner variable, compared with one another.
    banner.forEach((_, group) => {
      const shown = columns.flatMap((c, i) => (c.group === group && states[i] === 'shown' ? [i] : []));
      if (shown.length < 2) return;
      const tests = columnProportionTests(
        variable.categories.map((_, r) => shown.map((i) => perColumn[i]!.counts[r]!)),
        {
          alpha: ALPHA,
          correction: 'bonferroni',
          minBase: MIN_TEST_BASE,
          bases: shown.map((i) => perColumn[i]!.weight),
          effectiveBases: shown.map((i) =>
            weighted ? effectiveBase(perColumn[i]!.weights) : perColumn[i]!.people,
          ),
        },
      );
      const global = new Map(tests.columnLetters.map((local, j) => [local, lettered[shown[j]!]!.letter]));
      shown.forEach((i, j) => {
        out[i]!.tested = tests.tested[j]!;
        out[i]!.letters = variable.categories.map((_, r) =>
          (tests.letters[r]?.[j] ?? []).map((local) => global.get(local)!),
        );
      });
    });

    return {
      key: variable.key,
      label: variable.label,
      multiple: variable.multiple,
      state: 'shown',
      rows: variable.categories,
      total: figures(total, 'shown'),
      columns: out,
    };
  });

  return {
    weighted,
    groups: banner.map((v) => ({ key: v.key, label: v.label })),
    columns: lettered,
    tables,
  };
}

// ---- the workbook --------------------------------------------------------------------------

/** What marks a figure that is not shown; the Notes sheet says why. */
export const HIDDEN_MARK = '*';
export const BASE_UNDER_5 = 'Under 5';
export const BASE_HIDDEN = 'Hidden';
export const TABLES_SHEET = 'Banner tables';
export const NOTES_SHEET = 'Notes';

export interface BannerWorkbookMeta {
  surveyName: string;
  /** What the weights are raked to, in words, when weighted. */
  weightLabel: string | null;
  /** The filters of the group shown, in words (empty: every counted response). */
  filters: string[];
  generatedAt: Date;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The filters of a results view, in words, for the workbook's notes. */
export function filtersInWords(filter: ResultsFilter, questions: Question[]): string[] {
  const words: string[] = [];
  if (filter.ageMin !== undefined || filter.ageMax !== undefined) {
    words.push(`Ages ${filter.ageMin ?? 13}–${filter.ageMax ?? 19}`);
  }
  if (filter.gender)
    words.push(`Gender: ${genderLabels[filter.gender as keyof typeof genderLabels] ?? filter.gender}`);
  if (filter.region)
    words.push(`US region: ${regionLabels[filter.region as keyof typeof regionLabels] ?? filter.region}`);
  if (filter.answer) {
    const [questionId, optionId] = filter.answer.split(':');
    const index = questions.findIndex((q) => q.id === questionId);
    const q = questions[index];
    const option = q?.options.find((o) => o.id === optionId);
    if (q && option) words.push(`Q${index + 1}. ${q.title}: ${option.label}`);
  }
  if (filter.language) words.push(`Answered in ${filter.language === 'es' ? 'Spanish' : 'English'}`);
  if (filter.includeSimulated) words.push('Simulated responses included');
  return words;
}

/** The banner tables as one XLSX workbook: a sheet of tables, and a sheet of notes. */
export async function bannerWorkbook(model: BannerModel, meta: BannerWorkbookMeta): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = `${meta.surveyName}: banner tables`;
  workbook.created = meta.generatedAt;
  const sheet = workbook.addWorksheet(TABLES_SHEET, { views: [{ state: 'frozen', xSplit: 1 }] });
  const width = 2 + model.columns.length;
  sheet.getColumn(1).width = 48;
  for (let c = 2; c <= width; c++) sheet.getColumn(c).width = 14;
  const bold = { bold: true };
  const grey = { color: { argb: 'FF595959' } };

  sheet.addRow([`${meta.surveyName}: banner tables`]).font = { bold: true, size: 14 };
  sheet.addRow([
    model.weighted && meta.weightLabel
      ? `Column percentages, weighted to ${meta.weightLabel}. Bases are respondents (unweighted) and the sum of their weights.`
      : 'Column percentages, unweighted. Bases are respondents.',
  ]);
  sheet.addRow([
    meta.filters.length > 0
      ? `Group shown: ${meta.filters.join('; ')}`
      : 'Group shown: every counted response',
  ]);
  sheet.addRow([
    `Letters mark a share significantly higher than the share in that letter's column of the same banner question (95%). ${HIDDEN_MARK} hidden: see the Notes sheet.`,
  ]).font = grey;
  sheet.addRow([]);

  const markOf = (figures: BannerColumnFigures) =>
    figures.state === 'hidden' ? BASE_UNDER_5 : figures.state === 'complement' ? BASE_HIDDEN : null;

  model.tables.forEach((table, t) => {
    sheet.addRow([`Table ${t + 1}. ${table.label}`]).font = bold;
    // The banner: Total, then each variable's label over its columns.
    const groupRow = sheet.addRow([
      '',
      'Total',
      ...model.columns.map((c, i) =>
        i === 0 || model.columns[i - 1]!.group !== c.group ? model.groups[c.group]!.label : '',
      ),
    ]);
    groupRow.font = bold;
    model.groups.forEach((_, g) => {
      const first = model.columns.findIndex((c) => c.group === g);
      const last = model.columns.findLastIndex((c) => c.group === g);
      if (last > first) sheet.mergeCells(groupRow.number, 3 + first, groupRow.number, 3 + last);
    });
    sheet.addRow(['', '', ...model.columns.map((c) => c.label)]).font = bold;
    sheet.addRow(['', '', ...model.columns.map((c) => `(${c.letter})`)]).font = grey;

    if (table.state !== 'shown') {
      sheet.addRow([
        table.state === 'empty'
          ? 'Nobody in this group has answered this question yet.'
          : `${HIDDEN_MARK} Hidden: fewer than ${MIN_CELL_SIZE} respondents answered this question.`,
      ]).font = grey;
      sheet.addRow([]);
      return;
    }

    const all = [table.total, ...table.columns];
    sheet.addRow(['Unweighted base', ...all.map((f) => markOf(f) ?? f.base ?? 0)]).font = bold;
    if (model.weighted) {
      sheet.addRow([
        'Weighted base',
        ...all.map((f) => markOf(f) ?? (f.weightedBase === null ? 0 : round1(f.weightedBase))),
      ]).font = bold;
    }
    table.rows.forEach((category, r) => {
      const shares = sheet.addRow([
        category.label,
        ...all.map((f) =>
          f.state === 'hidden' || f.state === 'complement' ? HIDDEN_MARK : (f.shares[r] ?? '–'),
        ),
      ]);
      shares.eachCell((cell, column) => {
        if (column > 1 && typeof cell.value === 'number') cell.numFmt = '0.0%';
        if (column > 1) cell.alignment = { horizontal: 'right' };
      });
      const letters = sheet.addRow(['', '', ...table.columns.map((f) => f.letters[r]?.join('') ?? '')]);
      letters.font = { ...grey, bold: true };
      letters.eachCell((cell, column) => {
        if (column > 1) cell.alignment = { horizontal: 'right' };
      });
    });
    if (table.multiple) {
      sheet.addRow(['Several answers were allowed: columns add up to more than 100%.']).font = grey;
    }
    sheet.addRow([]);
  });

  const notes = workbook.addWorksheet(NOTES_SHEET);
  notes.getColumn(1).width = 120;
  const lines = [
    `${meta.surveyName}: banner tables, made ${meta.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    'What each table shows',
    'Rows: the answers to one closed question. Columns: Total, then the categories of each banner question or audience attribute, each with a letter.',
    'Percentages are column percentages: the share of the column who gave that answer, among those in the column who answered the question.',
    'Unweighted base: respondents in the column who answered the question.',
    model.weighted && meta.weightLabel
      ? `Weighted base: the sum of their weights. The figures are weighted to ${meta.weightLabel}.`
      : 'The figures are not weighted.',
    'Yes/no, rating and ranking questions are tables too: a ranking by the option ranked first, and NPS by its groups (detractors 0–6, passives 7–8, promoters 9–10). Each statement of a Likert matrix is its own table.',
    'Open-text answers, and anything typed in, are never tables or banner columns, and withheld answers count nowhere.',
    '',
    'Significance letters',
    `Column proportions z-test at 95% (p < ${ALPHA}), as in SPSS Custom Tables and Qualtrics, with a Bonferroni correction within each row.`,
    "A letter under a percentage means the share is significantly higher than the share in that letter's column. Columns are compared only with columns of the same banner question; Total is not compared.",
    `Columns with fewer than ${MIN_TEST_BASE} respondents${model.weighted ? ' (effective base, for weighted figures)' : ''} are not compared.`,
    model.weighted ? "Weighted tests use each column's effective base (Kish), not the sum of weights." : '',
    '',
    'Hidden figures',
    `${BASE_UNDER_5}: the column has fewer than ${MIN_CELL_SIZE} respondents; its figures are hidden (${HIDDEN_MARK}) to protect their anonymity.`,
    `${BASE_HIDDEN}: the column is hidden too, so that a hidden group of fewer than ${MIN_CELL_SIZE} can't be worked out from Total and the columns shown.`,
    `A table whose question fewer than ${MIN_CELL_SIZE} respondents answered is hidden whole.`,
    '',
    meta.filters.length > 0
      ? `Group shown: ${meta.filters.join('; ')}.`
      : 'Group shown: every counted response.',
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '');
  for (const line of lines) {
    const row = notes.addRow([line]);
    if (['What each table shows', 'Significance letters', 'Hidden figures'].includes(line)) row.font = bold;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---- from the database -----------------------------------------------------------------------

/**
 * The banner-tables workbook of a survey under a results view's filters. The caller has authorised
 * the viewer; filters are checked (closed options only, no group under 5) before anything is counted.
 */
export async function bannerTablesXlsx(
  db: Db,
  survey: WeightedSurvey & { name: string; audience: Audience | null },
  questions: Question[],
  query: BannerTablesQuery,
  generatedAt = new Date(),
): Promise<Buffer> {
  const { banner, weighted: askedWeighted, ...filter } = query;
  const codes = await surveyCodes(db, survey.id);
  assertClosedFilter(questions, filter, codes);
  bannerVariables(questions, banner, codes);
  const verdict = await filteredViewVerdict(db, survey.id, filter as ResultsFilter);
  if (!verdict.shown) {
    throw new HttpError(
      403,
      `${verdict.reason} Widen the filters to download a larger group.`,
      'GROUP_TOO_SMALL',
    );
  }
  const weighted = askedWeighted ?? survey.audience !== null;
  const r = surveyResponses;
  const rows = await queryRows<{
    age: number | null;
    gender: string | null;
    region: string | null;
    answers: Record<string, unknown> | string | null;
    coded: unknown;
  }>(
    db,
    sql`select ${r.age} as age, ${r.gender} as gender, ${r.region} as region, ${r.answers} as answers,
          ${codedAnswersSql()} as coded
        from ${r} where ${responseScope(survey.id, filter as ResultsFilter)}`,
  );
  const weights = weighted ? await weightsFor(db, survey, filter.includeSimulated) : null;
  const respondents: BannerRespondent[] = rows.map((row) => ({
    age: row.age,
    gender: row.gender,
    region: row.region,
    answers: withCodes(
      typeof row.answers === 'string' ? JSON.parse(row.answers) : (row.answers ?? {}),
      row.coded,
    ),
    weight: weights
      ? weights.of({ age: row.age ?? '', gender: row.gender ?? '', region: row.region ?? '' })
      : 1,
  }));
  const model = computeBannerTables(questions, banner, respondents, weighted, codes);
  return bannerWorkbook(model, {
    surveyName: survey.name,
    weightLabel: weights?.label ?? null,
    filters: filtersInWords(filter as ResultsFilter, questions),
    generatedAt,
  });
}
