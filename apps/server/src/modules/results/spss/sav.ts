import {
  checkRows,
  MAX_STRING_WIDTH,
  type PreparedDictionary,
  type PreparedVariable,
  prepareDataset,
  prepareDictionary,
  type SavCell,
  type SavDataset,
  type SavDictionary,
} from './dataset';
import { truncateUtf8 } from './utf8';

/**
 * Writer for SPSS system files (.sav), following the "System File Format" chapter of GNU PSPP's
 * developer documentation. Decision 028 lists the records written and the conventions used.
 */

/** The system-missing value: the most negative double. */
export const SYSMIS = -Number.MAX_VALUE;

/** The code an export writes for a question not answered or not shown, declared missing on its variable. */
export const NOT_ANSWERED = -99;
/** HIGHEST and LOWEST, used only in missing-value ranges, which this writer never writes. */
const HIGHEST = Number.MAX_VALUE;
const LOWEST = -Number.MAX_VALUE;

/** Compression bias: whole numbers from 1 - BIAS to 251 - BIAS are stored in one byte. */
const BIAS = 100;
const SPACE = 0x20;
const PRODUCT = '@(#) SPSS DATA FILE TeenVoice SPSS writer 1.0';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Format types of the print and write formats. */
const FORMAT_A = 1;
const FORMAT_F = 5;
const FORMAT_ADATE = 23;
/** Bytecodes of simple compression. */
const CODE_RAW = 253;
const CODE_SPACES = 254;
const CODE_SYSMIS = 255;

const MEASURE_CODES = { nominal: 1, ordinal: 2, scale: 3 } as const;
const ALIGN_LEFT = 0;
const ALIGN_RIGHT = 1;

export interface WriteSavOptions {
  /**
   * 'bytecode' (the default, as SPSS writes) stores small whole numbers and blank strings in one
   * byte; 'none' stores every value in 8 bytes.
   */
  compression?: 'bytecode' | 'none';
  /** Creation time stored in the header (UTC); defaults to now. */
  createdAt?: Date;
}

/** A little-endian byte sink that grows as needed. */
class ByteWriter {
  private buffer: Buffer;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.alloc(Math.max(capacity, 1024));
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  int32(value: number): void {
    this.reserve(4);
    this.buffer.writeInt32LE(value, this.length);
    this.length += 4;
  }

  float64(value: number): void {
    this.reserve(8);
    this.buffer.writeDoubleLE(value, this.length);
    this.length += 8;
  }

  bytes(data: Uint8Array): void {
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  fill(byte: number, count: number): void {
    this.reserve(count);
    this.buffer.fill(byte, this.length, this.length + count);
    this.length += count;
  }

  /** UTF-8 text in a fixed field of `width` bytes, cut on a character boundary and padded. */
  text(value: string, width: number, pad = SPACE): void {
    const data = Buffer.from(truncateUtf8(value, width), 'utf8');
    this.bytes(data);
    this.fill(pad, width - data.length);
  }

  /** A string cell: UTF-8 in a field of `width` bytes, padded with spaces (it fits: validated). */
  cell(value: string | null, width: number): void {
    this.reserve(width);
    this.buffer.fill(SPACE, this.length, this.length + width);
    if (value) this.buffer.write(value, this.length, 'utf8');
    this.length += width;
  }

  /** Appends `count` zero bytes and returns their offset, to be filled in with setByte. */
  placeholder(count: number): number {
    const at = this.length;
    this.fill(0, count);
    return at;
  }

  setByte(offset: number, value: number): void {
    this.buffer[offset] = value;
  }

  /** The bytes written so far (a view, valid until the next write). */
  result(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** Print/write format: type, width and decimals packed in one int32. */
function format(variable: PreparedVariable): number {
  if (variable.width > 0) return (FORMAT_A << 16) | (variable.formatWidth << 8);
  if (variable.date) return (FORMAT_ADATE << 16) | (variable.formatWidth << 8);
  return (FORMAT_F << 16) | (variable.formatWidth << 8) | variable.decimals;
}

/** Display width in characters (variable display parameter record). */
const displayWidth = (variable: PreparedVariable) => Math.min(variable.formatWidth, 32);

const pad2 = (n: number) => String(n).padStart(2, '0');

function writeHeader(
  out: ByteWriter,
  data: PreparedDictionary,
  compressed: boolean,
  createdAt: Date,
  caseCount: number,
): void {
  out.text('$FL2', 4);
  out.text(PRODUCT, 60);
  out.int32(2); // layout_code: 2 marks little-endian integers for readers on either byte order
  out.int32(data.caseSize);
  out.int32(compressed ? 1 : 0);
  out.int32(data.weightIndex === null ? 0 : data.variables[data.weightIndex]!.dictionaryIndex);
  out.int32(caseCount);
  out.float64(BIAS);
  const date = `${pad2(createdAt.getUTCDate())} ${MONTHS[createdAt.getUTCMonth()]} ${pad2(createdAt.getUTCFullYear() % 100)}`;
  out.text(date, 9);
  out.text(
    `${pad2(createdAt.getUTCHours())}:${pad2(createdAt.getUTCMinutes())}:${pad2(createdAt.getUTCSeconds())}`,
    8,
  );
  out.text(data.fileLabel, 64);
  out.fill(0, 3);
}

/** Type 2: one record per variable, then one continuation record per further 8 bytes of a string. */
function writeVariable(out: ByteWriter, variable: PreparedVariable): void {
  out.int32(2);
  out.int32(variable.width);
  out.int32(variable.label === null ? 0 : 1);
  out.int32(variable.missingValues.length);
  out.int32(format(variable));
  out.int32(format(variable));
  out.text(variable.shortName, 8);
  if (variable.label !== null) {
    const label = Buffer.from(variable.label, 'utf8');
    out.int32(label.length);
    out.bytes(label);
    out.fill(SPACE, (4 - (label.length % 4)) % 4);
  }
  for (const value of variable.missingValues) out.float64(value);
  for (let i = 1; i < variable.elements; i++) {
    out.int32(2);
    out.int32(-1);
    out.int32(0);
    out.int32(0);
    out.int32(0);
    out.int32(0);
    out.fill(SPACE, 8);
  }
}

/** Types 3 and 4: the value labels of numeric and short (≤ 8 byte) string variables. */
function writeValueLabels(out: ByteWriter, variable: PreparedVariable): void {
  out.int32(3);
  out.int32(variable.valueLabels.length);
  for (const { value, label } of variable.valueLabels) {
    if (typeof value === 'number') out.float64(value);
    else out.text(value, 8);
    const text = Buffer.from(label, 'utf8');
    out.bytes(Uint8Array.of(text.length));
    out.bytes(text);
    out.fill(0, (8 - ((text.length + 1) % 8)) % 8);
  }
  out.int32(4);
  out.int32(1);
  out.int32(variable.dictionaryIndex);
}

/** Header of an extension (type 7) record. */
function extension(out: ByteWriter, subtype: number, size: number, count: number): void {
  out.int32(7);
  out.int32(subtype);
  out.int32(size);
  out.int32(count);
}

/** An extension record of `content` as bytes (size 1). */
function byteExtension(out: ByteWriter, subtype: number, content: Buffer): void {
  extension(out, subtype, 1, content.length);
  out.bytes(content);
}

function writeExtensions(out: ByteWriter, data: PreparedDictionary): void {
  // Subtype 3, machine integer info: writer version 1.0.0, machine code -1, IEEE 754 floats,
  // compression code 1, little-endian, code page 65001 (UTF-8).
  extension(out, 3, 4, 8);
  for (const value of [1, 0, 0, -1, 1, 1, 2, 65001]) out.int32(value);

  // Subtype 4, machine floating-point info: SYSMIS, HIGHEST, LOWEST.
  extension(out, 4, 8, 3);
  out.float64(SYSMIS);
  out.float64(HIGHEST);
  out.float64(LOWEST);

  // Subtype 11, variable display parameters: measure, width, alignment for each variable.
  extension(out, 11, 4, data.variables.length * 3);
  for (const variable of data.variables) {
    out.int32(MEASURE_CODES[variable.measure]);
    out.int32(displayWidth(variable));
    out.int32(variable.width > 0 ? ALIGN_LEFT : ALIGN_RIGHT);
  }

  // Subtype 7, multiple-response sets: for each dichotomy set '$name=D<n> <value> <n> <label> <vars>\n',
  // the counted value and the label each preceded by their length in bytes, the variables by their
  // short names in lower case (PSPP's system-file format).
  if (data.dichotomySets.length > 0) {
    const lines = data.dichotomySets.map((set) => {
      const value = String(set.countedValue);
      const label = Buffer.from(set.label, 'utf8');
      return Buffer.concat([
        Buffer.from(`${set.name}=D${value.length} ${value} ${label.length} `, 'utf8'),
        label,
        Buffer.from(` ${set.shortNames.map((n) => n.toLowerCase()).join(' ')}\n`, 'utf8'),
      ]);
    });
    byteExtension(out, 7, Buffer.concat(lines));
  }

  // Subtype 13, long variable names: SHORT=Long pairs separated by tabs.
  byteExtension(
    out,
    13,
    Buffer.from(data.variables.map((v) => `${v.shortName}=${v.name}`).join('\t'), 'utf8'),
  );

  // Subtype 20, character encoding.
  byteExtension(out, 20, Buffer.from('UTF-8', 'ascii'));

  // Subtype 21, value labels of strings wider than 8 bytes, keyed by their long name.
  const long = data.variables.filter((v) => v.width > 8 && v.valueLabels.length > 0);
  if (long.length > 0) {
    const record = new ByteWriter(1024);
    for (const variable of long) {
      const name = Buffer.from(variable.name, 'utf8');
      record.int32(name.length);
      record.bytes(name);
      record.int32(variable.width);
      record.int32(variable.valueLabels.length);
      for (const { value, label } of variable.valueLabels) {
        record.int32(variable.width);
        record.text(String(value), variable.width);
        const text = Buffer.from(label, 'utf8');
        record.int32(text.length);
        record.bytes(text);
      }
    }
    byteExtension(out, 21, record.result());
  }
}

function writeUncompressed(out: ByteWriter, variables: PreparedVariable[], rows: readonly SavCell[][]): void {
  for (const row of rows) {
    for (let column = 0; column < variables.length; column++) {
      const variable = variables[column]!;
      const cell = row[column] ?? null;
      if (variable.width === 0) out.float64(cell === null ? SYSMIS : (cell as number));
      else out.cell(cell as string | null, variable.elements * 8);
    }
  }
}

/** Eight spaces read as one little-endian 32-bit word, twice. */
const FOUR_SPACES = 0x20202020;

/**
 * Simple bytecode compression: blocks of eight 1-byte codes, each block followed by the 8-byte
 * values its 253 codes refer to. Cases run on across blocks; unused codes of the last block stay 0
 * (padding). Rows come a batch at a time: a block still open at the end of a batch (with the values
 * that follow it so far) is held back and carried into the next, so the bytes are those of the
 * whole file written at once.
 */
class Compressor {
  private readonly scratch = Buffer.alloc(Math.ceil(MAX_STRING_WIDTH / 8) * 8);
  /** The open block and the values after it, carried from the last batch. */
  private pending: Buffer = Buffer.alloc(0);
  /** Codes used in the open block (8: no block is open). */
  private used = 8;

  constructor(private readonly variables: PreparedVariable[]) {}

  /** The bytes of `rows`, up to the block still open at their end. */
  rows(rows: readonly SavCell[][], caseSize: number): Buffer {
    const { variables, scratch } = this;
    const out = new ByteWriter(this.pending.length + rows.length * caseSize * 2 + 64);
    out.bytes(this.pending);
    let block = 0;
    let used = this.used;
    // A new block starts only when a code needs it, so raw values always follow their own block.
    const code = (value: number) => {
      if (used === 8) {
        block = out.placeholder(8);
        used = 0;
      }
      out.setByte(block + used++, value);
    };
    for (const row of rows) {
      for (let column = 0; column < variables.length; column++) {
        const variable = variables[column]!;
        const cell = row[column] ?? null;
        if (variable.width === 0) {
          const value = cell as number | null;
          if (value === null) code(CODE_SYSMIS);
          else if (Number.isInteger(value) && value >= 1 - BIAS && value <= 251 - BIAS) code(value + BIAS);
          else {
            code(CODE_RAW);
            out.float64(value);
          }
          continue;
        }
        const size = variable.elements * 8;
        scratch.fill(SPACE, 0, size);
        if (cell) scratch.write(cell as string, 0, 'utf8');
        for (let at = 0; at < size; at += 8) {
          if (scratch.readUInt32LE(at) === FOUR_SPACES && scratch.readUInt32LE(at + 4) === FOUR_SPACES)
            code(CODE_SPACES);
          else {
            code(CODE_RAW);
            out.bytes(scratch.subarray(at, at + 8));
          }
        }
      }
    }
    this.used = used;
    const written = out.result();
    if (used === 8) {
      this.pending = Buffer.alloc(0);
      return written;
    }
    // `block` is the open block's offset in this batch's bytes (the carried block starts at 0).
    this.pending = Buffer.from(written.subarray(block));
    return written.subarray(0, block);
  }

  /** The last block, its unused codes 0. */
  end(): Buffer {
    const last = this.pending;
    this.pending = Buffer.alloc(0);
    this.used = 8;
    return last;
  }
}

export interface SavWriterOptions extends WriteSavOptions {
  /**
   * The number of cases the header states; -1 (the default) for 'not known', as PSPP writes to a
   * stream it cannot seek back in. PSPP, SPSS and ReadStat then read cases to the end of the file.
   */
  caseCount?: number;
}

/**
 * A .sav file written as its rows are read (issue 27): the dictionary first, then the records of each
 * batch of rows, then the end of the last compressed block. The bytes are those writeSav gives for the
 * same rows, apart from the case count in the header.
 */
export class SavWriter {
  private readonly data: PreparedDictionary;
  private readonly compressed: boolean;
  private readonly compressor: Compressor | null;
  private written = 0;

  /** Validates the dictionary (a SavValidationError for anything it cannot write exactly). */
  constructor(
    dictionary: SavDictionary,
    private readonly options: SavWriterOptions = {},
  ) {
    this.data = prepareDictionary(dictionary);
    this.compressed = (options.compression ?? 'bytecode') === 'bytecode';
    this.compressor = this.compressed ? new Compressor(this.data.variables) : null;
  }

  /** Cases written so far. */
  get rowsWritten(): number {
    return this.written;
  }

  /** The header, variables, value labels and extension records, up to the end of the dictionary. */
  dictionary(): Buffer {
    const out = new ByteWriter(4096);
    writeDictionary(
      out,
      this.data,
      this.compressed,
      this.options.createdAt ?? new Date(),
      this.options.caseCount ?? -1,
    );
    return out.result();
  }

  /** The records of `rows`, checked as writeSav checks them (a SavValidationError names the row). */
  rows(rows: readonly SavCell[][]): Buffer {
    checkRows(rows, this.written, this.data.variables);
    this.written += rows.length;
    if (this.compressor) return this.compressor.rows(rows, this.data.caseSize);
    const out = new ByteWriter(rows.length * this.data.caseSize * 8);
    writeUncompressed(out, this.data.variables, rows);
    return out.result();
  }

  /** What is left to write after the last row. */
  end(): Buffer {
    return this.compressor ? this.compressor.end() : Buffer.alloc(0);
  }
}

function writeDictionary(
  out: ByteWriter,
  data: PreparedDictionary,
  compressed: boolean,
  createdAt: Date,
  caseCount: number,
): void {
  writeHeader(out, data, compressed, createdAt, caseCount);
  for (const variable of data.variables) writeVariable(out, variable);
  for (const variable of data.variables)
    if (variable.valueLabels.length > 0 && variable.width <= 8) writeValueLabels(out, variable);
  writeExtensions(out, data);
  out.int32(999);
  out.int32(0);
}

/**
 * Writes `dataset` as an SPSS system file. Validates first (see prepareDataset) and throws a
 * SavValidationError for anything it cannot write exactly.
 */
export function writeSav(dataset: SavDataset, options: WriteSavOptions = {}): Buffer {
  const data = prepareDataset(dataset);
  const compressed = (options.compression ?? 'bytecode') === 'bytecode';
  const out = new ByteWriter(1024 + data.rows.length * data.caseSize * (compressed ? 2 : 8));
  writeDictionary(out, data, compressed, options.createdAt ?? new Date(), data.rows.length);
  if (compressed) {
    const compressor = new Compressor(data.variables);
    out.bytes(compressor.rows(data.rows, data.caseSize));
    out.bytes(compressor.end());
  } else writeUncompressed(out, data.variables, data.rows);
  return out.result();
}
