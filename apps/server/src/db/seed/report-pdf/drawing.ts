import type { ReportAttributes } from '@tv/contract';
import {
  CONTENT_WIDTH,
  colors,
  fonts,
  formatDateRange,
  MARGIN,
  newPage,
  PAGE,
  type Pdf,
  spaceLeft,
  type TextStyle,
  type ThemePalette,
  textHeight,
  toWinAnsi,
  write,
} from '../../../lib/pdf-layout';
import type { FindingPercentage } from './report-text';

// What every page of a report PDF is drawn with: the writer that carries the document and its
// sections, section headings, paragraphs, bullets, one-line titles and the horizontal bar charts.

export type ReportPdfContent = Pick<
  ReportAttributes,
  'title' | 'slug' | 'summary' | 'description' | 'keyFindings' | 'methodology' | 'theme' | 'sku'
>;

export interface Section {
  id: string;
  title: string;
  page: number;
}

export interface Writer {
  doc: Pdf;
  report: ReportPdfContent;
  palette: ThemePalette;
  sections: Section[];
}

export const body: TextStyle = { size: 11, color: colors.text };
const BODY_LINE_GAP = 3;

/** Starts a section: a named destination and bookmark for the contents, then its heading. */
export function beginSection(w: Writer, id: string, title: string, heading = title): void {
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

export function paragraph(w: Writer, text: string, textStyle: TextStyle = body): void {
  const { doc } = w;
  if (spaceLeft(doc) < textHeight(doc, text, CONTENT_WIDTH, textStyle, { lineGap: BODY_LINE_GAP }))
    newPage(doc);
  write(doc, text, textStyle, { x: MARGIN.left, y: doc.y }, { width: CONTENT_WIDTH, lineGap: BODY_LINE_GAP });
  doc.y += 8;
}

export function bullet(w: Writer, text: string): void {
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

export function subheading(w: Writer, text: string): void {
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

export interface BarChart {
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

export function chartHeight(doc: Pdf, chart: BarChart): number {
  const titleHeight = textHeight(doc, chart.title, CONTENT_WIDTH, { font: fonts.bold, size: 12 });
  const rows = barRowHeights(doc, chart).reduce((sum, height) => sum + height + BAR_ROW_GAP, 0);
  const noteHeight = textHeight(doc, chart.note, CONTENT_WIDTH, { size: 8 });
  return titleHeight + 12 + rows + 26 + noteHeight + 10;
}

/**
 * A horizontal bar chart on a 0–100% axis: label on the left, bar, value at the bar's end, gridlines
 * every 25 points with their tick labels under the axis.
 */
export function drawBarChart(w: Writer, chart: BarChart): void {
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

export function sourceNote(report: ReportPdfContent): string {
  const { sampleSize, ages, fieldworkStart, fieldworkEnd } = report.methodology;
  return `Source: TeenVoice survey of ${sampleSize.toLocaleString('en-US')} teens aged ${ages}, ${formatDateRange(fieldworkStart, fieldworkEnd)}. Percentages as stated in the finding.`;
}

/** Shortens text with an ellipsis until it fits one line. */
export function fitOneLine(doc: Pdf, text: string, width: number, textStyle: TextStyle): string {
  doc.font(textStyle.font ?? fonts.regular).fontSize(textStyle.size ?? 11);
  const safe = toWinAnsi(text);
  if (doc.widthOfString(safe) <= width) return safe;
  const words = safe.split(' ');
  while (words.length > 1 && doc.widthOfString(`${words.join(' ')}…`) > width) words.pop();
  return `${words.join(' ').replace(/[,;:.]$/, '')}…`;
}
