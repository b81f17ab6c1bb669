import { researchThemeLabels } from '@tv/contract';
import {
  CONTENT_WIDTH,
  colors,
  fonts,
  formatDateRange,
  formatLongDate,
  MARGIN,
  newPage,
  PAGE,
  spaceLeft,
  type TextStyle,
  textHeight,
  toWinAnsi,
  write,
} from '../../../lib/pdf-layout';
import { beginSection, body, bullet, fitOneLine, paragraph, subheading, type Writer } from './drawing';
import { htmlBlocks, marginOfError } from './report-text';

// The pages of a report PDF around its findings: the cover, the contents (written last, once every
// section has its page), what the report covers, the methodology, the page about TeenVoice, and the
// running header and footer.

export function drawCover(w: Writer, publishedAt: Date | string, variant: 'full' | 'sample'): void {
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
export function reserveContents(w: Writer): number {
  newPage(w.doc);
  return w.doc.bufferedPageRange().count - 1;
}

export function drawContents(w: Writer, pageIndex: number): void {
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

export function drawAboutReport(w: Writer): void {
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

export function drawMethodology(w: Writer): void {
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

export function drawAboutTeenVoice(w: Writer): void {
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
export function drawPageFurniture(w: Writer, footer: string): void {
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
