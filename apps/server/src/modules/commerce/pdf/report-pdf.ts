import { type ReportAttributes, researchThemeLabels } from '@tv/contract';
import {
  CONTENT_WIDTH,
  colors,
  createPdf,
  finishPdf,
  fonts,
  formatDateRange,
  formatLongDate,
  MARGIN,
  newPage,
  PAGE,
  type Pdf,
  spaceLeft,
  type TextStyle,
  type ThemePalette,
  textHeight,
  themePalettes,
  toWinAnsi,
  write,
} from './layout';

/**
 * A research report as a PDF, drawn from the report's own content: cover, contents, what the report
 * covers, the key findings (each with its headline figure), bar charts of the percentages the findings
 * state, the methodology and a page about TeenVoice. Charts only ever show numbers written in the
 * findings. The same report and date always give the same bytes (the storage key is their hash).
 */

export type ReportPdfContent = Pick<
  ReportAttributes,
  'title' | 'slug' | 'summary' | 'description' | 'keyFindings' | 'methodology' | 'theme' | 'sku'
>;

export interface ReportPdfOptions {
  /** The report's publication date: shown on the cover and used as the PDF's creation date. */
  publishedAt: Date | string;
  /** The report's page in the shop, for the sample's 'Buy the full report at …' line. */
  productUrl?: string;
  /** The full report costs nothing: the sample says 'Get' rather than 'Buy'. */
  free?: boolean;
}

export const REPORT_AUTHOR = 'TeenVoice Research';
export const REPORT_FOOTER = 'Licensed to the purchasing organization. © 2026 TeenVoice.';

// ── Numbers in the findings ─────────────────────────────────────────────────────────────────────

export interface FindingFigure {
  /** What is printed large: '71%', '1 in 5', '$640', '52'. */
  value: string;
  /** Words that belong to it: 'minutes', 'a month', 'active group chats'. */
  unit: string | null;
  /** Whether the figure is a percentage (these make the headline chart). */
  percent: boolean;
}

const UNIT_WORDS =
  'minutes?|hours?|days?|weeks?|months?|years?|brands?|chats?|times|apps?|friends?|hours? a week|dollars';

/**
 * The figure a finding leads with: the first percentage, 'N in M', dollar amount or counted quantity
 * in its text. Ranges of ages ('13–19') and years are not figures. Null when the text has none.
 */
export function findingFigure(text: string): FindingFigure | null {
  const candidates: Array<{ index: number; length: number; figure: FindingFigure }> = [];
  const add = (pattern: RegExp, make: (match: RegExpExecArray) => FindingFigure) => {
    const match = pattern.exec(text);
    if (match) candidates.push({ index: match.index, length: match[0].length, figure: make(match) });
  };
  add(/(?<![\d.])(\d+(?:\.\d+)?)\s?%/, (m) => ({ value: `${m[1]}%`, unit: null, percent: true }));
  add(/(?<![\d–-])\b(\d+) in (\d+)\b(?![\d–-])/, (m) => ({
    value: `${m[1]} in ${m[2]}`,
    unit: null,
    percent: false,
  }));
  add(/\$(\d[\d,]*(?:\.\d+)?)(?:\s+(a (?:day|week|month|year)))?/, (m) => ({
    value: `$${m[1]}`,
    unit: m[2] ?? null,
    percent: false,
  }));
  add(/(?<![\d–-])\b(\d+) hours? (\d+) minutes?\b/, (m) => ({
    value: `${m[1]}h ${m[2]}m`,
    unit: null,
    percent: false,
  }));
  add(
    new RegExp(`(?<![\\d–.-])\\b(\\d+(?:\\.\\d+)?)\\s+((?:[a-z-]+\\s+){0,2}?(?:${UNIT_WORDS}))\\b(?![–-])`),
    (m) => ({ value: m[1] ?? '', unit: m[2] ?? null, percent: false }),
  );
  candidates.sort((a, b) => a.index - b.index || b.length - a.length);
  return candidates[0]?.figure ?? null;
}

export interface FindingPercentage {
  value: number;
  label: string;
}

const LEADING_CONNECTORS =
  /^(?:and|but|yet|while|or|ahead of|followed by|compared with|up from|down from|only|just|of)\s+/i;
const TRAILING_CONNECTORS = /\s+(?:and|but|yet|while|or|do|does|did|the figure is|it is|is|are|was|were)$/i;
/** Words that start a condition a percentage only holds under ('where …', 'among …'). */
const QUALIFIER = /^(?:where|among|when|if|in|for|of those)\b/i;
const BOUNDARY = /; |: |, |\. (?=[A-Z"“])/g;

function cleanLabel(raw: string): string {
  let label = raw.replace(/\s+/g, ' ').trim();
  label = label.replace(/^[,;:.\s]+|[,;:.\s]+$/g, '');
  for (let previous = ''; previous !== label; ) {
    previous = label;
    label = label.replace(LEADING_CONNECTORS, '').replace(TRAILING_CONNECTORS, '').trim();
  }
  return label.replace(
    /^(["“‘']?)(\p{Ll})/u,
    (_, quote: string, letter: string) => quote + letter.toUpperCase(),
  );
}

/** Index just after the last boundary (', ', '; ', ': ', sentence end) in text[from, to). */
function boundaryBefore(text: string, from: number, to: number): number {
  let start = from;
  for (const match of text.slice(from, to).matchAll(BOUNDARY)) start = from + match.index + match[0].length;
  return start;
}

/** Index of the first boundary in text[from, to), or `to`. */
function boundaryAfter(text: string, from: number, to: number): number {
  const match = new RegExp(BOUNDARY.source).exec(text.slice(from, to));
  return match ? from + match.index : to;
}

/**
 * Every percentage a finding states, with the words the text attaches to it: '44% name group chats'
 * gives 'Name group chats'; 'school safety (37%)' gives 'School safety'. A parenthesis comparing two
 * numbers ('(46% vs. 23%)') names neither group, so those are left out rather than guessed.
 */
export function findingPercentages(text: string): FindingPercentage[] {
  const matches = [...text.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)\s?%/g)];
  const found: FindingPercentage[] = [];
  let previousEnd = 0;
  matches.forEach((match, position) => {
    const start = match.index;
    const end = start + match[0].length;
    const nextStart = matches[position + 1]?.index ?? text.length;
    const open = text.lastIndexOf('(', start);
    const inParenthesis = open !== -1 && open > text.lastIndexOf(')', start);
    let label = '';
    let consumedTo = end;
    if (inParenthesis) {
      const close = text.indexOf(')', end);
      const inner = text.slice(open + 1, close === -1 ? text.length : close).trim();
      consumedTo = close === -1 ? text.length : close + 1;
      if (inner === match[0].trim()) {
        label = cleanLabel(text.slice(boundaryBefore(text, previousEnd, open), open));
      }
    } else {
      label = cleanLabel(text.slice(end, boundaryAfter(text, end, nextStart)));
      const clauseStart = boundaryBefore(text, previousEnd, start);
      if (label.length < 3) {
        label = cleanLabel(text.slice(clauseStart, start));
      } else {
        // 'where phones charge outside the bedroom, 64% of teens …': the condition belongs to the bar.
        const lead = cleanLabel(text.slice(clauseStart, start));
        const qualifier =
          lead || clauseStart <= previousEnd
            ? lead
            : cleanLabel(text.slice(boundaryBefore(text, previousEnd, clauseStart - 2), clauseStart - 2));
        if (QUALIFIER.test(qualifier))
          label = `${qualifier}, ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
      }
    }
    previousEnd = consumedTo;
    const value = Number(match[1]);
    if (label.length >= 3 && value >= 0 && value <= 100) found.push({ value, label });
  });
  return found;
}

// ── Rich text ───────────────────────────────────────────────────────────────────────────────────

interface Block {
  kind: 'heading' | 'paragraph' | 'bullet';
  text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
}

const plain = (html: string) =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** The report's description (sanitised HTML) as headings, paragraphs and bullets. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  for (const match of html.matchAll(/<(p|h[1-6]|li|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const tag = (match[1] ?? '').toLowerCase();
    const text = plain(match[2] ?? '');
    if (!text) continue;
    blocks.push({ kind: tag.startsWith('h') ? 'heading' : tag === 'li' ? 'bullet' : 'paragraph', text });
  }
  if (blocks.length === 0 && plain(html)) blocks.push({ kind: 'paragraph', text: plain(html) });
  return blocks;
}

// ── Drawing ─────────────────────────────────────────────────────────────────────────────────────

interface Section {
  id: string;
  title: string;
  page: number;
}

interface Writer {
  doc: Pdf;
  report: ReportPdfContent;
  palette: ThemePalette;
  sections: Section[];
}

const body: TextStyle = { size: 11, color: colors.text };
const BODY_LINE_GAP = 3;

/** Starts a section: a named destination and bookmark for the contents, then its heading. */
function beginSection(w: Writer, id: string, title: string, heading = title): void {
  const { doc } = w;
  const page = doc.bufferedPageRange().count - 1;
  w.sections.push({ id, title, page });
  doc.addNamedDestination(id, 'XYZ', 0, PAGE.height - doc.y + 12, null);
  doc.outline.addItem(toWinAnsi(title));
  write(
    doc,
    heading,
    { font: fonts.bold, size: 22, color: w.palette.deep },
    { x: MARGIN.left, y: doc.y },
    {
      width: CONTENT_WIDTH,
    },
  );
  const y = doc.y + 6;
  doc.rect(MARGIN.left, y, 48, 3).fill(w.palette.strong);
  doc.y = y + 18;
}

function paragraph(w: Writer, text: string, textStyle: TextStyle = body): void {
  const { doc } = w;
  if (spaceLeft(doc) < textHeight(doc, text, CONTENT_WIDTH, textStyle, { lineGap: BODY_LINE_GAP }))
    newPage(doc);
  write(doc, text, textStyle, { x: MARGIN.left, y: doc.y }, { width: CONTENT_WIDTH, lineGap: BODY_LINE_GAP });
  doc.y += 8;
}

function bullet(w: Writer, text: string): void {
  const { doc } = w;
  const indent = 16;
  const height = textHeight(doc, text, CONTENT_WIDTH - indent, body, { lineGap: BODY_LINE_GAP });
  if (spaceLeft(doc) < height) newPage(doc);
  const y = doc.y;
  doc.circle(MARGIN.left + 4, y + 5.5, 2.2).fill(w.palette.strong);
  write(
    doc,
    text,
    body,
    { x: MARGIN.left + indent, y },
    { width: CONTENT_WIDTH - indent, lineGap: BODY_LINE_GAP },
  );
  doc.y += 4;
}

function subheading(w: Writer, text: string): void {
  const { doc } = w;
  if (spaceLeft(doc) < 60) newPage(doc);
  doc.y += 4;
  write(
    doc,
    text,
    { font: fonts.bold, size: 14, color: w.palette.deep },
    { x: MARGIN.left, y: doc.y },
    {
      width: CONTENT_WIDTH,
    },
  );
  doc.y += 6;
}

interface BarChart {
  title: string;
  bars: FindingPercentage[];
  note: string;
}

const BAR_LABEL_WIDTH = 190;
const BAR_ROW_GAP = 10;
const BAR_THICKNESS = 14;
const labelStyle: TextStyle = { size: 9.5, color: colors.text };

function barRowHeights(doc: Pdf, chart: BarChart): number[] {
  return chart.bars.map((bar) =>
    Math.max(BAR_THICKNESS, textHeight(doc, bar.label, BAR_LABEL_WIDTH, labelStyle, { lineGap: 1 })),
  );
}

function chartHeight(doc: Pdf, chart: BarChart): number {
  const titleHeight = textHeight(doc, chart.title, CONTENT_WIDTH, { font: fonts.bold, size: 12 });
  const rows = barRowHeights(doc, chart).reduce((sum, height) => sum + height + BAR_ROW_GAP, 0);
  const noteHeight = textHeight(doc, chart.note, CONTENT_WIDTH, { size: 8 });
  return titleHeight + 12 + rows + 26 + noteHeight + 10;
}

/**
 * A horizontal bar chart on a 0–100% axis: label on the left, bar, value at the bar's end, gridlines
 * every 25 points with their tick labels under the axis.
 */
function drawBarChart(w: Writer, chart: BarChart): void {
  const { doc, palette } = w;
  const height = chartHeight(doc, chart);
  if (spaceLeft(doc) < height) newPage(doc);
  const left = MARGIN.left;
  write(
    doc,
    chart.title,
    { font: fonts.bold, size: 12, color: colors.text },
    { x: left, y: doc.y },
    {
      width: CONTENT_WIDTH,
    },
  );
  const top = doc.y + 12;
  const plotLeft = left + BAR_LABEL_WIDTH + 12;
  const plotWidth = CONTENT_WIDTH - BAR_LABEL_WIDTH - 12 - 34;
  const rows = barRowHeights(doc, chart);
  const plotHeight = rows.reduce((sum, row) => sum + row + BAR_ROW_GAP, 0);
  const bottom = top + plotHeight;

  for (const tick of [0, 25, 50, 75, 100]) {
    const x = plotLeft + (plotWidth * tick) / 100;
    doc
      .moveTo(x, top - 4)
      .lineTo(x, bottom)
      .lineWidth(tick === 0 ? 1 : 0.5)
      .strokeColor(tick === 0 ? colors.muted : colors.border)
      .stroke();
    write(
      doc,
      `${tick}%`,
      { size: 8, color: colors.muted },
      { x: x - 20, y: bottom + 5 },
      {
        width: 40,
        align: 'center',
        lineBreak: false,
      },
    );
  }
  doc
    .moveTo(plotLeft, bottom)
    .lineTo(plotLeft + plotWidth, bottom)
    .lineWidth(1)
    .strokeColor(colors.muted)
    .stroke();

  let y = top;
  chart.bars.forEach((bar, index) => {
    const rowHeight = rows[index] ?? BAR_THICKNESS;
    const labelHeight = textHeight(doc, bar.label, BAR_LABEL_WIDTH, labelStyle, { lineGap: 1 });
    write(
      doc,
      bar.label,
      labelStyle,
      { x: left, y: y + (rowHeight - labelHeight) / 2 + 1 },
      {
        width: BAR_LABEL_WIDTH,
        align: 'right',
        lineGap: 1,
      },
    );
    const barY = y + (rowHeight - BAR_THICKNESS) / 2;
    const barWidth = Math.max(1.5, (plotWidth * bar.value) / 100);
    doc.rect(plotLeft, barY, barWidth, BAR_THICKNESS).fill(index === 0 ? palette.strong : palette.deep);
    write(
      doc,
      `${bar.value}%`,
      { font: fonts.bold, size: 9.5, color: colors.text },
      { x: plotLeft + barWidth + 5, y: barY + 2.5 },
      { width: 40, lineBreak: false },
    );
    y += rowHeight + BAR_ROW_GAP;
  });
  doc.y = bottom + 22;
  write(doc, chart.note, { size: 8, color: colors.muted }, { x: left, y: doc.y }, { width: CONTENT_WIDTH });
  doc.y += 14;
}

function sourceNote(report: ReportPdfContent): string {
  const { sampleSize, ages, fieldworkStart, fieldworkEnd } = report.methodology;
  return `Source: TeenVoice survey of ${sampleSize.toLocaleString('en-US')} teens aged ${ages}, ${formatDateRange(fieldworkStart, fieldworkEnd)}. Percentages as stated in the finding.`;
}

function drawCover(w: Writer, publishedAt: Date | string, variant: 'full' | 'sample'): void {
  const { doc, report, palette } = w;
  newPage(doc);
  const bandHeight = 380;
  doc.rect(0, 0, PAGE.width, bandHeight).fill(palette.deep);
  // Circles bleeding off the band's edge, in the theme's accent: the site's report covers, in vectors.
  doc.save();
  doc.rect(0, 0, PAGE.width, bandHeight).clip();
  doc
    .circle(PAGE.width - 40, 70, 150)
    .fillOpacity(0.22)
    .fill(palette.accent);
  doc
    .circle(PAGE.width - 150, bandHeight - 10, 70)
    .fillOpacity(0.35)
    .fill(palette.strong);
  doc
    .circle(PAGE.width - 60, bandHeight - 90, 26)
    .fillOpacity(0.9)
    .fill(palette.accent);
  doc.restore();
  doc.fillOpacity(1);
  doc.rect(0, bandHeight, PAGE.width, 10).fill(palette.accent);

  write(
    doc,
    'TEENVOICE RESEARCH',
    { font: fonts.bold, size: 11, color: colors.white },
    { x: MARGIN.left, y: 72 },
    { characterSpacing: 2, lineBreak: false },
  );
  const label = `${researchThemeLabels[report.theme]} · ${variant === 'sample' ? 'Free sample' : 'Research report'}`;
  write(doc, label, { size: 11, color: colors.white }, { x: MARGIN.left, y: 92 }, { lineBreak: false });

  const titleWidth = CONTENT_WIDTH - 60;
  let titleSize = 32;
  while (
    titleSize > 20 &&
    textHeight(doc, report.title, titleWidth, { font: fonts.bold, size: titleSize }) > 190
  )
    titleSize -= 2;
  const titleHeight = textHeight(doc, report.title, titleWidth, { font: fonts.bold, size: titleSize });
  write(
    doc,
    report.title,
    { font: fonts.bold, size: titleSize, color: colors.white },
    { x: MARGIN.left, y: bandHeight - 48 - titleHeight },
    { width: titleWidth, lineGap: 2 },
  );

  doc.y = bandHeight + 44;
  write(
    doc,
    report.summary,
    { size: 15, color: colors.text },
    { x: MARGIN.left, y: doc.y },
    {
      width: CONTENT_WIDTH,
      lineGap: 4,
    },
  );
  doc.y += 24;
  const { sampleSize, ages, fieldworkStart, fieldworkEnd } = report.methodology;
  const facts: Array<[string, string]> = [
    ['Published', formatLongDate(publishedAt)],
    ['Survey', `${sampleSize.toLocaleString('en-US')} teens aged ${ages}`],
    ['Fieldwork', formatDateRange(fieldworkStart, fieldworkEnd)],
    ['Report code', report.sku],
  ];
  for (const [name, value] of facts) {
    const y = doc.y;
    write(
      doc,
      name.toUpperCase(),
      { font: fonts.bold, size: 8, color: colors.muted },
      { x: MARGIN.left, y: y + 2 },
      {
        characterSpacing: 1,
        lineBreak: false,
      },
    );
    write(
      doc,
      value,
      { size: 11, color: colors.text },
      { x: MARGIN.left + 100, y },
      {
        width: CONTENT_WIDTH - 100,
      },
    );
    doc.y = Math.max(doc.y, y + 14) + 6;
  }
  write(
    doc,
    'TeenVoice Research',
    { font: fonts.bold, size: 12, color: palette.deep },
    { x: MARGIN.left, y: PAGE.height - 104 },
    { lineBreak: false },
  );
}

/** Leaves page 2 empty for the contents, which are written once every section has its page. */
function reserveContents(w: Writer): number {
  newPage(w.doc);
  return w.doc.bufferedPageRange().count - 1;
}

function drawContents(w: Writer, pageIndex: number): void {
  const { doc, palette } = w;
  doc.switchToPage(pageIndex);
  doc.x = MARGIN.left;
  doc.y = MARGIN.top;
  doc.addNamedDestination('contents', 'XYZ', 0, PAGE.height - MARGIN.top + 12, null);
  write(doc, 'Contents', { font: fonts.bold, size: 22, color: palette.deep }, { x: MARGIN.left, y: doc.y });
  const underline = doc.y + 6;
  doc.rect(MARGIN.left, underline, 48, 3).fill(palette.strong);
  let y = underline + 28;
  const numberWidth = 36;
  w.sections.forEach((section, index) => {
    const isFinding = section.id.startsWith('finding-');
    const afterFindings = !isFinding && w.sections[index - 1]?.id.startsWith('finding-');
    if (afterFindings) y += 8;
    const indent = isFinding ? 18 : 0;
    const textStyle: TextStyle = isFinding
      ? { size: 10.5, color: colors.text }
      : { font: fonts.bold, size: 12, color: colors.text };
    const available = CONTENT_WIDTH - indent - numberWidth - 12;
    const title = fitOneLine(doc, section.title, available, textStyle);
    write(doc, title, textStyle, { x: MARGIN.left + indent, y }, { lineBreak: false });
    const titleEnd = MARGIN.left + indent + doc.widthOfString(toWinAnsi(title)) + 6;
    const numberX = PAGE.width - MARGIN.right - numberWidth;
    doc
      .moveTo(titleEnd, y + 9)
      .lineTo(numberX + 6, y + 9)
      .dash(1, { space: 3 })
      .lineWidth(0.6)
      .strokeColor(colors.faint)
      .stroke()
      .undash();
    write(
      doc,
      String(section.page + 1),
      textStyle,
      { x: numberX, y },
      {
        width: numberWidth,
        align: 'right',
        lineBreak: false,
      },
    );
    doc.goTo(MARGIN.left, y - 2, CONTENT_WIDTH, 16, section.id);
    y += isFinding ? 20 : 26;
  });
}

/** Shortens text with an ellipsis until it fits one line. */
function fitOneLine(doc: Pdf, text: string, width: number, textStyle: TextStyle): string {
  doc.font(textStyle.font ?? fonts.regular).fontSize(textStyle.size ?? 11);
  const safe = toWinAnsi(text);
  if (doc.widthOfString(safe) <= width) return safe;
  const words = safe.split(' ');
  while (words.length > 1 && doc.widthOfString(`${words.join(' ')}…`) > width) words.pop();
  return `${words.join(' ').replace(/[,;:.]$/, '')}…`;
}

function drawAboutReport(w: Writer): void {
  const { doc, report, palette } = w;
  newPage(doc);
  beginSection(w, 'about-this-report', 'About this report');
  for (const block of htmlBlocks(report.description)) {
    if (block.kind === 'heading') subheading(w, block.text);
    else if (block.kind === 'bullet') bullet(w, block.text);
    else paragraph(w, block.text);
  }
  // The study in brief, in a tinted panel.
  const { sampleSize, ages, fieldworkStart, fieldworkEnd, regions } = report.methodology;
  const rows: Array<[string, string]> = [
    ['Respondents', `${sampleSize.toLocaleString('en-US')} teens aged ${ages}`],
    ['Fieldwork', formatDateRange(fieldworkStart, fieldworkEnd)],
    ['Coverage', regions],
    ['Key findings', String(report.keyFindings.length)],
  ];
  const rowHeights = rows.map(([, value]) => Math.max(14, textHeight(doc, value, CONTENT_WIDTH - 150, body)));
  const panelHeight = 44 + rowHeights.reduce((sum, height) => sum + height + 8, 0);
  if (spaceLeft(doc) < panelHeight + 16) newPage(doc);
  const top = doc.y + 10;
  doc.roundedRect(MARGIN.left, top, CONTENT_WIDTH, panelHeight, 6).fill(palette.tint);
  write(
    doc,
    'The study in brief',
    { font: fonts.bold, size: 12, color: palette.deep },
    { x: MARGIN.left + 16, y: top + 14 },
  );
  let y = top + 38;
  rows.forEach(([name, value], index) => {
    write(
      doc,
      name,
      { font: fonts.bold, size: 10, color: colors.muted },
      { x: MARGIN.left + 16, y: y + 1 },
      {
        lineBreak: false,
      },
    );
    write(doc, value, body, { x: MARGIN.left + 134, y }, { width: CONTENT_WIDTH - 150 });
    y += (rowHeights[index] ?? 14) + 8;
  });
  doc.y = top + panelHeight + 16;
}

function findingTitle(index: number, text: string): string {
  return `Finding ${index + 1}: ${text}`;
}

function drawFindingsOverview(w: Writer): void {
  const { doc, report, palette } = w;
  newPage(doc);
  beginSection(w, 'key-findings', 'Key findings at a glance');
  report.keyFindings.forEach((finding, index) => {
    const height = textHeight(doc, finding, CONTENT_WIDTH - 34, body, { lineGap: 2 });
    if (spaceLeft(doc) < height + 8) newPage(doc);
    const y = doc.y;
    doc.circle(MARGIN.left + 10, y + 7, 10).fill(palette.strong);
    write(
      doc,
      String(index + 1),
      { font: fonts.bold, size: 10, color: colors.white },
      { x: MARGIN.left, y: y + 2 },
      {
        width: 20,
        align: 'center',
        lineBreak: false,
      },
    );
    write(doc, finding, body, { x: MARGIN.left + 34, y }, { width: CONTENT_WIDTH - 34, lineGap: 2 });
    doc.y = Math.max(doc.y, y + 20) + 10;
  });
  const headline = headlineChart(report);
  if (headline) {
    doc.y += 12;
    drawBarChart(w, headline);
  }
}

/** One bar per finding that leads with a percentage: that percentage, with the words it belongs to. */
function headlineChart(report: ReportPdfContent): BarChart | null {
  const bars: FindingPercentage[] = [];
  for (const finding of report.keyFindings) {
    if (!findingFigure(finding)?.percent) continue;
    const first = findingPercentages(finding)[0];
    if (first) bars.push(first);
  }
  if (bars.length < 2) return null;
  return {
    title: 'Headline figures',
    bars,
    note: `${sourceNote(report)} Each bar is the first percentage of one finding.`,
  };
}

function findingChart(report: ReportPdfContent, finding: string, index: number): BarChart | null {
  const bars = findingPercentages(finding);
  if (bars.length < 2) return null;
  return { title: `Finding ${index + 1} in numbers`, bars, note: sourceNote(report) };
}

const FIGURE_HEIGHT = 64;

/** The height a finding takes: label, figure, text and its chart. */
function findingHeight(w: Writer, finding: string, index: number): number {
  const { doc, report } = w;
  const chart = findingChart(report, finding, index);
  return (
    30 +
    (findingFigure(finding) ? FIGURE_HEIGHT : 0) +
    textHeight(doc, finding, CONTENT_WIDTH, { font: fonts.bold, size: 14 }, { lineGap: 3 }) +
    (chart ? chartHeight(doc, chart) + 16 : 0)
  );
}

/** Whether the next finding fits under the one before, separator included. */
function findingFits(w: Writer, finding: string, index: number): boolean {
  return spaceLeft(w.doc) >= findingHeight(w, finding, index) + 22;
}

function drawFinding(w: Writer, finding: string, index: number, first: boolean): void {
  const { doc, report, palette } = w;
  const figure = findingFigure(finding);
  const chart = findingChart(report, finding, index);
  const textWidth = CONTENT_WIDTH;
  const figureHeight = figure ? FIGURE_HEIGHT : 0;
  if (first || !findingFits(w, finding, index)) newPage(doc);
  else {
    doc
      .moveTo(MARGIN.left, doc.y)
      .lineTo(PAGE.width - MARGIN.right, doc.y)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    doc.y += 22;
  }
  const id = `finding-${index + 1}`;
  const page = doc.bufferedPageRange().count - 1;
  w.sections.push({ id, title: findingTitle(index, finding), page });
  doc.addNamedDestination(id, 'XYZ', 0, PAGE.height - doc.y + 12, null);
  doc.outline.addItem(toWinAnsi(`Finding ${index + 1}`));

  write(
    doc,
    `KEY FINDING ${index + 1}`,
    { font: fonts.bold, size: 9, color: palette.strong },
    { x: MARGIN.left, y: doc.y },
    { characterSpacing: 1.5 },
  );
  doc.y += 6;
  if (figure) {
    const y = doc.y;
    write(
      doc,
      figure.value,
      { font: fonts.bold, size: 48, color: palette.deep },
      { x: MARGIN.left, y },
      {
        lineBreak: false,
      },
    );
    const figureWidth = doc.widthOfString(toWinAnsi(figure.value));
    if (figure.unit) {
      write(
        doc,
        figure.unit,
        { font: fonts.bold, size: 14, color: palette.strong },
        {
          x: MARGIN.left + figureWidth + 10,
          y: y + 26,
        },
        { lineBreak: false },
      );
    }
    doc.y = y + figureHeight - 6;
  }
  write(
    doc,
    finding,
    { font: fonts.bold, size: 14, color: colors.text },
    { x: MARGIN.left, y: doc.y },
    {
      width: textWidth,
      lineGap: 3,
    },
  );
  doc.y += 18;
  if (chart) {
    drawBarChart(w, chart);
    doc.y += 10;
  } else {
    doc.y += 8;
  }
}

/** The margin of error the method states, or the one a simple random sample of this size would have. */
export function marginOfError(methodology: ReportPdfContent['methodology']): string {
  const stated = /±\s?(\d+(?:\.\d+)?)\s*percentage points?/.exec(methodology.method);
  if (stated) return `±${stated[1]} percentage points at the 95% confidence level`;
  const points = 1.96 * Math.sqrt(0.25 / methodology.sampleSize) * 100;
  return `±${points.toFixed(1)} percentage points at the 95% confidence level (for a simple random sample of this size)`;
}

function drawMethodology(w: Writer): void {
  const { doc, report, palette } = w;
  newPage(doc);
  beginSection(w, 'methodology', 'Methodology');
  const { sampleSize, fieldworkStart, fieldworkEnd, ages, regions, method } = report.methodology;
  const rows: Array<[string, string]> = [
    ['Sample size', `${sampleSize.toLocaleString('en-US')} respondents`],
    ['Fieldwork', formatDateRange(fieldworkStart, fieldworkEnd)],
    ['Ages', ages],
    ['Regions', regions],
    ['Margin of error', marginOfError(report.methodology)],
  ];
  const labelWidth = 130;
  for (const [name, value] of rows) {
    const height = Math.max(16, textHeight(doc, value, CONTENT_WIDTH - labelWidth, body));
    const y = doc.y;
    doc
      .moveTo(MARGIN.left, y + height + 8)
      .lineTo(PAGE.width - MARGIN.right, y + height + 8)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    write(
      doc,
      name,
      { font: fonts.bold, size: 10.5, color: palette.deep },
      { x: MARGIN.left, y },
      {
        lineBreak: false,
      },
    );
    write(doc, value, body, { x: MARGIN.left + labelWidth, y }, { width: CONTENT_WIDTH - labelWidth });
    doc.y = y + height + 16;
  }
  if (method.trim()) {
    subheading(w, 'Method');
    paragraph(w, method);
  }
  subheading(w, 'Reading the numbers');
  paragraph(
    w,
    'Percentages are of all respondents in the group named, after weighting, rounded to whole numbers. The margin of error above applies to results for all respondents; results for smaller groups, such as one age or gender, have a wider margin. Figures never identify a respondent: results are reported for groups, not for individuals.',
  );
}

function drawAboutTeenVoice(w: Writer): void {
  const { doc, palette } = w;
  newPage(doc);
  beginSection(w, 'about-teenvoice', 'About TeenVoice');
  paragraph(
    w,
    'TeenVoice is a research platform built from the first line for hearing from teenagers safely. Organizations use it to design surveys, reach US teens aged 13 to 19 through the TeenVoice panel, and turn what they say into decisions.',
  );
  paragraph(
    w,
    'TeenVoice Research publishes national studies on the parts of teenage life that matter most to the people who design for them: digital life, health and wellbeing, money and work, learning, brands and media, and civic life.',
  );
  subheading(w, 'How we work');
  for (const point of [
    'Teens first: respondents under 18 take part only with a parent’s or guardian’s consent and their own assent, and every sensitive question is shown with support resources.',
    'Evidence you can defend: quotas and weighting to Census Bureau estimates, quality checks on every response, and a stated margin of error for every study.',
    'Privacy by design: results are reported for groups, never for individuals, and nothing in a report identifies a respondent.',
  ]) {
    bullet(w, point);
  }
  subheading(w, 'Using this report');
  paragraph(
    w,
    'This report is licensed to the organization that bought it, for use by its members. Quote individual figures with the credit “Source: TeenVoice Research” and the report’s title. For wider distribution, custom cuts of the data or a briefing for your team, write to sales@teenvoice.test.',
  );
  doc.y += 10;
  write(
    doc,
    'TeenVoice Research',
    { font: fonts.bold, size: 12, color: palette.deep },
    { x: MARGIN.left, y: doc.y },
  );
  write(doc, 'sales@teenvoice.test', body, { x: MARGIN.left, y: doc.y + 2 });
}

/** Running header and footer on every page but the cover. */
function drawPageFurniture(w: Writer, footer: string): void {
  const { doc, report } = w;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (index > range.start) {
      write(
        doc,
        'TEENVOICE RESEARCH',
        { font: fonts.bold, size: 7.5, color: w.palette.strong },
        {
          x: MARGIN.left,
          y: 32,
        },
        { characterSpacing: 1.2, lineBreak: false },
      );
      const title = fitOneLine(doc, report.title, CONTENT_WIDTH - 160, { size: 7.5 });
      write(
        doc,
        title,
        { size: 7.5, color: colors.muted },
        { x: MARGIN.left + 160, y: 32 },
        {
          width: CONTENT_WIDTH - 160,
          align: 'right',
          lineBreak: false,
        },
      );
    }
    const y = PAGE.height - 44;
    doc
      .moveTo(MARGIN.left, y - 8)
      .lineTo(PAGE.width - MARGIN.right, y - 8)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    write(
      doc,
      footer,
      { size: 8, color: colors.muted },
      { x: MARGIN.left, y },
      {
        width: CONTENT_WIDTH - 90,
        lineBreak: false,
      },
    );
    write(
      doc,
      `Page ${index - range.start + 1} of ${range.count}`,
      { size: 8, color: colors.muted },
      { x: PAGE.width - MARGIN.right - 90, y },
      { width: 90, align: 'right', lineBreak: false },
    );
    doc.page.margins.bottom = bottom;
  }
}

function startReport(report: ReportPdfContent, options: ReportPdfOptions, title: string): Writer {
  const creationDate =
    typeof options.publishedAt === 'string' ? new Date(options.publishedAt) : options.publishedAt;
  if (Number.isNaN(creationDate.getTime())) throw new Error('The report needs a valid publication date');
  const doc = createPdf({
    title,
    author: REPORT_AUTHOR,
    subject: report.summary,
    keywords: `${researchThemeLabels[report.theme]}, ${report.sku}`,
    creationDate,
  });
  return { doc, report, palette: themePalettes[report.theme], sections: [] };
}

/** The full report, for buyers. */
export async function renderReportPdf(report: ReportPdfContent, options: ReportPdfOptions): Promise<Buffer> {
  const w = startReport(report, options, report.title);
  drawCover(w, options.publishedAt, 'full');
  const contentsPage = reserveContents(w);
  drawAboutReport(w);
  drawFindingsOverview(w);
  report.keyFindings.forEach((finding, index) => {
    drawFinding(w, finding, index, index === 0);
  });
  drawMethodology(w);
  drawAboutTeenVoice(w);
  drawContents(w, contentsPage);
  drawPageFurniture(w, REPORT_FOOTER);
  return finishPdf(w.doc);
}

/** The free sample: the cover, the first findings page and where to buy the rest. */
export async function renderReportSamplePdf(
  report: ReportPdfContent,
  options: ReportPdfOptions,
): Promise<Buffer> {
  const w = startReport(report, options, `${report.title} (free sample)`);
  const { doc, palette } = w;
  drawCover(w, options.publishedAt, 'sample');
  // The first findings page, as in the full report: the findings that fit on it.
  let shown = 0;
  for (const [index, finding] of report.keyFindings.entries()) {
    if (index > 0 && !findingFits(w, finding, index)) break;
    drawFinding(w, finding, index, index === 0);
    shown += 1;
  }
  newPage(doc);
  beginSection(w, 'buy', 'Read the full report');
  if (shown > 0) {
    paragraph(
      w,
      `This sample shows ${shown === 1 ? 'the first' : `the first ${shown}`} of the report’s ${report.keyFindings.length} key findings.`,
    );
  }
  subheading(w, 'Inside the full report');
  const { sampleSize, ages } = report.methodology;
  for (const point of [
    ...(report.keyFindings.length > 0
      ? [
          `All ${report.keyFindings.length} key findings, each with its headline figure`,
          'Bar charts of the percentages the findings report',
        ]
      : []),
    'What the study covers and who it is for',
    `The methodology: ${sampleSize.toLocaleString('en-US')} teens aged ${ages}, fieldwork dates, regions and margin of error`,
  ]) {
    bullet(w, point);
  }
  const url = options.productUrl ?? `/research/reports/${report.slug}`;
  doc.y += 6;
  const top = doc.y;
  const urlStyle: TextStyle = { font: fonts.bold, size: 12, color: palette.deep };
  const boxHeight = 50 + textHeight(doc, url, CONTENT_WIDTH - 32, urlStyle);
  doc.roundedRect(MARGIN.left, top, CONTENT_WIDTH, boxHeight, 6).fill(palette.tint);
  write(
    doc,
    options.free ? 'Get the full report, free, at' : 'Buy the full report at',
    { size: 11, color: colors.muted },
    { x: MARGIN.left + 16, y: top + 16 },
  );
  write(
    doc,
    url,
    urlStyle,
    { x: MARGIN.left + 16, y: top + 34 },
    {
      width: CONTENT_WIDTH - 32,
      link: url.startsWith('http') ? url : undefined,
    },
  );
  doc.y = top + boxHeight + 20;
  drawPageFurniture(w, 'Free sample. © 2026 TeenVoice.');
  return finishPdf(doc);
}
