import {
  CONTENT_WIDTH,
  colors,
  fonts,
  MARGIN,
  newPage,
  PAGE,
  spaceLeft,
  textHeight,
  toWinAnsi,
  write,
} from '../../../lib/pdf-layout';
import {
  type BarChart,
  beginSection,
  body,
  chartHeight,
  drawBarChart,
  type ReportPdfContent,
  sourceNote,
  type Writer,
} from './drawing';
import { type FindingPercentage, findingFigure, findingPercentages } from './report-text';

// The findings of a report PDF: the overview with its headline chart, and each key finding with its
// figure and, when it states two percentages or more, its own chart.

function findingTitle(index: number, text: string): string {
  return `Finding ${index + 1}: ${text}`;
}

export function drawFindingsOverview(w: Writer): void {
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
export function findingFits(w: Writer, finding: string, index: number): boolean {
  return spaceLeft(w.doc) >= findingHeight(w, finding, index) + 22;
}

export function drawFinding(w: Writer, finding: string, index: number, first: boolean): void {
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
