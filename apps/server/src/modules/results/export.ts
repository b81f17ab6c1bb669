import { Readable } from 'node:stream';
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
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { answerReviews, incidents, surveyResponses } from '../../db/schema/responses';
import { type AnswerReviewState, disclosedText, isWithheldText } from '../privacy/service';
import { codedAnswersSql, isOpenText, type SurveyCode, withCodes } from './codes';
import { responseScope } from './summary';
import { type XlsxCell, xlsxStream } from './xlsx-stream';

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
    const labels = new Map<unknown, string>(q.options.map((o) => [o.id, o.label]));
    const label = (id: unknown) => labels.get(id) ?? '';
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
  /** Where the row is in the export's order: its completion time to the microsecond, in UTC. */
  position?: string;
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
  // Copied only when something is added or changed (a million copies weighed on the exports).
  const hasCodes = row.coded !== null && row.coded !== undefined;
  let answers: Record<string, AnswerValue> = hasCodes
    ? withCodes({ ...row.answers }, row.coded)
    : row.answers;
  let copied = hasCodes;
  let flagged: string[] | null = null;
  let reviews: Record<string, { decision: AnswerReviewState['decision']; text: string | null }> | null = null;
  for (const id of textIds) {
    const raw = answers[id];
    if (typeof raw !== 'string') continue;
    if (!copied) {
      answers = { ...answers };
      copied = true;
    }
    flagged ??= row.flaggedQuestions ? (JSON.parse(row.flaggedQuestions) as string[]) : [];
    reviews ??= row.reviews ? JSON.parse(row.reviews) : {};
    const review = reviews![id];
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

/** One page of counted responses after `after` (keyset), in the export's order. */
async function responsePage(
  db: Db,
  scope: SQL,
  after: { position: string; id: string } | null,
  coded: boolean,
): Promise<ExportRow[]> {
  const r = surveyResponses;
  // A row comparison, which bounds the scan of the index on (survey, completed_at): an OR of the two
  // cases made each page read every later row and sort them (300 ms a page at a million, issue 27).
  // The position is the timestamp to the microsecond: a JavaScript Date keeps milliseconds, so the
  // last row of a page came back on the next one when completed_at had microseconds (now()).
  const cursor = after
    ? sql` and (${r.completedAt}, ${r.id}) > (${after.position}::timestamp at time zone 'UTC', ${after.id}::uuid)`
    : sql``;
  // Raw rows, not drizzle's select: mapping each row cost a tenth of the export's time at a million.
  const rows = await queryRows<Omit<ExportRow, 'completedAt'>>(
    db,
    sql`select ${r.id} as "id", ${r.simulated} as "simulated",
          to_char(${r.completedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "position",
          ${r.durationSeconds} as "durationSeconds", ${r.age} as "age", ${r.gender} as "gender",
          ${r.state} as "state", ${r.region} as "region", ${r.language} as "language",
          ${r.answers} as "answers",
          -- As text, parsed here: drivers differ in whether they parse json from a subquery.
          (select jsonb_agg(distinct i.question_id)::text from ${incidents} i
            where i.response_id = ${r.id}) as "flaggedQuestions",
          (select jsonb_object_agg(ar.question_id, jsonb_build_object('decision', ar.decision, 'text', ar.released_text))::text
            from ${answerReviews} ar where ar.response_id = ${r.id}) as "reviews",
          ${coded ? codedAnswersSql() : sql`null`} as "coded"
        from ${r}
        where ${scope}${cursor}
        -- NULLS FIRST (completed_at is never null): the backward scan of the index on (survey,
        -- completed_at DESC NULLS LAST) then gives the order, and a page reads its own rows only.
        order by ${r.completedAt} asc nulls first, ${r.id} asc
        limit ${PAGE}`,
  );
  return rows.map((row) => {
    const out = row as ExportRow;
    // Milliseconds, as the export always wrote it.
    out.completedAt = new Date(`${row.position!.slice(0, 23)}Z`);
    if (typeof out.answers === 'string') out.answers = JSON.parse(out.answers);
    return out;
  });
}

/**
 * Every counted response, a page at a time (keyset), so a million responses never sit in memory.
 * The next page is read while the consumer handles this one (at most two pages are held).
 */
export async function* responsePages(
  db: Db,
  surveyId: string,
  options: ExportOptions,
): AsyncGenerator<ExportRow[]> {
  const { weights: _weights, codes: _codes, weightLabel: _label, onProgress: _progress, ...filter } = options;
  const scope = responseScope(surveyId, filter);
  const coded = Boolean(options.codes?.length);
  const read = (after: ExportRow | null) => {
    const page = responsePage(db, scope, after && { position: after.position!, id: after.id }, coded);
    // Handled where it is awaited; this keeps a page read ahead from failing unhandled when the
    // consumer stops first.
    page.catch(() => {});
    return page;
  };
  let next: Promise<ExportRow[]> | null = read(null);
  while (next) {
    const rows: ExportRow[] = await next;
    next = rows.length === PAGE ? read(rows.at(-1)!) : null;
    if (rows.length > 0) yield rows;
  }
}

/** Text that needs the formula guard or quoting. */
const CSV_SPECIAL = /^[=+\-@]|[",\n\r]/;
const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  // Most cells need nothing (a negative number still takes the guard, as it always did).
  if (typeof value === 'number' ? value >= 0 : !CSV_SPECIAL.test(value)) return String(value);
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * Text is handed on in pieces of about this many characters: a page's text in one string (240 KB for
 * the CSV, a megabyte of XML) is allocated among V8's large objects, which only a full collection
 * frees, and made resident memory climb by 150 MB or more during a million-row export.
 */
export const CHUNK_CHARS = 16_000;

/**
 * A page's rows mapped `size` at a time, each row let go as soon as it is mapped: a page held whole
 * while its cells were written lived through several young-generation collections, was moved to V8's
 * old space, and made resident memory climb until the next full collection.
 */
export function* inBatches<T, U>(page: (T | undefined)[], size: number, map: (row: T) => U): Generator<U[]> {
  for (let at = 0; at < page.length; at += size) {
    const end = Math.min(at + size, page.length);
    const batch: U[] = [];
    for (let i = at; i < end; i++) {
      batch.push(map(page[i]!));
      page[i] = undefined;
    }
    yield batch;
  }
}

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
        // Built as one string, without the arrays per row (a million of them weighed on the export).
        let line = `${csvCell(row.id)},${row.completedAt.toISOString()},${csvCell(row.durationSeconds)},${csvCell(row.age)},${csvCell(row.gender)},${csvCell(row.state)},${csvCell(row.region)},${row.simulated ? 'Yes' : ''}`;
        for (const column of columns) line += `,${csvCell(column.value(answers))}`;
        // The language after the answers (decision 033), so the columns before it keep their places.
        line += `,${languageName(row.language)}`;
        // The weight comes last, so the columns before it stay where they were.
        if (options.weights) line += `,${csvCell(Number(options.weights.of(row).toFixed(6)))}`;
        chunk += `${line}\r\n`;
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
      written += page.length;
      options.onProgress?.(written);
    }
  }
  return Readable.from(lines());
}

/**
 * The XLSX, written as it is read (issue 27): the sheet's XML deflated into the file page by page
 * (xlsx-stream.ts), the header in bold, Completed at a date-time, every column 22 characters wide.
 */
export function responsesXlsx(
  db: Db,
  surveyId: string,
  surveyName: string,
  questions: Question[],
  options: ExportOptions = {},
): Readable {
  const columns = exportColumns(questions, options.codes);
  const textIds = openTextIds(questions);
  const weightHeader = options.weights ? ['Weight'] : [];
  async function* rows(): AsyncGenerator<XlsxCell[][]> {
    let written = 0;
    for await (const page of responsePages(db, surveyId, options)) {
      const count = page.length;
      yield* inBatches(page, 50, (row: ExportRow): XlsxCell[] => {
        const answers = disclosedAnswers(row, textIds);
        return [
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
        ];
      });
      written += count;
      options.onProgress?.(written);
    }
  }
  return xlsxStream({
    title: surveyName,
    sheetName: 'Responses',
    headers: [...fixedHeaders, ...columns.map((c) => c.header), languageHeader, ...weightHeader],
    columnWidth: 22,
    rows: rows(),
  });
}

export const exportFileName = (name: string, extension: string) =>
  `${
    name
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'survey'
  }-responses.${extension}`;
