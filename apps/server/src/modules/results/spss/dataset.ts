import { assignShortNames, nameKey, nameProblem } from './names';
import { truncateUtf8, utf8ByteLength } from './utf8';

/** Measurement level, as SPSS shows it in Variable View. */
export type SavMeasure = 'nominal' | 'ordinal' | 'scale';

/** One cell: a number for a numeric variable, a string for a string variable, null when absent. */
export type SavCell = number | string | null;

export interface SavValueLabel {
  value: number | string;
  label: string;
}

export interface SavVariable {
  /**
   * Variable name, up to 64 UTF-8 bytes: starts with a letter, then letters, digits, `_ . @ #`; not
   * ending with a period and not a reserved word (ALL, AND, BY, EQ, GE, GT, LE, LT, NE, NOT, OR, TO,
   * WITH). Names are compared without regard to case.
   */
  name: string;
  /** Variable label (the question text); cut at 255 UTF-8 bytes on a character boundary. */
  label?: string;
  /** Numeric, or a string of the given width in UTF-8 bytes (1..255). */
  type: 'numeric' | { string: number };
  /** Strings may be nominal or ordinal, never scale. */
  measure: SavMeasure;
  /** Value labels; each label is cut at 120 UTF-8 bytes on a character boundary. */
  valueLabels?: SavValueLabel[];
  /** Up to three discrete user-missing codes, numeric variables only (e.g. -99 "Not shown"). */
  missingValues?: number[];
  /** Decimals of the F print/write format of a numeric variable (0 → F8.0, 2 → F8.2); 0..16. */
  decimals?: number;
  /**
   * A numeric variable holding days as SPSS dates (seconds since 14 October 1582, see `savDate`),
   * printed in the ADATE10 format (mm/dd/yyyy); no decimals.
   */
  date?: boolean;
}

export interface SavDataset {
  variables: SavVariable[];
  /** One array per case, one cell per variable in the order of `variables`. */
  rows: SavCell[][];
  /** File label, cut at 64 UTF-8 bytes on a character boundary. */
  fileLabel?: string;
  /** Name of the numeric variable that weights the cases. */
  weightVariable?: string;
  /** Multiple-response sets of 0/1 variables (multiple dichotomy sets), as MRSETS defines them. */
  multipleResponseSets?: SavDichotomySet[];
}

/**
 * A multiple dichotomy set: numeric variables that each count a category when they hold the counted
 * value (1), shown together by SPSS's and PSPP's multiple-response tables. Labelled by its variables'
 * labels (CATEGORYLABELS=VARLABELS).
 */
export interface SavDichotomySet {
  /** The set's name, starting with '$' (e.g. `$Q2_codes`), then as a variable name. */
  name: string;
  /** The set's label, cut at 255 UTF-8 bytes. */
  label: string;
  countedValue: number;
  /** Names of numeric variables of the dataset, in order. */
  variables: string[];
}

/** Thrown for a dataset that cannot be written; the message names the variable or row at fault. */
export class SavValidationError extends Error {
  override name = 'SavValidationError';
}

/** Widest string variable supported (no very long strings; see decision 028). */
export const MAX_STRING_WIDTH = 255;
/** Longest variable label, in UTF-8 bytes. */
export const MAX_VARIABLE_LABEL_BYTES = 255;
/** Longest value label, in UTF-8 bytes (the SPSS limit; PSPP reads up to 255). */
export const MAX_VALUE_LABEL_BYTES = 120;
/** Longest file label, in UTF-8 bytes (a fixed field of the file header). */
export const MAX_FILE_LABEL_BYTES = 64;
const MAX_DECIMALS = 16;
const MAX_MISSING_VALUES = 3;

/** A variable after validation, with everything the writers need worked out. */
export interface PreparedVariable {
  name: string;
  /** Unique 8-byte ASCII name for the variable record; `name` is restored by the long names record. */
  shortName: string;
  label: string | null;
  /** 0 for numeric, else the string width in bytes. */
  width: number;
  /** Width of the print/write format: the string width, or F8.d widened to fit the decimals. */
  formatWidth: number;
  /** Number of 8-byte data elements (and variable records) the variable takes. */
  elements: number;
  /** 1-based position in the set of variable records, continuation records included. */
  dictionaryIndex: number;
  measure: SavMeasure;
  decimals: number;
  /** Printed as a date (ADATE10) rather than a number (F). */
  date: boolean;
  valueLabels: { value: number | string; label: string }[];
  missingValues: number[];
}

export interface PreparedDataset {
  variables: PreparedVariable[];
  rows: SavCell[][];
  fileLabel: string;
  /** Index into `variables` of the weight variable, or null. */
  weightIndex: number | null;
  /** Data elements per case (the header's nominal case size). */
  caseSize: number;
  /** Multiple dichotomy sets with their variables' short names (what the record stores). */
  dichotomySets: { name: string; label: string; countedValue: number; shortNames: string[] }[];
}

/**
 * A number SPSS stores as itself: finite, and not -Number.MAX_VALUE, which the format reserves for
 * system-missing (write null for that).
 */
const storable = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value !== -Number.MAX_VALUE;

function fail(message: string): never {
  throw new SavValidationError(message);
}

function prepareVariable(variable: SavVariable, position: number): Omit<PreparedVariable, 'shortName'> {
  const problem = nameProblem(variable?.name);
  if (problem) fail(`variable ${position + 1}: ${problem}`);
  const { name } = variable;
  const where = `variable "${name}"`;

  let width = 0;
  if (variable.type !== 'numeric') {
    const w = typeof variable.type === 'object' && variable.type !== null ? variable.type.string : Number.NaN;
    if (!Number.isInteger(w) || w < 1 || w > MAX_STRING_WIDTH)
      fail(
        `${where}: type must be 'numeric' or { string: width } with a width of 1..${MAX_STRING_WIDTH} bytes`,
      );
    width = w;
  }
  const isString = width > 0;

  if (!['nominal', 'ordinal', 'scale'].includes(variable.measure))
    fail(`${where}: measure must be nominal, ordinal or scale`);
  if (isString && variable.measure === 'scale') fail(`${where}: a string variable cannot be scale`);

  const decimals = variable.decimals ?? 0;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS)
    fail(`${where}: decimals must be an integer from 0 to ${MAX_DECIMALS}`);
  if (isString && decimals !== 0) fail(`${where}: a string variable has no decimals`);
  const date = variable.date === true;
  if (date && (isString || decimals !== 0)) fail(`${where}: a date variable is numeric, without decimals`);

  if (variable.label !== undefined && typeof variable.label !== 'string')
    fail(`${where}: label must be a string`);
  const label = variable.label ? truncateUtf8(variable.label, MAX_VARIABLE_LABEL_BYTES) : null;

  const missingValues = variable.missingValues ?? [];
  if (missingValues.length > 0 && isString)
    fail(`${where}: missing values are supported on numeric variables only`);
  if (missingValues.length > MAX_MISSING_VALUES)
    fail(`${where}: at most ${MAX_MISSING_VALUES} missing values, got ${missingValues.length}`);
  for (const value of missingValues)
    if (!storable(value)) fail(`${where}: missing value ${String(value)} is not a storable finite number`);
  if (new Set(missingValues).size !== missingValues.length) fail(`${where}: missing values repeat a code`);

  const seen = new Set<number | string>();
  const valueLabels = (variable.valueLabels ?? []).map(({ value, label: text }) => {
    if (typeof text !== 'string') fail(`${where}: the label of value ${String(value)} must be a string`);
    if (isString) {
      if (typeof value !== 'string') fail(`${where}: value label value ${String(value)} must be a string`);
      const bytes = utf8ByteLength(value);
      if (bytes > width)
        fail(`${where}: value label value "${value}" is ${bytes} bytes, longer than the width ${width}`);
    } else if (!storable(value)) {
      fail(`${where}: value label value ${String(value)} must be a storable finite number`);
    }
    // SPSS pads strings with spaces, so "a" and "a " are the same value.
    const key = typeof value === 'string' ? value.replace(/ +$/, '') : value;
    if (seen.has(key)) fail(`${where}: value ${String(value)} is labeled twice`);
    seen.add(key);
    return { value, label: truncateUtf8(text, MAX_VALUE_LABEL_BYTES) };
  });

  return {
    name,
    label,
    width,
    formatWidth: isString ? width : date ? 10 : Math.max(8, decimals + 3),
    elements: isString ? Math.ceil(width / 8) : 1,
    dictionaryIndex: 0,
    measure: variable.measure,
    decimals,
    date,
    valueLabels,
    missingValues: [...missingValues],
  };
}

function checkRow(row: SavCell[], index: number, variables: PreparedVariable[]): void {
  if (!Array.isArray(row) || row.length !== variables.length)
    fail(
      `row ${index + 1}: expected ${variables.length} cells, got ${Array.isArray(row) ? row.length : 'no array'}`,
    );
  variables.forEach((variable, column) => {
    const cell = row[column];
    if (cell === null) return;
    const where = `row ${index + 1}, variable "${variable.name}"`;
    if (variable.width === 0) {
      if (cell === -Number.MAX_VALUE)
        fail(`${where}: -Number.MAX_VALUE is reserved for system-missing; use null`);
      if (!storable(cell))
        fail(
          `${where}: expected a finite number or null, got ${typeof cell === 'number' ? cell : JSON.stringify(cell)}`,
        );
    } else {
      if (typeof cell !== 'string') fail(`${where}: expected a string or null, got ${JSON.stringify(cell)}`);
      const bytes = utf8ByteLength(cell);
      if (bytes > variable.width)
        fail(`${where}: the value is ${bytes} bytes in UTF-8, longer than the width ${variable.width}`);
    }
  });
}

/**
 * Validates a dataset and works out names, widths and positions. Throws a SavValidationError for
 * anything SPSS could not read back exactly: invalid or duplicate names, bad types, more than three
 * missing values, a value label wider than its string, a row of the wrong length or a cell of the
 * wrong type, or a string longer than its width (strings are never cut silently: see truncateUtf8).
 */
export function prepareDataset(dataset: SavDataset): PreparedDataset {
  if (!dataset || !Array.isArray(dataset.variables) || !Array.isArray(dataset.rows))
    fail('a dataset needs an array of variables and an array of rows');
  if (dataset.rows.length > 0x7fffffff) fail('too many rows for a system file');
  const prepared = prepareDictionary(dataset, (variables) => checkRows(dataset.rows, 0, variables));
  return { ...prepared, rows: dataset.rows };
}

/** What a dataset is without its rows: what a writer that is given the rows a page at a time needs. */
export type SavDictionary = Omit<SavDataset, 'rows'>;
/** A prepared dataset without its rows (they come later, a page at a time). */
export type PreparedDictionary = Omit<PreparedDataset, 'rows'>;

/**
 * Checks rows against prepared variables (see prepareDataset); `first` is the 0-based number of the
 * first row, so a message names the row of the whole file.
 */
export function checkRows(rows: readonly SavCell[][], first: number, variables: PreparedVariable[]): void {
  rows.forEach((row, index) => {
    checkRow(row, first + index, variables);
  });
}

/**
 * Validates a dataset's dictionary (its variables, weight, file label and multiple-response sets) and
 * works out names, widths and positions, as prepareDataset does, for a writer given the rows later.
 */
export function prepareDictionary(
  dataset: SavDictionary,
  checkRowsHere: (variables: PreparedVariable[]) => void = () => {},
): PreparedDictionary {
  if (!dataset || !Array.isArray(dataset.variables)) fail('a dataset needs an array of variables');
  if (dataset.variables.length === 0) fail('a dataset needs at least one variable');

  const prepared = dataset.variables.map(prepareVariable);
  const byKey = new Map<string, number>();
  prepared.forEach((variable, index) => {
    const key = nameKey(variable.name);
    const first = byKey.get(key);
    if (first !== undefined)
      fail(`variable name "${variable.name}" duplicates "${prepared[first]!.name}" (names ignore case)`);
    byKey.set(key, index);
  });

  const shortNames = assignShortNames(prepared.map((v) => v.name));
  let next = 1;
  const variables: PreparedVariable[] = prepared.map((variable, index) => {
    const dictionaryIndex = next;
    next += variable.elements;
    return { ...variable, shortName: shortNames[index]!, dictionaryIndex };
  });

  let weightIndex: number | null = null;
  if (dataset.weightVariable !== undefined) {
    const index = byKey.get(nameKey(String(dataset.weightVariable)));
    if (index === undefined) fail(`weight variable "${dataset.weightVariable}" is not in the dataset`);
    if (variables[index]!.width !== 0) fail(`weight variable "${dataset.weightVariable}" must be numeric`);
    weightIndex = index;
  }

  // Rows given whole are checked here, before the file label and the sets, as they always were.
  checkRowsHere(variables);

  if (dataset.fileLabel !== undefined && typeof dataset.fileLabel !== 'string')
    fail('fileLabel must be a string');
  const setKeys = new Set<string>();
  const dichotomySets = (dataset.multipleResponseSets ?? []).map((set) => {
    const bare = String(set.name).slice(1);
    if (!String(set.name).startsWith('$') || nameProblem(bare) !== null)
      fail(`multiple-response set "${set.name}" needs a name of '$' and a variable name`);
    if (setKeys.has(nameKey(set.name))) fail(`multiple-response set "${set.name}" is defined twice`);
    setKeys.add(nameKey(set.name));
    if (!Number.isInteger(set.countedValue) || set.countedValue < 0)
      fail(`multiple-response set "${set.name}" must count a whole number of 0 or more`);
    const shortNames = set.variables.map((name) => {
      const index = byKey.get(nameKey(String(name)));
      if (index === undefined)
        fail(`multiple-response set "${set.name}": variable "${name}" is not in the dataset`);
      if (variables[index]!.width !== 0)
        fail(`multiple-response set "${set.name}": "${name}" must be numeric`);
      return variables[index]!.shortName;
    });
    return {
      name: set.name,
      label: truncateUtf8(String(set.label ?? ''), MAX_VARIABLE_LABEL_BYTES),
      countedValue: set.countedValue,
      shortNames,
    };
  });
  return {
    dichotomySets,
    variables,
    fileLabel: truncateUtf8(dataset.fileLabel ?? '', MAX_FILE_LABEL_BYTES),
    weightIndex,
    caseSize: next - 1,
  };
}

/** SPSS's date origin, 14 October 1582 (the Gregorian calendar's start), in ms since 1970. */
const SPSS_EPOCH_MS = Date.UTC(1582, 9, 14);

/** A day written YYYY-MM-DD as an SPSS date value (seconds since 14 October 1582), or null. */
export function savDate(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(ms) ? (ms - SPSS_EPOCH_MS) / 1000 : null;
}
