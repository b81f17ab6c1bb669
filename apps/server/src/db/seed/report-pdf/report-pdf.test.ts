import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { toWinAnsi } from '../../../lib/pdf-layout';
import { pageTexts, squash } from '../../../test/pdf-text';
import { demoReports } from '../content/reports';
import {
  findingFigure,
  findingPercentages,
  marginOfError,
  REPORT_FOOTER,
  renderReportPdf,
  renderReportSamplePdf,
} from './index';

const seed = demoReports[0]!;
const report = seed.attributes;

/** A phrase as the PDF stores it: WinAnsi bytes, read as latin1. */
const encoded = (text: string) =>
  squash(
    [...toWinAnsi(text)]
      .map((character) => {
        const code = character.codePointAt(0) ?? 0;
        const winAnsi: Record<number, number> = {
          8217: 0x92,
          8220: 0x93,
          8221: 0x94,
          8211: 0x96,
          8212: 0x97,
          8226: 0x95,
        };
        return String.fromCharCode(winAnsi[code] ?? code);
      })
      .join(''),
  );

describe('report PDF', () => {
  it('opens, carries the report title as its title and has cover, contents, findings, method and about', async () => {
    const bytes = await renderReportPdf(report, { publishedAt: seed.publishedAt });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(report.title);
    expect(pdf.getAuthor()).toBe('TeenVoice Research');
    expect(pdf.getSubject()).toBe(report.summary);
    expect(pdf.getCreationDate()?.toISOString()).toBe(seed.publishedAt);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(6);

    const pages = (await pageTexts(bytes)).map(squash);
    const all = pages.join('\n');
    for (const heading of [
      'Contents',
      'Aboutthisreport',
      'Keyfindingsataglance',
      'Methodology',
      'AboutTeenVoice',
    ])
      expect(all).toContain(heading);
    expect(pages[0]).toContain('February24,2026');
    expect(pages[0]).toContain('TEENVOICERESEARCH');
    // Every page has the licence footer and its number.
    pages.forEach((page, index) => {
      expect(page).toContain(encoded(REPORT_FOOTER));
      expect(page).toContain(`Page${index + 1}of${pages.length}`);
    });
    // The big figure of each finding, and the margin of error the method states.
    expect(all).toContain('71%');
    expect(all).toContain(encoded('±2.0percentagepoints'));
  });

  it('draws at least two bar charts, each bar a percentage written in its finding', async () => {
    const bytes = await renderReportPdf(report, { publishedAt: seed.publishedAt });
    const all = (await pageTexts(bytes)).map(squash).join('\n');
    expect(all).toContain('Headlinefigures');
    const charts = report.keyFindings.filter((finding) => findingPercentages(finding).length >= 2);
    expect(charts.length).toBeGreaterThanOrEqual(2);
    for (const finding of charts) {
      for (const bar of findingPercentages(finding)) expect(finding).toContain(`${bar.value}%`);
    }
    expect(all).toContain('Finding1innumbers');
    // Axis ticks.
    for (const tick of ['0%', '25%', '50%', '75%', '100%']) expect(all).toContain(tick);
  });

  it('gives the same bytes for the same report and date, and different bytes for another date', async () => {
    const first = await renderReportPdf(report, { publishedAt: seed.publishedAt });
    const second = await renderReportPdf(report, { publishedAt: new Date(seed.publishedAt) });
    expect(second.equals(first)).toBe(true);
    const later = await renderReportPdf(report, { publishedAt: '2026-03-01T00:00:00.000Z' });
    expect(later.equals(first)).toBe(false);
  });

  it('shows curly quotes, dashes, ± and bullets, and replaces what Helvetica cannot show', async () => {
    const bytes = await renderReportPdf(
      {
        ...report,
        title: 'Teens’ “Always On” Lives – 2026 — ± • ≥ 😀',
        keyFindings: ['62% say “yes” – and 38% say ‘no’ — both ≥ 30%.', ...report.keyFindings.slice(1)],
      },
      { publishedAt: seed.publishedAt },
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Teens’ “Always On” Lives – 2026 — ± • >= ?');
    const all = (await pageTexts(bytes)).join('\n');
    // WinAnsi bytes: ’ 0x92, “ 0x93, ” 0x94, – 0x96, — 0x97, ± 0xB1, • 0x95.
    for (const byte of [0x92, 0x93, 0x94, 0x96, 0x97, 0xb1, 0x95])
      expect(all).toContain(String.fromCharCode(byte));
    expect(toWinAnsi('a\u0000b\u2212c 😀 ő')).toBe('a b-c ? o');
  });

  it('refuses a report without a valid date instead of stamping today', async () => {
    await expect(renderReportPdf(report, { publishedAt: 'not a date' })).rejects.toThrow(
      'valid publication date',
    );
  });

  it('makes a short sample: the cover, the first findings page and where to buy the rest', async () => {
    const url = 'https://teenvoice.example/research/reports/always-on-teens-phones-and-sleep-2026';
    const bytes = await renderReportSamplePdf(report, { publishedAt: seed.publishedAt, productUrl: url });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`${report.title} (free sample)`);
    expect(pdf.getPageCount()).toBe(3);
    const pages = (await pageTexts(bytes)).map(squash);
    expect(pages[1]).toContain('KEYFINDING1');
    expect(pages.join('\n')).not.toContain(`KEYFINDING${report.keyFindings.length}`);
    expect(pages[2]).toContain('Buythefullreportat');
    expect(pages[2]).toContain(squash(url));
    const again = await renderReportSamplePdf(report, { publishedAt: seed.publishedAt, productUrl: url });
    expect(again.equals(bytes)).toBe(true);
  });
});

describe('numbers taken from a finding', () => {
  it('leads with the first percentage, ratio, amount or counted quantity, not an age range', () => {
    expect(findingFigure('71% of teens keep their phone within reach')).toMatchObject({
      value: '71%',
      percent: true,
    });
    expect(findingFigure('The average teen belongs to 7 active group chats; 1 in 5 belongs to more')).toEqual(
      {
        value: '7',
        unit: 'active group chats',
        percent: false,
      },
    );
    expect(findingFigure('1 in 3 teens received a message; 35% could name how')?.value).toBe('1 in 3');
    expect(findingFigure('Teens with a job earn a median of $640 a month and save 22%')).toMatchObject({
      value: '$640',
      unit: 'a month',
    });
    expect(findingFigure('Teens sleep a median of 7 hours 5 minutes on school nights')?.value).toBe('7h 5m');
    expect(findingFigure('Most 13–19 year-olds in 2026 agree')).toBeNull();
  });

  it('labels each percentage with the words the text gives it, and skips comparisons it cannot name', () => {
    expect(
      findingPercentages(
        'Messaging friends, not video, is the top reason for staying up: 44% name group chats, 31% short-form video and 12% gaming.',
      ),
    ).toEqual([
      { value: 44, label: 'Name group chats' },
      { value: 31, label: 'Short-form video' },
      { value: 12, label: 'Gaming' },
    ]);
    expect(
      findingPercentages(
        'Cost of living (48%), school safety (37%) and climate change (31%) are the issues teens rank most important.',
      ),
    ).toEqual([
      { value: 48, label: 'Cost of living' },
      { value: 37, label: 'School safety' },
      { value: 31, label: 'Climate change' },
    ]);
    expect(findingPercentages('Heavy users are twice as likely to say so (46% vs. 23%).')).toEqual([]);
    expect(
      findingPercentages(
        'Only 29% of households with a phone rule keep it every night, but where phones charge outside the bedroom, 64% of teens say they get to sleep more easily.',
      )[1],
    ).toEqual({
      value: 64,
      label: 'Where phones charge outside the bedroom, teens say they get to sleep more easily',
    });
  });

  it('takes the margin of error from the method, or works it out from the sample size', () => {
    expect(marginOfError(report.methodology)).toBe('±2.0 percentage points at the 95% confidence level');
    expect(marginOfError({ ...report.methodology, method: 'Online survey.', sampleSize: 1000 })).toMatch(
      /^±3\.1 percentage points/,
    );
  });
});
