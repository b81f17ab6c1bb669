import { regions, statesByRegion, usStates } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import {
  regionOfState,
  TEEN_AGES,
  TEEN_MARGINS_SOURCE,
  teenCountsByAge,
  teenCountsBySex,
  teenRakingRecord,
  teenStates,
  usTeenTargets,
} from './us-teen-margins';

const sum = (values: Iterable<number>) => [...values].reduce((total, v) => total + v, 0);

describe('US teen margins', () => {
  it('covers the 50 states and DC with the census regions the screener uses', () => {
    expect(Object.keys(teenStates).sort()).toEqual([...usStates].sort());
    expect(Object.keys(teenStates)).toHaveLength(51);
    for (const [region, states] of Object.entries(statesByRegion)) {
      for (const state of states) expect(regionOfState(state)).toBe(region);
    }
    expect(regionOfState('tx')).toBe('south');
    expect(regionOfState('PR')).toBeUndefined();
  });

  it('has targets for every age 13–19, both sexes and every region, each summing to 1', () => {
    expect(Object.keys(usTeenTargets.age!).sort()).toEqual(TEEN_AGES.map(String));
    expect(Object.keys(usTeenTargets.gender!).sort()).toEqual(['female', 'male']);
    expect(Object.keys(usTeenTargets.region!).sort()).toEqual([...regions].sort());
    for (const shares of Object.values(usTeenTargets)) {
      expect(sum(Object.values(shares))).toBeCloseTo(1, 12);
      for (const share of Object.values(shares)) expect(share).toBeGreaterThan(0);
    }
  });

  it('adds up the same by age, by sex and by state, as in the Census file (29,302,166 civilians aged 13–19)', () => {
    const total = 29_302_166; // Vintage 2019: change with the counts when they are refreshed.
    expect(sum(Object.values(teenCountsByAge))).toBe(total);
    expect(sum(Object.values(teenCountsBySex))).toBe(total);
    expect(sum(Object.values(teenStates).map((s) => s.teens))).toBe(total);
  });

  it('looks like the US teen population', () => {
    // Sanity bounds that a typo in the counts would break: ages near 1/7, slightly more boys, the South
    // the largest region and the Northeast the smallest.
    for (const share of Object.values(usTeenTargets.age!)) {
      expect(share).toBeGreaterThan(0.13);
      expect(share).toBeLessThan(0.155);
    }
    expect(usTeenTargets.gender!.male).toBeGreaterThan(0.5);
    expect(usTeenTargets.gender!.male).toBeLessThan(0.52);
    // Vintage 2019 shares (decision 027): change with the counts when they are refreshed.
    expect(usTeenTargets.region!.south).toBeCloseTo(0.3857, 4);
    expect(usTeenTargets.region!.northeast).toBeCloseTo(0.1639, 4);
    expect(teenStates.CA!.teens).toBeGreaterThan(teenStates.TX!.teens);
  });

  it('names its source and where to refresh it', () => {
    expect(TEEN_MARGINS_SOURCE).toMatchObject({ dataset: 'SC-EST2019-AGESEX-CIV', vintage: 2019 });
    expect(TEEN_MARGINS_SOURCE.url).toContain('sc-est2019-agesex-civ.csv');
    expect(TEEN_MARGINS_SOURCE.refreshFrom).toContain('sc-est2023-agesex-civ.csv');
  });
});

describe('teenRakingRecord', () => {
  it('reads age, gender and region as the targets name them', () => {
    expect(teenRakingRecord({ age: 15, gender: 'female', region: 'west' })).toEqual({
      age: '15',
      gender: 'female',
      region: 'west',
    });
  });

  it('finds the region from the state when no region is given', () => {
    expect(teenRakingRecord({ age: '19', gender: 'male', state: 'VT' }).region).toBe('northeast');
  });

  it('leaves out other genders, ages outside 13–19 and unknown places, so rake keeps weight 1', () => {
    expect(teenRakingRecord({ age: 16, gender: 'non_binary', region: 'south' }).gender).toBeUndefined();
    expect(
      teenRakingRecord({ age: 16, gender: 'prefer_to_self_describe', region: 'south' }).gender,
    ).toBeUndefined();
    expect(teenRakingRecord({ age: 20, gender: 'male', region: 'south' }).age).toBeUndefined();
    expect(teenRakingRecord({ age: 16, gender: 'male', state: 'PR' }).region).toBeUndefined();
    expect(teenRakingRecord({ age: 16, gender: 'male', region: 'toString' }).region).toBeUndefined();
    expect(teenRakingRecord({ age: 'constructor', gender: 'male', region: 'west' }).age).toBeUndefined();
  });
});
