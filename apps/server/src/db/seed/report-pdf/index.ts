import { researchThemeLabels } from '@tv/contract';
import {
  CONTENT_WIDTH,
  colors,
  createPdf,
  finishPdf,
  fonts,
  MARGIN,
  newPage,
  type TextStyle,
  textHeight,
  themePalettes,
  write,
} from '../../../lib/pdf-layout';
import { beginSection, bullet, paragraph, type ReportPdfContent, subheading, type Writer } from './drawing';
import { drawFinding, drawFindingsOverview, findingFits } from './findings-pages';
import {
  drawAboutReport,
  drawAboutTeenVoice,
  drawContents,
  drawCover,
  drawMethodology,
  drawPageFurniture,
  reserveContents,
} from './pages';

/**
 * A research report as a PDF, drawn from the report's own content: cover, contents, what the report
 * covers, the key findings (each with its headline figure), bar charts of the percentages the findings
 * state, the methodology and a page about TeenVoice. Charts only ever show numbers written in the
 * findings. The same report and date always give the same bytes (the storage key is their hash).
 */

export type { ReportPdfContent } from './drawing';
export {
  type FindingFigure,
  type FindingPercentage,
  findingFigure,
  findingPercentages,
  htmlBlocks,
  marginOfError,
} from './report-text';

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
