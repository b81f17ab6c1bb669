import {
  checkRows,
  type PreparedDictionary,
  type PreparedVariable,
  prepareDataset,
  prepareDictionary,
  type SavCell,
  type SavDataset,
  type SavDictionary,
} from './dataset';

/** A numeric-coded CSV and the codebook that explains its codes. */
export interface CodedCsv {
  /** Header of variable names, then one line per row; codes as numbers, strings quoted. */
  csv: string;
  /** One `variable` record per variable and one `value` record per labeled or missing code. */
  codebook: string;
}

export interface CodedCsvOptions {
  /**
   * Prefix text that starts with = + - or @ with an apostrophe so that a spreadsheet does not run it
   * as a formula (as the responses export does). Applies to string cells and labels, never to codes
   * or names. Default true; turn off for a byte-exact copy of the strings.
   */
  guardFormulas?: boolean;
  /** Start both files with a UTF-8 byte order mark, which Excel needs to read UTF-8. Default false. */
  bom?: boolean;
}

const LINE_END = '\r\n';

/** One RFC 4180 field: quoted when `quote` is set or when it holds a comma, quote, CR or LF. */
function field(text: string, quote = false): string {
  return quote || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A number as plain text; -0 is written as 0. */
const numberText = (value: number) => (Object.is(value, -0) ? '0' : String(value));

function cellText(variable: PreparedVariable, cell: SavCell, guard: (text: string) => string): string {
  if (cell === null) return '';
  if (variable.width === 0) return numberText(cell as number);
  // String values are always quoted, so "" (empty) and a missing value (nothing) stay apart.
  return field(guard(cell as string), true);
}

const CODEBOOK_COLUMNS = [
  'record',
  'variable',
  'position',
  'label',
  'type',
  'width',
  'decimals',
  'measure',
  'weight',
  'missing_codes',
  'value',
  'value_label',
  'value_is_missing',
];

const formulaGuard = (options: CodedCsvOptions) => {
  const guardFormulas = options.guardFormulas ?? true;
  return (text: string) => (guardFormulas && /^[=+\-@]/.test(text) ? `'${text}` : text);
};

/** The coded CSV's lines of `rows`, each ended by CRLF. */
function dataLines(
  variables: PreparedVariable[],
  rows: readonly SavCell[][],
  guard: (text: string) => string,
): string {
  let text = '';
  for (const row of rows)
    text += variables.map((v, i) => cellText(v, row[i] ?? null, guard)).join(',') + LINE_END;
  return text;
}

/** The codebook: it describes the variables only, so it never reads a row. */
function codebookText(
  dataset: SavDictionary,
  data: PreparedDictionary,
  guard: (text: string) => string,
): string[] {
  const codebook = [CODEBOOK_COLUMNS.join(',')];
  const record = (values: string[]) => codebook.push(values.map((value) => field(value)).join(','));
  if (dataset.fileLabel)
    record(['file', '', '', guard(dataset.fileLabel), '', '', '', '', '', '', '', '', '']);
  data.variables.forEach((variable, index) => {
    const source = dataset.variables[index]!;
    const position = String(index + 1);
    const numeric = variable.width === 0;
    record([
      'variable',
      variable.name,
      position,
      guard(source.label ?? ''),
      numeric ? 'numeric' : 'string',
      String(variable.formatWidth),
      numeric ? String(variable.decimals) : '',
      variable.measure,
      index === data.weightIndex ? 'yes' : '',
      variable.missingValues.map(numberText).join(';'),
      '',
      '',
      '',
    ]);
    const codes = (source.valueLabels ?? []).map(({ value, label }) => ({ value, label }));
    for (const missing of variable.missingValues)
      if (!codes.some((c) => c.value === missing)) codes.push({ value: missing, label: '' });
    for (const { value, label } of codes) {
      const isMissing = typeof value === 'number' && variable.missingValues.includes(value);
      record([
        'value',
        variable.name,
        position,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        typeof value === 'number' ? numberText(value) : guard(value),
        guard(label),
        isMissing ? 'yes' : 'no',
      ]);
    }
  });
  return codebook;
}

/**
 * Writes `dataset` as a numeric-coded CSV (RFC 4180, CRLF line ends, UTF-8) with a codebook CSV.
 * Validates exactly as writeSav does, so the two exports always describe the same data. Labels are
 * written in full (the .sav cuts them at its byte limits).
 */
export function writeCodedCsv(dataset: SavDataset, options: CodedCsvOptions = {}): CodedCsv {
  const data = prepareDataset(dataset);
  const guard = formulaGuard(options);
  const bom = options.bom ? '\uFEFF' : '';
  const header = data.variables.map((v) => field(v.name)).join(',') + LINE_END;
  return {
    csv: bom + header + dataLines(data.variables, data.rows, guard),
    codebook: bom + codebookText(dataset, data, guard).join(LINE_END) + LINE_END,
  };
}

/** The codebook of a dataset given without its rows (it describes only the variables). */
export function writeCodebook(dictionary: SavDictionary, options: CodedCsvOptions = {}): string {
  const data = prepareDictionary(dictionary);
  return (
    (options.bom ? '\uFEFF' : '') +
    codebookText(dictionary, data, formulaGuard(options)).join(LINE_END) +
    LINE_END
  );
}

/**
 * The coded CSV written as its rows are read (issue 27): `header()` first, then `rows()` per batch,
 * the same text writeCodedCsv gives for the same rows.
 */
export class CodedCsvWriter {
  private readonly data: PreparedDictionary;
  private readonly guard: (text: string) => string;
  private written = 0;

  constructor(
    dictionary: SavDictionary,
    private readonly options: CodedCsvOptions = {},
  ) {
    this.data = prepareDictionary(dictionary);
    this.guard = formulaGuard(options);
  }

  header(): string {
    return (
      (this.options.bom ? '\uFEFF' : '') + this.data.variables.map((v) => field(v.name)).join(',') + LINE_END
    );
  }

  rows(rows: readonly SavCell[][]): string {
    checkRows(rows, this.written, this.data.variables);
    this.written += rows.length;
    return dataLines(this.data.variables, rows, this.guard);
  }
}
