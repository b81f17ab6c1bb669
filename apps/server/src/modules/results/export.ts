import { PassThrough, Readable } from 'node:stream';
import {
  type AnswerValue,
  classicEquivalent,
  codesKey,
  maxDiffKeys,
  maxDiffSets,
  otherTextKey,
  pipingInWords,
  type Question,
  type ResultsFilter,
} from '@tv/contract';
import { and, asc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { answerReviews, incidents, surveyResponses } from '../../db/schema/responses';
import { type AnswerReviewState, disclosedText, isWithheldText } from '../privacy/service';
import { codedAnswersSql, isOpenText, type SurveyCode, withCodes } from './codes';
import { responseScope } from './summary';

const PAGE = 1_000;

interface Column {
  header: string;
  value: (answers: Record<string, AnswerValue>) => string | number;
}

/** One column per question, or per option where a question has several answers (labels, not ids). */
export function exportColumns(questions: Question[], codes: readonly SurveyCode[] = []): Column[] {
  const columns: Column[] = [];
  questions.forEach((asked, index) => {
    // An image choice is exported as the single or multiple choice it counts like (decision 048).
    const q = classicEquivalent(asked);
    // A piped answer reads '[answer to Q2]', numbered as the export numbers its questions.
    const prefix = `Q${index + 1}. ${pipingInWords(q.title, questions)}`;
    const label = (id: unknown) => q.options.find((o) => o.id === id)?.label ?? '';
    switch (q.type) {
      case 'maxdiff':
        // The item chosen most and least important in each set (decision 048).
        for (const [index] of maxDiffSets(q).entries()) {
          for (const end of ['best', 'worst'] as const) {
            const key = maxDiffKeys(index + 1)[end];
            columns.push({
              header: `${prefix} — set ${index + 1}, ${end === 'best' ? 'most' : 'least'} important`,
              value: (a) => {
                const answer = a[q.id];
                return answer && typeof answer === 'object' && !Array.isArray(answer)
                  ? label((answer as Record<string, string>)[key])
                  : '';
              },
            });
          }
        }
        break;
      case 'constant_sum':
        // Points per item (decision 048); an item the teen left out was given 0.
        for (const option of q.options) {
          columns.push({
            header: `${prefix} — ${option.label} (points)`,
            value: (a) => {
              const answer = a[q.id];
              return answer && typeof answer === 'object' && !Array.isArray(answer)
                ? Number((answer as Record<string, string>)[option.id] ?? 0)
                : '';
            },
          });
        }
        break;
      case 'multiple_choice':
        for (const option of q.options) {
          columns.push({
            header: `${prefix} — ${option.label}`,
            value: (a) => (Array.isArray(a[q.id]) && (a[q.id] as string[]).includes(option.id) ? 'Yes' : ''),
          });
        }
        break;
      case 'ranking':
        for (const option of q.options) {
          columns.push({
            header: `${prefix} — ${option.label} (rank)`,
            value: (a) => {
              const list = a[q.id];
              const at = Array.isArray(list) ? list.indexOf(option.id) : -1;
              return at >= 0 ? at + 1 : '';
            },
          });
        }
        break;
      case 'likert_matrix':
        for (const row of q.rows) {
          columns.push({
            header: `${prefix} — ${row.label}`,
            value: (a) => {
              const answer = a[q.id];
              return answer && typeof answer === 'object' && !Array.isArray(answer)
                ? label(answer[row.id])
                : '';
            },
          });
        }
        break;
      case 'single_choice':
      case 'dropdown':
        columns.push({ header: prefix, value: (a) => label(a[q.id]) });
        break;
      case 'yes_no':
        columns.push({
          header: prefix,
          value: (a) =>
            a[q.id] === true || a[q.id] === 'yes' ? 'Yes' : a[q.id] === false || a[q.id] === 'no' ? 'No' : '',
        });
        break;
      default:
        columns.push({
          header: prefix,
          value: (a) => {
            const v = a[q.id];
            return typeof v === 'number' || typeof v === 'string' ? v : '';
          },
        });
    }
    // Codes of an open-text question (decision 046): 1 coded with it, 0 coded with others only, empty
    // for an answer not coded (or withheld, whose codes count nowhere) and for no answer.
    for (const code of codes.filter((c) => c.questionId === q.id && isOpenText(q))) {
      columns.push({
        header: `${prefix} — code: ${code.label}`,
        value: (a) => {
          const given = a[codesKey(q.id)];
          return Array.isArray(given) && given.length > 0 ? (given.includes(code.id) ? 1 : 0) : '';
        },
      });
    }
    // 'Other, please specify': the teen's own words, disclosed like any written answer (decision 029).
    const other = q.options.find((o) => o.other);
    if (other && q.type !== 'likert_matrix' && q.type !== 'ranking') {
      columns.push({
        header: `${prefix} — ${other.label} (please specify)`,
        value: (a) => {
          const text = a[otherTextKey(q.id)];
          return typeof text === 'string' ? text : '';
        },
      });
    }
  });
  return columns;
}

const fixedHeaders = [
  'Response',
  'Completed at',
  'Duration (seconds)',
  'Age',
  'Gender',
  'State',
  'Region',
  'Simulated',
];

/**
 * Which responses an export holds: the results filters of the page (age, gender, region, an answer),
 * real ones, and simulated ones (marked) only when asked for; with weights, a Weight column.
 */
/**
 * A response's weight by its audience cell (age, gender, region), which is all a raking weight depends
 * on: a few hundred cells, never a map of every response (issue 27). `CellWeights` is one.
 */
export interface ExportWeights {
  of(cell: { age: number | string; gender: string; region: string }): number;
}

export interface ExportOptions extends ResultsFilter {
  /** Each response's weight by its cell (raked to US teen margins), when the export is weighted. */
  weights?: ExportWeights;
  /** What the weights are raked to, in words (the Census margins or the survey's own targets). */
  weightLabel?: string;
  /** The survey's codes of open text (decision 046): a 0/1 column each. */
  codes?: SurveyCode[];
  /**
   * Called after each page of responses is written, with the rows written so far (for an export
   * job's progress bar). Every writer calls it: CSV, XLSX, .sav and the coded CSV.
   */
  onProgress?: (rowsWritten: number) => void;
}

export interface ExportRow {
  id: string;
  simulated: boolean;
  completedAt: Date;
  durationSeconds: number | null;
  age: number;
  gender: string;
  state: string;
  region: string;
  /** 'en' or 'es' (decision 033). */
  language: string;
  answers: Record<string, AnswerValue>;
  flaggedQuestions: string | null;
  reviews: string | null;
  /** The response's readable codes, `{ "<questionId>.codes": [codeIds] }` (decision 046). */
  coded?: unknown;
}

/**
 * The answers as an organisation may read them: open text withheld while it raised a safeguarding
 * incident and nobody released it, and redacted of obvious personal data otherwise.
 */
export function disclosedAnswers(row: ExportRow, textIds: string[]): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = withCodes({ ...row.answers }, row.coded);
  const flagged: string[] = row.flaggedQuestions ? JSON.parse(row.flaggedQuestions) : [];
  const reviews: Record<string, { decision: AnswerReviewState['decision']; text: string | null }> =
    row.reviews ? JSON.parse(row.reviews) : {};
  for (const id of textIds) {
    const raw = answers[id];
    if (typeof raw !== 'string') continue;
    const review = reviews[id];
    const shown = disclosedText(
      raw,
      {
        flagged: flagged.includes(id),
        decision: review?.decision ?? null,
        releasedText: review?.text ?? null,
      },
      isWithheldText,
    );
    answers[id] = shown.text;
    // A withheld answer's codes count nowhere until it is released (decision 046).
    if (shown.withheld) delete answers[codesKey(id)];
  }
  return answers;
}

/** The answers written in a teen's own words: open questions and 'Other, please specify' texts. */
export const openTextIds = (questions: Question[]) => [
  ...questions.filter((q) => q.type === 'short_text' || q.type === 'long_text').map((q) => q.id),
  ...questions.filter((q) => q.options.some((o) => o.other)).map((q) => otherTextKey(q.id)),
];

/** Every counted response, a page at a time (keyset), so 100k responses never sit in memory. */
export async function* responsePages(
  db: Db,
  surveyId: string,
  options: ExportOptions,
): AsyncGenerator<ExportRow[]> {
  const { weights: _weights, codes: _codes, weightLabel: _label, onProgress: _progress, ...filter } = options;
  const scope = responseScope(surveyId, filter);
  let after: { completedAt: Date; id: string } | null = null;
  const r = surveyResponses;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          gt(r.completedAt, after.completedAt),
          and(eq(r.completedAt, after.completedAt), gt(r.id, after.id)),
        )
      : undefined;
    const rows: ExportRow[] = await db
      .select({
        id: r.id,
        simulated: r.simulated,
        completedAt: r.completedAt,
        durationSeconds: r.durationSeconds,
        age: r.age,
        gender: r.gender,
        state: r.state,
        region: r.region,
        language: r.language,
        answers: r.answers,
        // As text, parsed here: drivers differ in whether they parse json from a subquery.
        flaggedQuestions: sql<
          string | null
        >`(select jsonb_agg(distinct i.question_id)::text from ${incidents} i where i.response_id = survey_responses.id)`,
        reviews: sql<
          string | null
        >`(select jsonb_object_agg(ar.question_id, jsonb_build_object('decision', ar.decision, 'text', ar.released_text))::text from ${answerReviews} ar where ar.response_id = survey_responses.id)`,
        coded: options.codes?.length ? codedAnswersSql() : sql<null>`null`,
      })
      .from(r)
      .where(cursor ? and(scope, cursor) : scope)
      .orderBy(asc(r.completedAt), asc(r.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows;
    const last: ExportRow = rows.at(-1)!;
    after = { completedAt: last.completedAt, id: last.id };
    if (rows.length < PAGE) return;
  }
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The language a response was given in, after the answers and before the weight (decision 033). */
const languageHeader = 'Language';
const languageName = (language: string) => (language === 'es' ? 'Spanish' : 'English');

export function responsesCsv(
  db: Db,
  surveyId: string,
  questions: Question[],
  options: ExportOptions = {},
): Readable {
  const columns = exportColumns(questions, options.codes);
  const textIds = openTextIds(questions);
  async function* lines() {
    const weightHeader = options.weights ? ['Weight'] : [];
    yield `\uFEFF${[...fixedHeaders, ...columns.map((c) => c.header), languageHeader, ...weightHeader].map(csvCell).join(',')}\r\n`;
    let written = 0;
    for await (const page of responsePages(db, surveyId, options)) {
      let chunk = '';
      for (const row of page) {
        const answers = disclosedAnswers(row, textIds);
        chunk += `${[
          row.id,
          row.completedAt.toISOString(),
          row.durationSeconds,
          row.age,
          row.gender,
          row.state,
          row.region,
          row.simulated ? 'Yes' : '',
          ...columns.map((c) => c.value(answers)),
          // The language after the answers (decision 033), so the columns before it keep their places.
          languageName(row.language),
          // The weight comes last, so the columns before it stay where they were.
          ...(options.weights ? [Number(options.weights.of(row).toFixed(6))] : []),
        ]
          .map(csvCell)
          .join(',')}\r\n`;
      }
      yield chunk;
      written += page.length;
      options.onProgress?.(written);
    }
  }
  return Readable.from(lines());
}

export function responsesXlsx(
  db: Db,
  surveyId: string,
  surveyName: string,
  questions: Question[],
  options: ExportOptions = {},
): Readable {
  const output = new PassThrough();
  const columns = exportColumns(questions, options.codes);
  const textIds = openTextIds(questions);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Responses');
  const weightHeader = options.weights ? ['Weight'] : [];
  sheet.columns = [...fixedHeaders, ...columns.map((c) => c.header), languageHeader, ...weightHeader].map(
    (header) => ({
      header,
      width: 22,
    }),
  );
  sheet.getRow(1).font = { bold: true };
  (async () => {
    let written = 0;
    for await (const page of responsePages(db, surveyId, options)) {
      for (const row of page) {
        const answers = disclosedAnswers(row, textIds);
        sheet
          .addRow([
            row.id,
            row.completedAt,
            row.durationSeconds,
            row.age,
            row.gender,
            row.state,
            row.region,
            row.simulated ? 'Yes' : '',
            ...columns.map((c) => c.value(answers)),
            languageName(row.language),
            ...(options.weights ? [Number(options.weights.of(row).toFixed(6))] : []),
          ])
          .commit();
      }
      written += page.length;
      options.onProgress?.(written);
    }
    workbook.properties = { ...workbook.properties, title: surveyName } as typeof workbook.properties;
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

export const exportFileName = (name: string, extension: string) =>
  `${
    name
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'survey'
  }-responses.${extension}`;
