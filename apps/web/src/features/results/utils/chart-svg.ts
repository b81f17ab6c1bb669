import { chartBaseText, MIN_CELL_SIZE, marginText, type QuestionResult } from '@tv/contract';

type Count = QuestionResult['options'][number];

/** One group of bars (a Likert statement has one group per statement). */
export interface ChartGroup {
  heading: string | null;
  bars: readonly Count[];
}

/** What a chart download needs: the question's title, its bars and its base. */
export interface ChartSvgInput {
  title: string;
  /** 'Q3' */
  number: number;
  groups: readonly ChartGroup[];
  /** Teens who answered; null when hidden. */
  base: number | null;
  /** Weighted: the Kish effective base of those who answered, stated with the base. */
  effectiveBase?: number | null;
  /** Extra lines under the chart ('Average: 3.4'). */
  notes?: readonly string[];
}

const WIDTH = 720;
const PAD = 24;
const LABEL_WIDTH = 220;
const VALUE_WIDTH = 120;
const BAR = 18;
const ROW = 30;
const LINE = 18;
const FONT = 'Helvetica, Arial, sans-serif';
const colors = { text: '#1f2933', muted: '#616e7c', grid: '#e4e7eb', bar: '#0f766e', hidden: '#f1f3f5' };

/** Text made safe inside an SVG document (element content and attribute values). */
export function escapeXml(text: string): string {
  return (
    text
      // Characters XML 1.0 does not allow at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is being removed.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Words wrapped to lines of at most `max` characters (a long word keeps its own line). */
export function wrapText(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (!word) continue;
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

const percentText = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** '42% ±4.8' for a shown bar, 'Hidden' for a group under 5. */
export function barValue(bar: Count): string {
  if (bar.count === null || bar.percent === null) return 'Hidden';
  return `${percentText(bar.percent)}${bar.marginOfError !== null ? ` ${marginText(bar.percent, bar.marginOfError)}` : ''}`;
}

const text = (x: number, y: number, content: string, attributes = '') =>
  `<text x="${x}" y="${y}"${attributes ? ` ${attributes}` : ''}>${escapeXml(content)}</text>`;

/**
 * A standalone SVG document of a question's chart: title, horizontal bars on a 0–100% axis with each
 * percentage and its ±95% margin of error (drawn as a whisker), the base, and the note that groups
 * under 5 are not shown where a bar is hidden. Fonts are generic, nothing is loaded from elsewhere.
 */
export function chartSvg(input: ChartSvgInput): string {
  const parts: string[] = [];
  let y = PAD;
  const titleLines = wrapText(`Q${input.number}. ${input.title}`, 70);
  for (const line of titleLines) {
    y += 20;
    parts.push(text(PAD, y, line, `font-size="17" font-weight="700" fill="${colors.text}"`));
  }
  y += 22;
  parts.push(
    text(PAD, y, chartBaseText(input.base, input.effectiveBase), `font-size="13" fill="${colors.muted}"`),
  );
  y += 16;

  const plotLeft = PAD + LABEL_WIDTH + 12;
  const plotWidth = WIDTH - plotLeft - VALUE_WIDTH - PAD;
  const xOf = (percent: number) => plotLeft + (plotWidth * Math.max(0, Math.min(100, percent))) / 100;
  let anyHidden = false;

  for (const group of input.groups) {
    if (group.heading) {
      y += 22;
      parts.push(text(PAD, y, group.heading, `font-size="14" font-weight="700" fill="${colors.text}"`));
    }
    const top = y + 10;
    const rowsHeight = group.bars.reduce(
      (sum, bar) => sum + Math.max(ROW, wrapText(bar.label, 32).length * LINE + 8),
      0,
    );
    for (const tick of [0, 25, 50, 75, 100]) {
      const x = xOf(tick);
      parts.push(
        `<line x1="${x}" y1="${top}" x2="${x}" y2="${top + rowsHeight}" stroke="${tick === 0 ? colors.muted : colors.grid}" stroke-width="1"/>`,
        text(
          x,
          top + rowsHeight + 16,
          `${tick}%`,
          `font-size="11" fill="${colors.muted}" text-anchor="middle"`,
        ),
      );
    }
    let rowTop = top;
    for (const bar of group.bars) {
      const labelLines = wrapText(bar.label, 32);
      const rowHeight = Math.max(ROW, labelLines.length * LINE + 8);
      const middle = rowTop + rowHeight / 2;
      labelLines.forEach((line, index) => {
        const lineY = middle - ((labelLines.length - 1) * LINE) / 2 + index * LINE + 5;
        parts.push(
          text(plotLeft - 12, lineY, line, `font-size="13" fill="${colors.text}" text-anchor="end"`),
        );
      });
      const hidden = bar.count === null || bar.percent === null;
      if (hidden) {
        anyHidden = true;
        parts.push(
          `<rect x="${plotLeft}" y="${middle - BAR / 2}" width="${plotWidth}" height="${BAR}" fill="${colors.hidden}"/>`,
        );
      } else {
        const width = Math.max(1, xOf(bar.percent ?? 0) - plotLeft);
        parts.push(
          `<rect x="${plotLeft}" y="${middle - BAR / 2}" width="${width}" height="${BAR}" fill="${colors.bar}"/>`,
        );
        if (bar.marginOfError !== null && bar.marginOfError > 0) {
          const from = xOf((bar.percent ?? 0) - bar.marginOfError);
          const to = xOf((bar.percent ?? 0) + bar.marginOfError);
          parts.push(
            `<path d="M${from} ${middle}H${to}M${from} ${middle - 5}V${middle + 5}M${to} ${middle - 5}V${middle + 5}" stroke="${colors.text}" stroke-width="1.5" fill="none"/>`,
          );
        }
      }
      parts.push(
        text(
          plotLeft + plotWidth + 10,
          middle + 5,
          barValue(bar),
          `font-size="13" font-weight="700" fill="${hidden ? colors.muted : colors.text}"`,
        ),
      );
      rowTop += rowHeight;
    }
    y = top + rowsHeight + 20;
  }

  const notes = [
    ...(input.notes ?? []),
    '± is the 95% margin of error, in percentage points.',
    ...(anyHidden ? [`Groups under ${MIN_CELL_SIZE} are not shown.`] : []),
  ];
  y += 8;
  for (const note of notes) {
    for (const line of wrapText(note, 100)) {
      y += 18;
      parts.push(text(PAD, y, line, `font-size="12" fill="${colors.muted}"`));
    }
  }
  const height = Math.ceil(y + PAD);
  const label = `Q${input.number}. ${input.title}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(label)}" font-family="${FONT}">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
  ].join('\n');
}

/** The chart groups of a question result, or null for a type without bars (ranking, text). */
export function chartGroupsOf(
  result: Pick<QuestionResult, 'type' | 'options' | 'matrix' | 'distribution'>,
): ChartGroup[] | null {
  switch (result.type) {
    case 'single_choice':
    case 'dropdown':
    case 'multiple_choice':
    case 'image_choice':
    case 'yes_no':
      return [{ heading: null, bars: result.options }];
    case 'likert_matrix':
      return result.matrix.map((row) => ({ heading: row.label, bars: row.columns }));
    case 'rating':
    case 'number':
    case 'nps':
    case 'slider':
    case 'date':
      return result.distribution.length ? [{ heading: null, bars: result.distribution }] : null;
    default:
      return null;
  }
}

/** Notes a question's chart carries besides the bars. */
export function chartNotesOf(result: Pick<QuestionResult, 'type' | 'mean' | 'nps'>): string[] {
  const notes: string[] = [];
  if (result.type === 'multiple_choice')
    notes.push('Teens could choose more than one answer, so the shares add up to more than 100%.');
  if (result.mean !== null) notes.push(`Average: ${result.mean}`);
  if (result.nps) notes.push(`Net Promoter Score: ${result.nps.score}`);
  return notes;
}

/** '<survey-name>-q3.svg': the survey's name as a slug, the question number and the extension. */
export function chartFileName(surveyName: string, number: number, extension: 'svg' | 'png'): string {
  const slug =
    surveyName
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'survey';
  return `${slug}-q${number}.${extension}`;
}
