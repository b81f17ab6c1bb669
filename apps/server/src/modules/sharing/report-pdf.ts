import {
  chartBaseText,
  MIN_CELL_SIZE,
  marginText,
  questionTypeLabels,
  type ReportQuestion,
  type ResultsReport,
  suppressionReason,
} from '@tv/contract';
import {
  CONTENT_WIDTH,
  colors,
  createPdf,
  drawFooters,
  finishPdf,
  fonts,
  formatLongDate,
  MARGIN,
  newPage,
  type Pdf,
  spaceLeft,
  type TextStyle,
  textHeight,
  write,
} from '../../lib/pdf-layout';
import { formatDay } from './report';

/**
 * The results report as a PDF (decision 031): key figures, one horizontal bar chart per question with
 * each percentage and its 95% margin of error drawn as a whisker, and the methodology. Drawn with
 * pdfkit's vector operations, not pictures of the web page. Written answers are never in it.
 */

const palette = { deep: '#064e3b', bar: '#0f766e', whisker: '#1f2933', tint: '#ecfdf5' } as const;
const body: TextStyle = { size: 10.5, color: colors.text };
const small: TextStyle = { size: 8.5, color: colors.muted };

const BAR_LABEL_WIDTH = 170;
const VALUE_WIDTH = 86;
const BAR_THICKNESS = 12;
const ROW_GAP = 8;
const labelStyle: TextStyle = { size: 9, color: colors.text };

export interface PdfBar {
  label: string;
  /** null: hidden (a group under 5). */
  percent: number | null;
  marginOfError: number | null;
  count: number | null;
}

const formatPercent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** '42%  ±4.8  (n 168)' for a shown bar, 'Hidden' for a suppressed one. */
export function barValueText(bar: PdfBar): string {
  if (bar.percent === null) return 'Hidden';
  return `${formatPercent(bar.percent)}${bar.marginOfError !== null ? ` ${marginText(bar.percent, bar.marginOfError)}` : ''}`;
}

function rowHeights(doc: Pdf, bars: PdfBar[]): number[] {
  return bars.map((bar) =>
    Math.max(BAR_THICKNESS, textHeight(doc, bar.label, BAR_LABEL_WIDTH, labelStyle, { lineGap: 1 })),
  );
}

function barsHeight(doc: Pdf, bars: PdfBar[]): number {
  return rowHeights(doc, bars).reduce((sum, height) => sum + height + ROW_GAP, 0) + 18;
}

/** Horizontal bars on a 0–100% axis with a ±margin whisker on each; hidden rows say so. */
function drawBars(doc: Pdf, bars: PdfBar[]): void {
  const left = MARGIN.left;
  const plotLeft = left + BAR_LABEL_WIDTH + 10;
  const plotWidth = CONTENT_WIDTH - BAR_LABEL_WIDTH - 10 - VALUE_WIDTH;
  const rows = rowHeights(doc, bars);
  const top = doc.y + 2;
  const bottom = top + rows.reduce((sum, height) => sum + height + ROW_GAP, 0);
  for (const tick of [0, 25, 50, 75, 100]) {
    const x = plotLeft + (plotWidth * tick) / 100;
    doc
      .moveTo(x, top - 2)
      .lineTo(x, bottom)
      .lineWidth(tick === 0 ? 0.8 : 0.4)
      .strokeColor(tick === 0 ? colors.muted : colors.border)
      .stroke();
    write(
      doc,
      `${tick}%`,
      { size: 7, color: colors.muted },
      { x: x - 15, y: bottom + 3 },
      { width: 30, align: 'center', lineBreak: false },
    );
  }
  let y = top;
  bars.forEach((bar, index) => {
    const rowHeight = rows[index] ?? BAR_THICKNESS;
    const labelHeight = textHeight(doc, bar.label, BAR_LABEL_WIDTH, labelStyle, { lineGap: 1 });
    write(
      doc,
      bar.label,
      labelStyle,
      { x: left, y: y + (rowHeight - labelHeight) / 2 + 1 },
      { width: BAR_LABEL_WIDTH, align: 'right', lineGap: 1 },
    );
    const barY = y + (rowHeight - BAR_THICKNESS) / 2;
    if (bar.percent === null) {
      doc.rect(plotLeft, barY, plotWidth, BAR_THICKNESS).fill(colors.panel);
    } else {
      const width = Math.max(1, (plotWidth * Math.min(100, bar.percent)) / 100);
      doc.rect(plotLeft, barY, width, BAR_THICKNESS).fill(palette.bar);
      if (bar.marginOfError !== null && bar.marginOfError > 0) {
        const from = plotLeft + (plotWidth * Math.max(0, bar.percent - bar.marginOfError)) / 100;
        const to = plotLeft + (plotWidth * Math.min(100, bar.percent + bar.marginOfError)) / 100;
        const mid = barY + BAR_THICKNESS / 2;
        doc.moveTo(from, mid).lineTo(to, mid).lineWidth(0.9).strokeColor(palette.whisker).stroke();
        for (const x of [from, to]) {
          doc
            .moveTo(x, mid - 3)
            .lineTo(x, mid + 3)
            .stroke();
        }
      }
    }
    write(
      doc,
      barValueText(bar),
      { font: fonts.bold, size: 9, color: bar.percent === null ? colors.muted : colors.text },
      { x: plotLeft + plotWidth + 8, y: barY + 1.5 },
      { width: VALUE_WIDTH - 8, lineBreak: false },
    );
    y += rowHeight + ROW_GAP;
  });
  doc.y = bottom + 16;
}

const toBars = (counts: ReportQuestion['options']): PdfBar[] =>
  counts.map((c) => ({
    label: c.label,
    percent: c.count === null ? null : c.percent,
    marginOfError: c.marginOfError,
    count: c.count,
  }));

/** The charts of a question, as groups of bars with an optional heading each. */
export function chartsOf(question: ReportQuestion): { heading: string | null; bars: PdfBar[] }[] {
  switch (question.type) {
    case 'single_choice':
    case 'dropdown':
    case 'multiple_choice':
    case 'image_choice':
    case 'yes_no':
      return [{ heading: null, bars: toBars(question.options) }];
    case 'likert_matrix':
      return question.matrix.map((row) => ({ heading: row.label, bars: toBars(row.columns) }));
    case 'rating':
    case 'number':
    case 'nps':
    case 'slider':
    case 'date':
      return question.distribution.length ? [{ heading: null, bars: toBars(question.distribution) }] : [];
    default:
      return [];
  }
}

function questionNotes(question: ReportQuestion): string[] {
  const notes: string[] = [];
  if (question.type === 'multiple_choice')
    notes.push('Teens could choose more than one answer, so the shares add up to more than 100%.');
  if (question.mean !== null) notes.push(`Average: ${question.mean}.`);
  if (question.nps)
    notes.push(
      `Net Promoter Score: ${question.nps.score} (promoters ${question.nps.promoters}%, passives ${question.nps.passives}%, detractors ${question.nps.detractors}%).`,
    );
  // Constant sum and MaxDiff (decision 048): their figures in words, as the results page tables them.
  if (question.sums?.length)
    notes.push(
      `Mean points: ${[...question.sums]
        .sort((a, b) => (b.mean ?? -1) - (a.mean ?? -1))
        .map((item) => `${item.label} ${item.mean ?? 'hidden'}`)
        .join('; ')}.`,
    );
  if (question.maxDiff?.length)
    notes.push(
      `MaxDiff scores, (most − least) ÷ shown: ${question.maxDiff
        .map(
          (item) =>
            `${item.label} ${item.score ?? 'hidden'} (most ${item.best}, least ${item.worst}, shown ${item.shown})`,
        )
        .join('; ')}.`,
    );
  const hidden =
    question.options.some((o) => o.count === null) ||
    question.distribution.some((o) => o.count === null) ||
    question.matrix.some((row) => row.columns.some((c) => c.count === null)) ||
    question.averageRanks.some((r) => r.averageRank === null);
  if (hidden) notes.push(`Groups under ${MIN_CELL_SIZE} are not shown.`);
  return notes;
}

function heading(doc: Pdf, text: string): void {
  if (spaceLeft(doc) < 80) newPage(doc);
  write(doc, text, { font: fonts.bold, size: 16, color: palette.deep }, { x: MARGIN.left, y: doc.y });
  const y = doc.y + 4;
  doc.rect(MARGIN.left, y, 40, 2.5).fill(palette.bar);
  doc.y = y + 14;
}

function paragraph(doc: Pdf, text: string, textStyle: TextStyle = body): void {
  if (spaceLeft(doc) < textHeight(doc, text, CONTENT_WIDTH, textStyle, { lineGap: 2 })) newPage(doc);
  write(doc, text, textStyle, { x: MARGIN.left, y: doc.y }, { width: CONTENT_WIDTH, lineGap: 2 });
  doc.y += 6;
}

function drawCover(doc: Pdf, report: ResultsReport): void {
  write(
    doc,
    'RESULTS REPORT',
    { font: fonts.bold, size: 9, color: palette.bar },
    { x: MARGIN.left, y: doc.y },
    { characterSpacing: 1 },
  );
  doc.y += 4;
  write(
    doc,
    report.survey.name,
    { font: fonts.bold, size: 24, color: palette.deep },
    { x: MARGIN.left, y: doc.y },
    { width: CONTENT_WIDTH },
  );
  doc.y += 4;
  const by = [report.survey.organizationName, `Generated ${formatLongDate(report.generatedAt)}`]
    .filter(Boolean)
    .join(' · ');
  write(doc, by, { size: 10, color: colors.muted }, { x: MARGIN.left, y: doc.y }, { width: CONTENT_WIDTH });
  doc.y += 16;

  const { key } = report;
  const figures = [
    {
      label: 'Responses',
      value: (key.groupResponses ?? key.responses).toLocaleString('en-US'),
      note: key.groupResponses !== null ? `of ${key.responses.toLocaleString('en-US')} in all` : 'counted',
    },
    {
      label: 'Completion',
      value: key.completionRate === null ? '–' : `${key.completionRate}%`,
      note: 'of teens who started',
    },
    {
      label: 'Fieldwork',
      value: key.fieldworkStart ? formatDay(key.fieldworkStart) : '–',
      note:
        key.fieldworkEnd && key.fieldworkEnd !== key.fieldworkStart
          ? `to ${formatDay(key.fieldworkEnd)}`
          : '',
    },
    {
      label: 'Sample',
      value: key.sampleSize === null ? '–' : key.sampleSize.toLocaleString('en-US'),
      note: key.sampleSize === null ? 'no audience bought' : 'teens planned',
    },
  ];
  const gap = 10;
  const width = (CONTENT_WIDTH - gap * 3) / 4;
  const top = doc.y;
  figures.forEach((figure, index) => {
    const x = MARGIN.left + index * (width + gap);
    doc.roundedRect(x, top, width, 62, 6).fill(palette.tint);
    write(
      doc,
      figure.label.toUpperCase(),
      { font: fonts.bold, size: 7.5, color: colors.muted },
      { x: x + 10, y: top + 9 },
    );
    write(
      doc,
      figure.value,
      { font: fonts.bold, size: figure.label === 'Fieldwork' ? 11 : 17, color: palette.deep },
      { x: x + 10, y: top + 21 },
      { width: width - 20, lineBreak: false },
    );
    write(doc, figure.note, small, { x: x + 10, y: top + 44 }, { width: width - 20, lineBreak: false });
  });
  doc.y = top + 62 + 14;
  if (report.methodology.filters.length) {
    paragraph(doc, `Filtered to: ${report.methodology.filters.join(', ')}.`, {
      font: fonts.bold,
      size: 10,
      color: colors.text,
    });
  }
}

function drawQuestion(doc: Pdf, question: ReportQuestion): void {
  const typeLabel = questionTypeLabels[question.type as keyof typeof questionTypeLabels] ?? question.type;
  const charts = chartsOf(question);
  const title = question.title;
  const titleHeight = textHeight(doc, title, CONTENT_WIDTH, { font: fonts.bold, size: 12 });
  const firstChart = charts[0] ? barsHeight(doc, charts[0].bars) + (charts[0].heading ? 16 : 0) : 30;
  if (spaceLeft(doc) < titleHeight + 30 + Math.min(firstChart, 260)) newPage(doc);
  const base =
    question.answered === null ? 'hidden' : `${question.answered.toLocaleString('en-US')} answered`;
  write(
    doc,
    `Q${question.number} · ${typeLabel} · ${base}`.toUpperCase(),
    { font: fonts.bold, size: 7.5, color: colors.muted },
    {
      x: MARGIN.left,
      y: doc.y,
    },
  );
  doc.y += 2;
  write(
    doc,
    title,
    { font: fonts.bold, size: 12, color: colors.text },
    { x: MARGIN.left, y: doc.y },
    { width: CONTENT_WIDTH },
  );
  doc.y += 8;
  if (question.suppressed) {
    paragraph(doc, `Hidden. ${question.suppressedReason ?? suppressionReason}`, small);
    doc.y += 10;
    return;
  }
  if (question.answered === 0) {
    paragraph(doc, 'Nobody answered this question.', small);
    doc.y += 10;
    return;
  }
  for (const chart of charts) {
    const height = barsHeight(doc, chart.bars) + (chart.heading ? 16 : 0);
    if (spaceLeft(doc) < height) newPage(doc);
    if (chart.heading) {
      write(
        doc,
        chart.heading,
        { font: fonts.bold, size: 9.5, color: colors.text },
        { x: MARGIN.left, y: doc.y },
        { width: CONTENT_WIDTH },
      );
      doc.y += 4;
    }
    drawBars(doc, chart.bars);
  }
  // Every chart states its base (issue 26), weighted or not.
  if (charts.length > 0) paragraph(doc, chartBaseText(question.answered, question.effectiveBase), small);
  if (question.type === 'ranking') {
    question.averageRanks.forEach((rank, index) => {
      paragraph(
        doc,
        `${index + 1}. ${rank.label}: ${rank.averageRank === null ? 'hidden' : `average rank ${rank.averageRank}`}`,
        body,
      );
    });
  }
  for (const note of questionNotes(question)) paragraph(doc, note, small);
  doc.y += 12;
}

function drawMethodology(doc: Pdf, report: ResultsReport): void {
  if (spaceLeft(doc) < 240) newPage(doc);
  heading(doc, 'Methodology');
  const m = report.methodology;
  const items: [string, string][] = [
    ['Audience', m.audience],
    ['Sample', m.sample],
    ['Quality review', m.quality],
    ['Fieldwork', m.fieldwork],
    ['Weighting', m.weighting.description],
    ['Margins of error', m.marginOfError],
    ['Disclosure control', m.disclosure],
    ['Written answers', m.textAnswers],
  ];
  for (const [label, text] of items) {
    const height = textHeight(doc, text, CONTENT_WIDTH, body, { lineGap: 2 }) + 18;
    if (spaceLeft(doc) < height) newPage(doc);
    write(doc, label, { font: fonts.bold, size: 10.5, color: palette.deep }, { x: MARGIN.left, y: doc.y });
    doc.y += 2;
    paragraph(doc, text);
    doc.y += 2;
  }
}

/** The report's PDF bytes; the same report gives the same bytes. */
export async function renderResultsReportPdf(report: ResultsReport): Promise<Buffer> {
  const doc = createPdf({
    title: `${report.survey.name}: results report`,
    author: report.survey.organizationName ?? 'TeenVoice',
    subject: 'Survey results with 95% margins of error',
    creationDate: new Date(report.generatedAt),
  });
  newPage(doc);
  drawCover(doc, report);
  if (report.suppressed) {
    heading(doc, 'Results');
    paragraph(
      doc,
      `${report.suppressedReason ?? suppressionReason} Widen the filters to report on a larger group.`,
    );
  } else if (report.key.responses === 0) {
    heading(doc, 'Results');
    paragraph(doc, 'This survey has no counted responses yet.');
  } else {
    heading(doc, 'Results');
    paragraph(
      doc,
      'Each bar shows the share of teens who gave the answer; the line across its end is the 95% margin of error.',
      small,
    );
    for (const question of report.questions) drawQuestion(doc, question);
  }
  drawMethodology(doc, report);
  drawFooters(doc, ({ index, count }) => ({
    left: `${report.survey.name} · TeenVoice results report`,
    right: `Page ${index + 1} of ${count}`,
  }));
  return finishPdf(doc);
}
