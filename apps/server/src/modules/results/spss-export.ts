import { Readable } from 'node:stream';
import {
  type AnswerValue,
  classicEquivalent,
  genderLabels,
  genders,
  pipingInWords,
  type Question,
  regionLabels,
  regions,
} from '@tv/contract';
import type { Db } from '../../db/client';
import {
  disclosedAnswers,
  type ExportOptions,
  type ExportRow,
  inBatches,
  openTextIds,
  responsePages,
} from './export';
import {
  type CodedCsvOptions,
  CodedCsvWriter,
  NOT_ANSWERED,
  type SavCell,
  type SavDataset,
  type SavDictionary,
  type SavVariable,
  SavWriter,
  type SavWriterOptions,
  truncateUtf8,
  writeCodebook,
} from './spss';
import { codesCoder } from './spss-codes';
import { newTypeCoder } from './spss-new-types';

/** The code of an answer a respondent was not shown or left out (user-missing in SPSS). */
const missing = { missingValues: [NOT_ANSWERED] };
const notAnsweredLabel = { value: NOT_ANSWERED, label: 'Not answered or not shown' };
const TEXT_WIDTH = 255;

interface Coder {
  variables: SavVariable[];
  cells: (answers: Record<string, AnswerValue>) => SavCell[];
}

const optionCode = (question: Question, id: unknown) => {
  const index = question.options.findIndex((o) => o.id === id);
  return index >= 0 ? index + 1 : NOT_ANSWERED;
};
const optionLabels = (question: Question) => [
  ...question.options.map((o, i) => ({ value: i + 1, label: o.label })),
  notAnsweredLabel,
];

/** SPSS variables for one question: codes with value labels, measurement level and the missing code. */
function coderFor(question: Question, number: number, questions: readonly Question[]): Coder {
  const name = `Q${number}`;
  // A piped answer reads '[answer to Q2]', numbered as the file numbers its variables.
  const label = `Q${number}. ${pipingInWords(question.title, questions)}`;
  const id = question.id;
  // Slider, date, image choice, constant sum and MaxDiff (decision 048).
  const own = newTypeCoder(question, name, label);
  if (own) return own;
  if (question.type === 'image_choice') return coderFor(classicEquivalent(question), number, questions);
  switch (question.type) {
    case 'single_choice':
    case 'dropdown':
      return {
        variables: [
          {
            name,
            label,
            type: 'numeric',
            measure: 'nominal',
            valueLabels: optionLabels(question),
            ...missing,
          },
        ],
        cells: (a) => [a[id] === undefined ? NOT_ANSWERED : optionCode(question, a[id])],
      };
    case 'multiple_choice':
      return {
        variables: question.options.map((option, i) => ({
          name: `${name}_${i + 1}`,
          label: `${label} — ${option.label}`,
          type: 'numeric',
          measure: 'nominal',
          valueLabels: [
            { value: 0, label: 'Not selected' },
            { value: 1, label: 'Selected' },
            notAnsweredLabel,
          ],
          ...missing,
        })),
        cells: (a) =>
          question.options.map((option) =>
            Array.isArray(a[id]) ? ((a[id] as string[]).includes(option.id) ? 1 : 0) : NOT_ANSWERED,
          ),
      };
    case 'ranking':
      return {
        variables: question.options.map((option, i) => ({
          name: `${name}_${i + 1}`,
          label: `${label} — ${option.label} (rank)`,
          type: 'numeric',
          measure: 'ordinal',
          valueLabels: [notAnsweredLabel],
          ...missing,
        })),
        cells: (a) =>
          question.options.map((option) => {
            const at = Array.isArray(a[id]) ? (a[id] as string[]).indexOf(option.id) : -1;
            return at >= 0 ? at + 1 : NOT_ANSWERED;
          }),
      };
    case 'likert_matrix':
      return {
        variables: question.rows.map((row, i) => ({
          name: `${name}_${i + 1}`,
          label: `${label} — ${row.label}`,
          type: 'numeric',
          measure: 'ordinal',
          valueLabels: optionLabels(question),
          ...missing,
        })),
        cells: (a) =>
          question.rows.map((row) => {
            const answer = a[id];
            return answer && typeof answer === 'object' && !Array.isArray(answer)
              ? optionCode(question, (answer as Record<string, unknown>)[row.id])
              : NOT_ANSWERED;
          }),
      };
    case 'yes_no':
      return {
        variables: [
          {
            name,
            label,
            type: 'numeric',
            measure: 'nominal',
            valueLabels: [{ value: 1, label: 'Yes' }, { value: 0, label: 'No' }, notAnsweredLabel],
            ...missing,
          },
        ],
        cells: (a) => [
          a[id] === true || a[id] === 'yes' ? 1 : a[id] === false || a[id] === 'no' ? 0 : NOT_ANSWERED,
        ],
      };
    case 'rating':
    case 'nps':
    case 'number':
      return {
        variables: [
          {
            name,
            label,
            type: 'numeric',
            measure: question.type === 'number' ? 'scale' : 'ordinal',
            valueLabels: [
              ...(question.scale?.minLabel
                ? [{ value: question.scale.min, label: question.scale.minLabel }]
                : []),
              ...(question.scale?.maxLabel
                ? [{ value: question.scale.max, label: question.scale.maxLabel }]
                : []),
              notAnsweredLabel,
            ],
            decimals: question.type === 'number' ? 2 : 0,
            ...missing,
          },
        ],
        cells: (a) => [
          typeof a[id] === 'number' && Number.isFinite(a[id]) ? (a[id] as number) : NOT_ANSWERED,
        ],
      };
    default:
      // Written answers, as the organisation may read them (withheld or redacted), cut to 255 bytes.
      return {
        variables: [{ name, label, type: { string: TEXT_WIDTH }, measure: 'nominal' }],
        cells: (a) => [typeof a[id] === 'string' ? truncateUtf8(a[id] as string, TEXT_WIDTH) : ''],
      };
  }
}

const genderCode = (gender: string) =>
  genders.indexOf(gender as (typeof genders)[number]) + 1 || NOT_ANSWERED;
const regionCode = (region: string) =>
  regions.indexOf(region as (typeof regions)[number]) + 1 || NOT_ANSWERED;

/**
 * The counted responses under the page's filters as an SPSS dataset: one variable per question (or per
 * option, row or rank), codes with value labels, measurement levels and the code -99 for an answer not
 * given, the audience attributes, and the weight (the file's weight variable) when weighted.
 */
function savExport(
  survey: { name: string },
  questions: Question[],
  options: ExportOptions,
): { dictionary: SavDictionary; cells: (row: ExportRow) => SavCell[] } {
  // An open-text question's codes follow it: a 0/1 variable each, and a multiple-response set (decision 046).
  const coded = questions.map((q, i) =>
    codesCoder(q, i + 1, options.codes ?? [], pipingInWords(q.title, questions)),
  );
  const coders = questions.flatMap((q, i) => [
    coderFor(q, i + 1, questions),
    ...(coded[i] ? [coded[i]] : []),
  ]);
  const weighted = options.weights !== undefined;
  const variables: SavVariable[] = [
    { name: 'response_id', label: 'Response', type: { string: 36 }, measure: 'nominal' },
    { name: 'completed_at', label: 'Completed at (UTC)', type: { string: 24 }, measure: 'nominal' },
    { name: 'duration_s', label: 'Duration (seconds)', type: 'numeric', measure: 'scale', ...missing },
    { name: 'age', label: 'Age', type: 'numeric', measure: 'scale' },
    {
      name: 'gender',
      label: 'Gender',
      type: 'numeric',
      measure: 'nominal',
      valueLabels: genders.map((g, i) => ({ value: i + 1, label: genderLabels[g] })),
      ...missing,
    },
    { name: 'state', label: 'State', type: { string: 2 }, measure: 'nominal' },
    {
      name: 'region',
      label: 'US region',
      type: 'numeric',
      measure: 'nominal',
      valueLabels: regions.map((r, i) => ({ value: i + 1, label: regionLabels[r] })),
      ...missing,
    },
    {
      name: 'simulated',
      label: 'Simulated by the panel simulator',
      type: 'numeric',
      measure: 'nominal',
      valueLabels: [
        { value: 0, label: 'No' },
        { value: 1, label: 'Yes' },
      ],
    },
    ...(weighted
      ? [
          {
            name: 'weight',
            // Names what the weights are raked to: the survey's own targets when a researcher set them.
            label:
              options.weightLabel && !options.weightLabel.startsWith('US teens')
                ? `Weight (raked to ${options.weightLabel})`
                : 'Weight (raked to US teens by age, gender and region)',
            type: 'numeric' as const,
            measure: 'scale' as const,
            decimals: 4,
          },
        ]
      : []),
    ...coders.flatMap((c) => c.variables),
    // Last, so the variables before it keep their places (decision 033).
    {
      name: 'language',
      label: 'Language answered in',
      type: 'numeric',
      measure: 'nominal',
      valueLabels: [
        { value: 1, label: 'English' },
        { value: 2, label: 'Spanish' },
      ],
    },
  ];
  const textIds = openTextIds(questions);
  const weights = options.weights;
  return {
    dictionary: {
      variables,
      fileLabel: survey.name,
      ...(weights ? { weightVariable: 'weight' } : {}),
      multipleResponseSets: coded.flatMap((c) => (c ? [c.set] : [])),
    },
    cells: (row) => {
      const answers = disclosedAnswers(row, textIds);
      return [
        row.id,
        row.completedAt.toISOString(),
        row.durationSeconds ?? NOT_ANSWERED,
        row.age,
        genderCode(row.gender),
        row.state.slice(0, 2),
        regionCode(row.region),
        row.simulated ? 1 : 0,
        // By the response's audience cell (issue 27), the weight the results show for it.
        ...(weights ? [weights.of(row)] : []),
        ...coders.flatMap((c) => c.cells(answers)),
        row.language === 'es' ? 2 : 1,
      ];
    },
  };
}

/** The SPSS cells of every counted response, fifty at a time; reports progress after each page. */
async function* savPages(
  db: Db,
  surveyId: string,
  options: ExportOptions,
  cells: (row: ExportRow) => SavCell[],
): AsyncGenerator<SavCell[][]> {
  let written = 0;
  for await (const page of responsePages(db, surveyId, options)) {
    const count = page.length;
    // Fifty rows at a time, each let go once coded (see inBatches).
    yield* inBatches(page, 50, cells);
    written += count;
    options.onProgress?.(written);
  }
}

/**
 * The counted responses under the page's filters as an SPSS dataset, built whole: one variable per
 * question (or per option, row or rank), codes with value labels, measurement levels and the code -99
 * for an answer not given, the audience attributes, and the weight (the file's weight variable) when
 * weighted. The downloads stream instead (responsesSav, responsesCodedCsv); this is for tests.
 */
export async function responsesDataset(
  db: Db,
  survey: { id: string; name: string },
  questions: Question[],
  options: ExportOptions,
): Promise<SavDataset> {
  const { dictionary, cells } = savExport(survey, questions, options);
  const rows: SavCell[][] = [];
  for await (const page of savPages(db, survey.id, options, cells)) rows.push(...page);
  return { ...dictionary, rows };
}

/**
 * The .sav file written as it is read (issue 27): the dictionary, then the compressed records of each
 * page of responses, so memory stays flat at a million. The header's case count is -1 (not known,
 * which PSPP and SPSS read to the end of the file): see decision 049. The dictionary is validated
 * here, before anything is sent.
 */
export function responsesSav(
  db: Db,
  survey: { id: string; name: string },
  questions: Question[],
  options: ExportOptions,
  writerOptions: SavWriterOptions = {},
): Readable {
  const { dictionary, cells } = savExport(survey, questions, options);
  const writer = new SavWriter(dictionary, writerOptions);
  async function* chunks() {
    yield writer.dictionary();
    for await (const rows of savPages(db, survey.id, options, cells)) yield writer.rows(rows);
    yield writer.end();
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The numeric-coded CSV of the same data as the .sav, written as it is read. */
export function responsesCodedCsv(
  db: Db,
  survey: { id: string; name: string },
  questions: Question[],
  options: ExportOptions,
  csvOptions: CodedCsvOptions = { bom: true },
): Readable {
  const { dictionary, cells } = savExport(survey, questions, options);
  const writer = new CodedCsvWriter(dictionary, csvOptions);
  async function* chunks() {
    yield writer.header();
    // Fifty lines at a time (savPages' batches), never a page in one string (see CHUNK_CHARS).
    for await (const rows of savPages(db, survey.id, options, cells)) yield writer.rows(rows);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The codebook of the coded exports: it describes the variables, so it reads no response. */
export function responsesCodebook(
  survey: { name: string },
  questions: Question[],
  options: ExportOptions,
  csvOptions: CodedCsvOptions = { bom: true },
): string {
  return writeCodebook(savExport(survey, questions, options).dictionary, csvOptions);
}
