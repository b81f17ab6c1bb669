import type { QuestionResult } from '@tv/contract';

type Count = QuestionResult['options'][number];

export interface Bar {
  id: string;
  label: string;
  count: number | null;
  percent: number | null;
  /** The 95% margin of error of the percentage, in points. */
  marginOfError: number | null;
  /** The bar's length on a 0–100% axis: its percentage, never scaled to the longest bar (issue 26). */
  width: number;
  hidden: boolean;
}

/** Horizontal bars for choice questions; a hidden (suppressed) cell keeps its row but draws no bar. */
export function barsOf(counts: readonly Count[]): Bar[] {
  return counts.map((c) => ({
    id: c.id,
    label: c.label,
    count: c.count,
    percent: c.percent,
    marginOfError: c.marginOfError ?? null,
    width: c.percent === null ? 0 : Math.max(0, Math.min(100, c.percent)),
    hidden: c.count === null,
  }));
}

export interface Segment {
  id: string;
  label: string;
  percent: number;
  count: number | null;
  hidden: boolean;
}

/**
 * One Likert statement as a 100% stacked bar. Hidden cells cannot be drawn on their own, so what
 * they add up to is one hatched 'Hidden' segment at the end.
 */
export function stackOf(columns: readonly Count[]): Segment[] {
  const shown = columns
    .filter((c) => c.count !== null && (c.percent ?? 0) > 0)
    .map((c) => ({ id: c.id, label: c.label, percent: c.percent ?? 0, count: c.count, hidden: false }));
  const total = shown.reduce((sum, s) => sum + s.percent, 0);
  const anyHidden = columns.some((c) => c.count === null);
  const rest = Math.round((100 - total) * 10) / 10;
  if (anyHidden && rest > 0)
    shown.push({ id: 'hidden', label: 'Hidden', percent: rest, count: null, hidden: true });
  return shown;
}

/** Diverging colours for an agreement scale: positive greens, a grey middle, negative warm tones. */
export function scaleColors(count: number): string[] {
  const positive = ['green.8', 'green.6', 'green.4'];
  const negative = ['red.7', 'orange.6', 'orange.4'];
  const side = Math.floor(count / 2);
  const start = positive.slice(0, side);
  const end = negative.slice(0, side).reverse();
  const middle = count % 2 === 1 ? ['gray.5'] : [];
  if (side > 3) return Array.from({ length: count }, (_, i) => (i < count / 2 ? 'green.6' : 'orange.5'));
  return [...start, ...middle, ...end];
}

export type NpsGroup = 'detractor' | 'passive' | 'promoter';
export const npsGroupOf = (score: number): NpsGroup =>
  score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor';

export interface Column {
  id: string;
  label: string;
  count: number | null;
  percent: number | null;
  /** The column's height on a 0–100% axis: its percentage (issue 26). */
  height: number;
  hidden: boolean;
}

/** Vertical columns for a rating, NPS or number distribution. */
export function columnsOf(distribution: readonly Count[]): Column[] {
  return barsOf(distribution).map((bar) => ({ ...bar, height: bar.width }));
}

/** Which column labels to print under a long axis (e.g. 0–40 hours) so they never overlap. */
export function axisLabelEvery(columns: number, widthPx: number, labelPx = 28): number {
  if (columns <= 0) return 1;
  const fit = Math.max(1, Math.floor(widthPx / labelPx));
  return Math.max(1, Math.ceil(columns / fit));
}

export const formatPercent = (value: number | null) =>
  value === null ? '–' : `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** '45 s', '3 min 20 s', '1 h 5 min'. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    const rest = seconds % 60;
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Ranking bars: the option ranked first on average gets the longest bar. */
export function rankBars(ranks: QuestionResult['averageRanks']) {
  const worst = Math.max(1, ranks.length);
  return ranks.map((r) => ({
    ...r,
    width: r.averageRank === null ? 0 : Math.max(4, ((worst - r.averageRank + 1) / worst) * 100),
  }));
}

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Black or white, whichever reads better (WCAG contrast) on a #rrggbb background. */
export function readableTextOn(hex: string): '#ffffff' | '#0f172a' {
  const match = hex.match(/^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!match) return '#0f172a';
  const [r, g, b] = match.slice(1).map((part) => channel(Number.parseInt(part, 16))) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (0.0116 + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#0f172a';
}
