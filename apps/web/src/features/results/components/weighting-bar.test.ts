// @vitest-environment jsdom
import type { ResultsSummary } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { weightingNote } from './weighting-bar';

const totals = { responses: 312 } as ResultsSummary['totals'];
const weighting: NonNullable<ResultsSummary['weighting']> = {
  targets: 'US teens 14–18 by age, gender and census region (Census Bureau SC-EST2019-AGESEX-CIV, 2019)',
  applied: 'age 14 20.0%, 15 20.0%, 16 19.9%, 17 19.9%, 18 20.2%; gender: Girls 49.1%, Boys 50.9%',
  source: 'census',
  efficiency: 91.2,
  effectiveBase: 284.5,
  converged: true,
};

describe('the weighting note (issue 26)', () => {
  it('names the audience’s own ages and the targets used', () => {
    const note = weightingNote({ weighted: true, weighting, totals, filteredResponses: null });
    expect(note).toContain('Weighted to US teens 14–18');
    expect(note).toContain('Targets for this audience: age 14 20.0%');
    expect(note).toContain('effective base 284.5 of 312 respondents');
  });

  it('agrees with the switch on a hidden group: weighted, with no figures', () => {
    const note = weightingNote({
      weighted: true,
      weighting: { ...weighting, efficiency: null, effectiveBase: null },
      totals,
      filteredResponses: null,
      suppressed: true,
    });
    expect(note).toMatch(/^Weighted to US teens 14–18/);
    expect(note).toContain('This group is hidden');
    expect(note).not.toMatch(/Unweighted/);
    // Even without the targets (an older server), a weighted view never reads 'Unweighted'.
    const bare = weightingNote({
      weighted: true,
      weighting: null,
      totals,
      filteredResponses: null,
      suppressed: true,
    });
    expect(bare).toMatch(/^Weighted results\./);
  });

  it('says unweighted only when the switch is off', () => {
    expect(weightingNote({ weighted: false, weighting: null, totals, filteredResponses: null })).toMatch(
      /^Unweighted/,
    );
  });
});
