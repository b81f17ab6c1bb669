import { Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A one-sheet XLSX workbook written as its rows are read (issue 27, decision 049): the sheet's XML is
 * deflated into the ZIP as it is made, so a million rows never sit in memory. exceljs's streaming
 * writer builds a model object and looks up a style for every cell, which put a million responses at
 * about 150 s on this machine; this writes the XML text directly (inline strings, no shared-strings
 * table to hold), with three styles: plain, bold (the header) and date-time.
 */

/** A cell: text, a number, a date-time, or empty (null, undefined or ''). */
export type XlsxCell = string | number | Date | null | undefined;

export interface XlsxSheet {
  /** The workbook's title (its document properties). */
  title: string;
  sheetName: string;
  /** The header row, in bold. */
  headers: string[];
  /** Every column's width in characters. */
  columnWidth: number;
  /** The data rows, a batch at a time. */
  rows: AsyncIterable<XlsxCell[][]>;
  /** Compression level of the ZIP entries (zlib, 1–9); 1 by default: fast, and the sheet is large. */
  level?: number;
  createdAt?: Date;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Style indexes of styles.xml's cellXfs. */
const BOLD = 1;
const DATE_TIME = 2;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// Characters XML 1.0 cannot hold (control characters other than tab and line ends, lone surrogates,
// U+FFFE and U+FFFF) are dropped; & < > are escaped.
const CONTROL = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF`;
const INVALID_XML = new RegExp(
  String.raw`[${CONTROL}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]`,
  'g',
);
const NEEDS_WORK = new RegExp(String.raw`[&<>${CONTROL}\uD800-\uDFFF]`);
export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** Excel's serial number of a moment (days since 30 December 1899, UTC). */
const serial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

function cellXml(ref: string, value: XlsxCell, style = 0): string {
  if (value === null || value === undefined || value === '') return '';
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  if (value instanceof Date) return `<c r="${ref}" s="${DATE_TIME}"><v>${serial(value)}</v></c>`;
  const preserve =
    isSpace(value.charCodeAt(0)) || isSpace(value.charCodeAt(value.length - 1))
      ? ' xml:space="preserve"'
      : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${preserve}>${xmlText(value)}</t></is></c>`;
}

async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<Buffer> {
  const letters = sheet.headers.map((_, i) => columnLetters(i));
  const last = Math.max(sheet.headers.length, 1);
  let head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><cols><col min="1" max="${last}" width="${sheet.columnWidth}" customWidth="1"/></cols><sheetData><row r="1">`;
  sheet.headers.forEach((header, i) => {
    head += cellXml(`${letters[i]}1`, header, BOLD);
  });
  yield Buffer.from(`${head}</row>`, 'utf8');
  let r = 1;
  for await (const rows of sheet.rows) {
    let xml = '';
    for (const row of rows) {
      r++;
      xml += `<row r="${r}">`;
      for (let i = 0; i < row.length; i++) {
        const letter = letters[i] ?? columnLetters(i);
        xml += cellXml(letter + r, row[i]);
      }
      xml += '</row>';
      // In pieces, never a page in one string: see CHUNK_CHARS in export.ts.
      if (xml.length >= 16_000) {
        yield Buffer.from(xml, 'utf8');
        xml = '';
      }
    }
    if (xml) yield Buffer.from(xml, 'utf8');
  }
  yield Buffer.from('</sheetData></worksheet>', 'utf8');
}

const ZIP64_LIMIT = 0xffffffff;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date of a moment (local fields taken in UTC), as ZIP headers store them. */
function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/**
 * A ZIP archive of `entries`, deflated, written entry after entry: each with a data descriptor (its
 * CRC and sizes after its data, as a stream cannot go back), then the central directory; with ZIP64
 * records where a size or offset passes 4 GiB.
 */
async function* zip(
  entries: { name: string; data: string | AsyncIterable<Buffer> }[],
  createdAt: Date,
  level: number,
): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(createdAt);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(45, 4); // version needed: 4.5 (ZIP64), as a large sheet may need it
    local.writeUInt16LE(0x0808, 6); // data descriptor follows; names in UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14–25) stay 0: they follow in the data descriptor.
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const record: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    yield Buffer.concat([local, name]);
    offset += local.length + name.length;
    if (typeof entry.data === 'string') {
      const data = Buffer.from(entry.data, 'utf8');
      const deflated = deflateRawSync(data, { level });
      record.crc = crc32(data);
      record.size = data.length;
      record.compressed = deflated.length;
      yield deflated;
    } else {
      const source = entry.data;
      const deflate = createDeflateRaw({ level });
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of source) {
            record.crc = crc32(chunk, record.crc);
            record.size += chunk.length;
            yield chunk;
          }
        })(),
        { objectMode: false },
      );
      counted.on('error', (error) => deflate.destroy(error));
      counted.pipe(deflate);
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        record.compressed += chunk.length;
        yield chunk;
      }
    }
    offset += record.compressed;
    const large = record.size > ZIP64_LIMIT || record.compressed > ZIP64_LIMIT;
    const descriptor = Buffer.alloc(large ? 24 : 16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(record.crc >>> 0, 4);
    if (large) {
      descriptor.writeBigUInt64LE(BigInt(record.compressed), 8);
      descriptor.writeBigUInt64LE(BigInt(record.size), 16);
    } else {
      descriptor.writeUInt32LE(record.compressed, 8);
      descriptor.writeUInt32LE(record.size, 12);
    }
    yield descriptor;
    offset += descriptor.length;
    written.push(record);
  }

  const directoryStart = offset;
  for (const entry of written) {
    const extra: Buffer[] = [];
    const sizes = entry.size > ZIP64_LIMIT || entry.compressed > ZIP64_LIMIT;
    const far = entry.offset > ZIP64_LIMIT;
    if (sizes) extra.push(u64(entry.size), u64(entry.compressed));
    if (far) extra.push(u64(entry.offset));
    const zip64 = extra.length
      ? Buffer.concat([u16(0x0001), u16(extra.length * 8), ...extra])
      : Buffer.alloc(0);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(45, 4); // made by: 4.5, MS-DOS attributes
    header.writeUInt16LE(45, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(sizes ? ZIP64_LIMIT : entry.compressed, 20);
    header.writeUInt32LE(sizes ? ZIP64_LIMIT : entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt16LE(zip64.length, 30);
    header.writeUInt32LE(far ? ZIP64_LIMIT : entry.offset, 42);
    const record = Buffer.concat([header, entry.name, zip64]);
    yield record;
    offset += record.length;
  }
  const directorySize = offset - directoryStart;
  if (directoryStart > ZIP64_LIMIT || written.some((e) => e.size > ZIP64_LIMIT || e.offset > ZIP64_LIMIT)) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(written.length), 24);
    record.writeBigUInt64LE(BigInt(written.length), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryStart), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset), 8);
    locator.writeUInt32LE(1, 16);
    yield Buffer.concat([record, locator]);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(Math.min(directorySize, ZIP64_LIMIT), 12);
  end.writeUInt32LE(Math.min(directoryStart, ZIP64_LIMIT), 16);
  yield end;
}

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value, 0);
  return b;
};
const u64 = (value: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(value), 0);
  return b;
};

/** The workbook as a stream of bytes. */
export function xlsxStream(sheet: XlsxSheet): Readable {
  const createdAt = sheet.createdAt ?? new Date();
  const entries = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    {
      name: 'docProps/core.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlText(sheet.title)}</dc:title><dcterms:created xsi:type="dcterms:W3CDTF">${createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:created></cp:coreProperties>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheet.sheetName).replaceAll('"', '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'xl/styles.xml', data: STYLES },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(sheet) },
  ];
  return Readable.from(zip(entries, createdAt, sheet.level ?? 1), { objectMode: false });
}
