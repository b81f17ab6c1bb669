import type { ResearchTheme } from '@tv/contract';
import PDFDocument from 'pdfkit';

/**
 * Drawing helpers our PDFs share (the storefront's reports, samples and receipts; results reports):
 * one page size, one set of colors, text that the built-in Helvetica can show, and output that is the
 * same bytes for the same input.
 */

export type Pdf = PDFKit.PDFDocument;

/** US Letter, in points. */
export const PAGE = { width: 612, height: 792 } as const;
export const MARGIN = { top: 64, bottom: 76, left: 60, right: 60 } as const;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

export const colors = {
  brand: '#2b8a3e',
  brandDark: '#1f6b2f',
  text: '#1f2933',
  muted: '#616e7c',
  faint: '#9aa5b1',
  border: '#e4e7eb',
  panel: '#f5f7fa',
  white: '#ffffff',
} as const;

export interface ThemePalette {
  /** The cover band and headings. */
  deep: string;
  /** Bars and figures: dark enough for white text and to read on white paper. */
  strong: string;
  /** Decoration only (never text). */
  accent: string;
  /** Panels behind text. */
  tint: string;
}

/** The site's report covers use the same greens and teals; the accent tells the themes apart. */
export const themePalettes: Record<ResearchTheme, ThemePalette> = {
  'digital-life': { deep: '#064e3b', strong: '#0f766e', accent: '#38bdf8', tint: '#ecfdf5' },
  'health-and-wellbeing': { deep: '#065f46', strong: '#0f766e', accent: '#f9a8d4', tint: '#f0fdfa' },
  'money-and-work': { deep: '#064e3b', strong: '#047857', accent: '#fbbf24', tint: '#ecfdf5' },
  learning: { deep: '#134e4a', strong: '#047857', accent: '#c4b5fd', tint: '#f0fdfa' },
  'brands-and-media': { deep: '#022c22', strong: '#0f766e', accent: '#fb923c', tint: '#f0fdfa' },
  'civic-life': { deep: '#115e59', strong: '#047857', accent: '#93c5fd', tint: '#ecfdf5' },
};

export const fonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
} as const;

/** Characters outside Windows-1252 that the built-in fonts cannot show, and what to show instead. */
const replacements: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '–',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2039': '‹',
  '\u2044': '/',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u00ad': '',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u2028': ' ',
  '\u2029': ' ',
};

/** The characters above 0xFF that WinAnsiEncoding has (pdfkit maps them to their byte). */
const winAnsiExtras = new Set(
  '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((character) => character.codePointAt(0) ?? 0),
);

/**
 * Text the standard Helvetica (WinAnsiEncoding) can show: curly quotes, dashes, ±, • and accented
 * Latin letters stay; a few symbols get a plain equivalent; accents it lacks are dropped from their
 * letter; anything else (emoji, other scripts) becomes '?'. Control characters become spaces.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const character of text.normalize('NFC')) {
    const code = character.codePointAt(0) ?? 0;
    if (code === 0x0a) {
      out += '\n';
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
    } else if (code <= 0xff || winAnsiExtras.has(code)) {
      out += character;
    } else if (character in replacements) {
      out += replacements[character];
    } else {
      const base = character.normalize('NFD').replace(/\p{M}/gu, '');
      const baseCode = base.codePointAt(0) ?? 0;
      out += base.length > 0 && (baseCode <= 0xff || winAnsiExtras.has(baseCode)) ? base : '?';
    }
  }
  return out;
}

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  keywords?: string;
  /** Fixed, so that the same input gives the same bytes (pdfkit derives the file id from the info). */
  creationDate: Date;
}

/** A Letter document with its pages kept in memory, so page numbers and contents can be written last. */
export function createPdf(info: PdfInfo): Pdf {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { ...MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    displayTitle: true,
    lang: 'en-US',
    info: {
      Title: toWinAnsi(info.title),
      Author: toWinAnsi(info.author),
      Subject: toWinAnsi(info.subject),
      ...(info.keywords ? { Keywords: toWinAnsi(info.keywords) } : {}),
      Creator: 'TeenVoice',
      Producer: 'TeenVoice',
      CreationDate: info.creationDate,
      ModDate: info.creationDate,
    },
  });
  doc.font(fonts.regular);
  return doc;
}

/** Ends the document and collects its bytes. */
export function finishPdf(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
}

/** Sets font, size and color in one call. */
export function style(doc: Pdf, { font = fonts.regular, size = 11, color = colors.text }: TextStyle): Pdf {
  return doc.font(font).fontSize(size).fillColor(color);
}

/** Height a block of text takes at a width, in the given style. */
export function textHeight(
  doc: Pdf,
  text: string,
  width: number,
  textStyle: TextStyle,
  options: PDFKit.Mixins.TextOptions = {},
): number {
  style(doc, textStyle);
  return doc.heightOfString(toWinAnsi(text), { width, ...options });
}

/** Writes text at a position (or at the cursor when x and y are omitted), made safe for Helvetica. */
export function write(
  doc: Pdf,
  text: string,
  textStyle: TextStyle,
  position: { x?: number; y?: number },
  options: PDFKit.Mixins.TextOptions = {},
): Pdf {
  style(doc, textStyle);
  const safe = toWinAnsi(text);
  if (position.x === undefined || position.y === undefined) return doc.text(safe, options);
  return doc.text(safe, position.x, position.y, options);
}

/** Space left on the current page above the bottom margin. */
export function spaceLeft(doc: Pdf): number {
  return PAGE.height - MARGIN.bottom - doc.y;
}

/** A new page with the cursor at the top margin. */
export function newPage(doc: Pdf): void {
  doc.addPage();
  doc.x = MARGIN.left;
  doc.y = MARGIN.top;
}

/**
 * Writes a footer and page numbers on every page (the document keeps its pages buffered). The bottom
 * margin is lifted while writing, so text below it does not start a new page.
 */
export function drawFooters(
  doc: Pdf,
  footer: (page: { index: number; count: number }) => { left: string; right: string } | null,
): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const content = footer({ index: index - range.start, count: range.count });
    if (!content) continue;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 44;
    doc
      .moveTo(MARGIN.left, y - 8)
      .lineTo(PAGE.width - MARGIN.right, y - 8)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    write(
      doc,
      content.left,
      { size: 8, color: colors.muted },
      { x: MARGIN.left, y },
      {
        width: CONTENT_WIDTH - 90,
        lineBreak: false,
      },
    );
    write(
      doc,
      content.right,
      { size: 8, color: colors.muted },
      { x: PAGE.width - MARGIN.right - 90, y },
      {
        width: 90,
        align: 'right',
        lineBreak: false,
      },
    );
    doc.page.margins.bottom = bottom;
  }
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'February 24, 2026' (the calendar date in UTC, so the same on every server). */
export function formatLongDate(value: Date | string): string {
  return longDate.format(typeof value === 'string' ? new Date(value) : value);
}

/** 'January 12–30, 2026', 'August 24 – September 11, 2026' or 'December 28, 2025 – January 9, 2026'. */
export function formatDateRange(start: string, end: string): string {
  const from = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  const to = new Date(`${end.slice(0, 10)}T00:00:00Z`);
  if (from.getUTCFullYear() !== to.getUTCFullYear()) return `${formatLongDate(from)} – ${formatLongDate(to)}`;
  if (from.getUTCMonth() === to.getUTCMonth()) {
    if (from.getUTCDate() === to.getUTCDate()) return formatLongDate(from);
    return `${monthDay.format(from)}–${to.getUTCDate()}, ${to.getUTCFullYear()}`;
  }
  return `${monthDay.format(from)} – ${monthDay.format(to)}, ${to.getUTCFullYear()}`;
}
