/**
 * Test helpers for the SPSS writers (used by the *.test.ts files beside it, never by the app): a
 * runner for GNU PSPP, an RFC 4180 parser, and a small independent reader of the .sav layout.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** SKIP_PSPP=1 skips the checks that need PSPP; otherwise a missing PSPP fails them. */
export const skipPspp = process.env.SKIP_PSPP === '1';

export const PSPP_MISSING =
  'GNU PSPP is not installed, so the .sav files cannot be checked: run scripts/ensure-pspp.sh ' +
  '(or set SKIP_PSPP=1 to skip these checks).';

/** First line of `pspp --version`, or null when PSPP is not installed. */
export function psppVersion(): string | null {
  const run = spawnSync('pspp', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return null;
  return run.stdout.split('\n')[0] ?? null;
}

/** Throws the install hint when PSPP is missing. */
export function requirePspp(): string {
  const version = psppVersion();
  if (!version) throw new Error(PSPP_MISSING);
  return version;
}

export interface PsppRun {
  /** PSPP's output (tables, notes, messages) in its CSV output format. */
  output: string;
  /** What PSPP printed on stdout and stderr (normally nothing). */
  log: string;
  /** Files the syntax wrote, by name. */
  files: Record<string, string>;
}

/**
 * Runs PSPP once on `syntax` in a fresh folder holding `inputs`, and returns its output plus the
 * text of the named `outputs`. Fails on a non-zero exit.
 */
export function runPspp(inputs: Record<string, Buffer>, syntax: string, outputs: string[]): PsppRun {
  const folder = mkdtempSync(join(tmpdir(), 'tv-pspp-'));
  try {
    for (const [name, data] of Object.entries(inputs)) writeFileSync(join(folder, name), data);
    writeFileSync(join(folder, 'job.sps'), syntax);
    const run = spawnSync('pspp', ['-o', 'output.csv', 'job.sps'], {
      cwd: folder,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (run.error) throw run.error;
    const output = readFileSync(join(folder, 'output.csv'), 'utf8');
    if (run.status !== 0)
      throw new Error(`pspp exited with ${run.status}:\n${run.stderr}\n${run.stdout}\n${output}`);
    const files: Record<string, string> = {};
    for (const name of outputs) files[name] = readFileSync(join(folder, name), 'utf8');
    return { output, log: `${run.stdout}${run.stderr}`, files };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** PSPP's warning and error lines (e.g. "x.sav: warning: …", "job.sps:3: error: …"), wherever printed. */
export function psppProblems(run: PsppRun): string[] {
  return `${run.output}\n${run.log}`.split('\n').filter((line) => /\b(warning|error)\b:/i.test(line));
}

/** Parses RFC 4180 CSV (LF or CRLF line ends; quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(value);
      value = '';
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i++;
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
    } else value += char;
  }
  if (value !== '' || row.length > 0) {
    row.push(value);
    rows.push(row);
  }
  return rows;
}

/** One table from PSPP's CSV output: its title and rows (header first, footnotes left out). */
export interface PsppTable {
  title: string;
  rows: string[][];
}

/**
 * Splits PSPP's CSV output into tables, in order. Text items (ECHO, notes) come back as tables
 * titled "Text" with one row each, so markers written with ECHO keep their place.
 */
export function psppTables(output: string): PsppTable[] {
  const tables: PsppTable[] = [];
  let current: PsppTable | null = null;
  for (const row of parseCsv(output)) {
    const first = row[0] ?? '';
    if (row.length === 1 && first === '') current = null;
    else if (row.length === 1 && first.startsWith('Table: ')) {
      current = { title: first.slice('Table: '.length), rows: [] };
      tables.push(current);
    } else if (row.length === 1 && first.startsWith('Footnote')) {
      // Footnotes follow their table; the markers stay in the cells.
    } else if (current) current.rows.push(row);
    else tables.push({ title: 'Text', rows: [row] });
  }
  return tables;
}

/** Splits PSPP output at the markers written with `ECHO '### name'.`, by name. */
export function psppSections(output: string): Map<string, PsppTable[]> {
  const result = new Map<string, PsppTable[]>();
  let current: PsppTable[] = [];
  for (const table of psppTables(output)) {
    const marker = table.title === 'Text' ? /^### (.+)$/.exec(table.rows[0]?.[0] ?? '') : null;
    if (marker) {
      current = [];
      result.set(marker[1]!, current);
    } else current.push(table);
  }
  return result;
}

/** A table's rows as records keyed by its header row (so columns PSPP leaves out read as ''). */
export function tableRecords(table: PsppTable): Record<string, string>[] {
  const [header = [], ...rows] = table.rows;
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
}

/**
 * A number as PSPP prints it in the F format with `decimals` decimals (no leading zero before the
 * point: F8.2 prints 0.5 as ".50").
 */
export function fFormat(value: number, decimals: number): string {
  let text = Math.abs(value).toFixed(decimals);
  if (decimals > 0 && text.startsWith('0.')) text = text.slice(1);
  return value < 0 ? `-${text}` : text;
}

/** The rows of a two-column table (like File Information) as a map. */
export const tableMap = (table: PsppTable) => new Map(table.rows.map((r) => [r[0] ?? '', r[1] ?? '']));

/** A variable record as stored. */
export interface RawVariable {
  type: number;
  shortName: string;
  label: string | null;
  missing: number[];
  print: number;
  write: number;
}

/** What a .sav holds, read back without the writer's code. */
export interface SavLayout {
  magic: string;
  product: string;
  layoutCode: number;
  caseSize: number;
  compression: number;
  weightIndex: number;
  cases: number;
  bias: number;
  created: string;
  fileLabel: string;
  variables: RawVariable[];
  valueLabelSets: { labels: { value: Buffer; label: string }[]; indexes: number[] }[];
  extensions: { subtype: number; size: number; count: number; data: Buffer }[];
  /** Record types in file order: "2", "3", "4", "7.13", "999". */
  records: string[];
  /** Data after the dictionary termination record. */
  data: Buffer;
}

/** Reads the dictionary of a little-endian system file, following PSPP's format description. */
export function readSavLayout(file: Buffer): SavLayout {
  let at = 0;
  const int = () => {
    const v = file.readInt32LE(at);
    at += 4;
    return v;
  };
  const float = () => {
    const v = file.readDoubleLE(at);
    at += 8;
    return v;
  };
  const bytes = (n: number) => {
    const b = file.subarray(at, at + n);
    at += n;
    return b;
  };
  const text = (n: number) => bytes(n).toString('utf8');

  const layout: SavLayout = {
    magic: text(4),
    product: text(60),
    layoutCode: int(),
    caseSize: int(),
    compression: int(),
    weightIndex: int(),
    cases: int(),
    bias: float(),
    created: `${text(9)} ${text(8)}`,
    fileLabel: text(64),
    variables: [],
    valueLabelSets: [],
    extensions: [],
    records: [],
    data: Buffer.alloc(0),
  };
  bytes(3);
  for (;;) {
    const type = int();
    if (type === 2) {
      layout.records.push('2');
      const varType = int();
      const hasLabel = int();
      const nMissing = int();
      const print = int();
      const write = int();
      const shortName = text(8);
      let label: string | null = null;
      if (hasLabel === 1) {
        const length = int();
        label = text(length);
        bytes((4 - (length % 4)) % 4);
      }
      const missing = Array.from({ length: Math.abs(nMissing) }, float);
      layout.variables.push({ type: varType, shortName, label, missing, print, write });
    } else if (type === 3) {
      layout.records.push('3');
      const count = int();
      const labels = Array.from({ length: count }, () => {
        const value = Buffer.from(bytes(8));
        const length = file.readUInt8(at);
        at += 1;
        const label = text(length);
        bytes((8 - ((length + 1) % 8)) % 8);
        return { value, label };
      });
      if (int() !== 4) throw new Error('a value label record must be followed by a type 4 record');
      layout.records.push('4');
      const indexes = Array.from({ length: int() }, int);
      layout.valueLabelSets.push({ labels, indexes });
    } else if (type === 6) {
      layout.records.push('6');
      bytes(int() * 80);
    } else if (type === 7) {
      const subtype = int();
      const size = int();
      const count = int();
      layout.records.push(`7.${subtype}`);
      layout.extensions.push({ subtype, size, count, data: Buffer.from(bytes(size * count)) });
    } else if (type === 999) {
      layout.records.push('999');
      int();
      layout.data = file.subarray(at);
      return layout;
    } else throw new Error(`unknown record type ${type} at offset ${at - 4}`);
  }
}

/**
 * Decodes the data of a system file into 8-byte elements per case: numbers for numeric
 * elements (null for system-missing), raw bytes for string elements.
 */
export function readSavCases(layout: SavLayout): (number | null | Buffer)[][] {
  const numeric = layout.variables.map((v) => v.type === 0);
  const cases: (number | null | Buffer)[][] = [];
  const sysmis = -Number.MAX_VALUE;
  if (layout.compression === 0) {
    let at = 0;
    for (let c = 0; c < layout.cases; c++) {
      const row = numeric.map((isNumber, i) => {
        const offset = at + i * 8;
        if (!isNumber) return Buffer.from(layout.data.subarray(offset, offset + 8));
        const value = layout.data.readDoubleLE(offset);
        return value === sysmis ? null : value;
      });
      at += numeric.length * 8;
      cases.push(row);
    }
    if (at !== layout.data.length) throw new Error(`${layout.data.length - at} bytes after the last case`);
    return cases;
  }
  // Bytecode compression: blocks of 8 codes, each followed by its raw 8-byte values.
  const elements: (number | null | Buffer)[] = [];
  let at = 0;
  const needed = layout.cases * numeric.length;
  while (elements.length < needed) {
    const codes = layout.data.subarray(at, at + 8);
    at += 8;
    for (const code of codes) {
      if (elements.length >= needed) break;
      const isNumber = numeric[elements.length % numeric.length];
      if (code === 0) continue;
      if (code === 252) throw new Error('end-of-data code before the last case');
      if (code === 253) {
        const raw = layout.data.subarray(at, at + 8);
        at += 8;
        elements.push(isNumber ? raw.readDoubleLE(0) : Buffer.from(raw));
      } else if (code === 254) elements.push(Buffer.alloc(8, 0x20));
      else if (code === 255) elements.push(null);
      else elements.push(code - layout.bias);
    }
  }
  if (at !== layout.data.length) throw new Error(`${layout.data.length - at} bytes after the last case`);
  for (let c = 0; c < layout.cases; c++)
    cases.push(elements.slice(c * numeric.length, (c + 1) * numeric.length));
  return cases;
}
