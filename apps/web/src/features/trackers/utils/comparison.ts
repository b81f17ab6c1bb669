import type { TrackerComparison } from '@tv/contract';

/** A p-value as researchers read it: three decimals, or "p < 0.001". */
export function formatP(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p.toFixed(3)}`;
}

/** ▲ or ▼ for a significant change, nothing otherwise. */
export const changeMarker = (direction: 'up' | 'down' | null) =>
  direction === 'up' ? '▲' : direction === 'down' ? '▼' : '';

export interface ChartSeries {
  key: string;
  label: string;
  points: { wave: number; percent: number; direction: 'up' | 'down' | null }[];
}

/**
 * The chart's lines: one per option, over the waves that have figures (the others are left out of the
 * x axis, as the table says why). A hidden or not-asked share leaves a gap.
 */
export function chartSeries(comparison: TrackerComparison): { waves: string[]; series: ChartSeries[] } {
  const shown = comparison.waves.filter((w) => w.state === 'compared');
  return {
    waves: shown.map((w) => w.label),
    series: comparison.options.map((option) => ({
      key: option.key,
      label: option.label,
      points: shown.flatMap((wave, index) => {
        const cell = wave.options.find((o) => o.key === option.key);
        return cell?.percent == null
          ? []
          : [
              {
                wave: index,
                percent: cell.percent,
                direction: cell.change?.significant ? cell.change.direction : null,
              },
            ];
      }),
    })),
  };
}
