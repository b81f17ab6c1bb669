import type { RakingRespondent, RakingTargets } from './raking';

/**
 * Default raking targets for US teens aged 13–19: single year of age, gender (female/male) and the
 * four census regions, decision 027.
 *
 * SOURCE — U.S. Census Bureau, Population Division, Population Estimates Program, Vintage 2019:
 * dataset SC-EST2019-AGESEX-CIV, civilian population by single year of age and sex for the United
 * States and the states, column POPEST2019_CIV (estimates for July 1, 2019), rows AGE 13–19,
 * https://www2.census.gov/programs-surveys/popest/datasets/2010-2019/state/asrh/sc-est2019-agesex-civ.csv
 * The counts below are copied from that file unchanged (read from a public copy of it; its US total,
 * 327,052,602 civilians, and the Census region code of every state were checked), and the shares are
 * computed from them, so each dimension sums to 1 exactly.
 *
 * REFRESH — these are 2019 estimates: the teens of 2019 were born from mid-1999 to mid-2006. The same file for a
 * later vintage has the same layout; take POPEST<year>_CIV, SEX = 0/1/2, AGE 13–19, SUMLEV 010 (nation)
 * and 040 (states), and replace the counts:
 *   Vintage 2023: https://www2.census.gov/programs-surveys/popest/datasets/2020-2023/state/asrh/sc-est2023-agesex-civ.csv
 *   (table page: https://www.census.gov/data/tables/time-series/demo/popest/2020s-state-detail.html)
 * Shifting the 2019 file by four years of age suggests the changes to expect: Northeast about 0.8
 * points lower, South about 0.5 higher, the sex ratio and the age shares within half a point.
 *
 * GENDER — the Census estimates have two sexes. Respondents who answer anything else (non-binary,
 * self-described) are left out of raking and keep weight 1 (see `teenRakingRecord`); the raked
 * respondents then match these targets, and everyone's weights have mean 1.
 */

export const TEEN_MARGINS_SOURCE = {
  publisher: 'U.S. Census Bureau, Population Division, Population Estimates Program',
  dataset: 'SC-EST2019-AGESEX-CIV',
  vintage: 2019,
  estimateDate: '2019-07-01',
  column: 'POPEST2019_CIV',
  url: 'https://www2.census.gov/programs-surveys/popest/datasets/2010-2019/state/asrh/sc-est2019-agesex-civ.csv',
  refreshFrom:
    'https://www2.census.gov/programs-surveys/popest/datasets/2020-2023/state/asrh/sc-est2023-agesex-civ.csv',
} as const;

export type TeenRegion = 'northeast' | 'midwest' | 'south' | 'west';
export type TeenGender = 'female' | 'male';
export const TEEN_AGES = [13, 14, 15, 16, 17, 18, 19] as const;

/** Civilian US population by single year of age, both sexes, July 1, 2019 (SUMLEV 010, SEX 0). */
export const teenCountsByAge: Readonly<Record<(typeof TEEN_AGES)[number], number>> = {
  13: 4_175_221,
  14: 4_164_459,
  15: 4_175_459,
  16: 4_150_420,
  17: 4_141_202,
  18: 4_222_496,
  19: 4_272_909,
};

/** Civilian US population aged 13–19 by sex, July 1, 2019 (SUMLEV 010, SEX 2 and 1). */
export const teenCountsBySex: Readonly<Record<TeenGender, number>> = {
  female: 14_373_464,
  male: 14_928_702,
};

/**
 * The 50 states and DC by two-letter code: census region and civilian population aged 13–19
 * (both sexes), July 1, 2019 (SUMLEV 040, SEX 0). Regions as in the file's REGION code (1 Northeast,
 * 2 Midwest, 3 South, 4 West).
 */
export const teenStates: Readonly<Record<string, { region: TeenRegion; teens: number }>> = {
  // Northeast
  CT: { region: 'northeast', teens: 326_548 },
  MA: { region: 'northeast', teens: 605_393 },
  ME: { region: 'northeast', teens: 107_170 },
  NH: { region: 'northeast', teens: 114_768 },
  NJ: { region: 'northeast', teens: 775_771 },
  NY: { region: 'northeast', teens: 1_618_264 },
  PA: { region: 'northeast', teens: 1_106_233 },
  RI: { region: 'northeast', teens: 94_774 },
  VT: { region: 'northeast', teens: 54_601 },
  // Midwest
  IA: { region: 'midwest', teens: 295_311 },
  IL: { region: 'midwest', teens: 1_141_440 },
  IN: { region: 'midwest', teens: 637_441 },
  KS: { region: 'midwest', teens: 279_077 },
  MI: { region: 'midwest', teens: 892_540 },
  MN: { region: 'midwest', teens: 508_912 },
  MO: { region: 'midwest', teens: 542_296 },
  ND: { region: 'midwest', teens: 65_975 },
  NE: { region: 'midwest', teens: 185_896 },
  OH: { region: 'midwest', teens: 1_050_461 },
  SD: { region: 'midwest', teens: 81_542 },
  WI: { region: 'midwest', teens: 524_963 },
  // South
  AL: { region: 'south', teens: 436_138 },
  AR: { region: 'south', teens: 277_231 },
  DC: { region: 'south', teens: 47_328 },
  DE: { region: 'south', teens: 83_301 },
  FL: { region: 'south', teens: 1_684_907 },
  GA: { region: 'south', teens: 1_014_951 },
  KY: { region: 'south', teens: 399_129 },
  LA: { region: 'south', teens: 414_597 },
  MD: { region: 'south', teens: 529_987 },
  MS: { region: 'south', teens: 281_926 },
  NC: { region: 'south', teens: 947_280 },
  OK: { region: 'south', teens: 369_301 },
  SC: { region: 'south', teens: 443_900 },
  TN: { region: 'south', teens: 595_717 },
  TX: { region: 'south', teens: 2_880_799 },
  VA: { region: 'south', teens: 747_163 },
  WV: { region: 'south', teens: 147_317 },
  // West
  AK: { region: 'west', teens: 63_471 },
  AZ: { region: 'west', teens: 667_676 },
  CA: { region: 'west', teens: 3_532_782 },
  CO: { region: 'west', teens: 510_217 },
  HI: { region: 'west', teens: 107_539 },
  ID: { region: 'west', teens: 177_680 },
  MT: { region: 'west', teens: 89_740 },
  NM: { region: 'west', teens: 193_819 },
  NV: { region: 'west', teens: 261_260 },
  OR: { region: 'west', teens: 345_045 },
  UT: { region: 'west', teens: 360_447 },
  WA: { region: 'west', teens: 630_137 },
  WY: { region: 'west', teens: 52_005 },
};

/** The census region of a state or DC by its two-letter code, or undefined for anything else. */
export function regionOfState(code: string): TeenRegion | undefined {
  const key = code.toUpperCase();
  return Object.hasOwn(teenStates, key) ? teenStates[key]!.region : undefined;
}

const sharesOf = <K extends string | number>(counts: Readonly<Record<K, number>>): Record<string, number> => {
  const entries = Object.entries<number>(counts);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return Object.fromEntries(entries.map(([key, count]) => [key, count / total]));
};

const teenCountsByRegion = (): Record<TeenRegion, number> => {
  const totals: Record<TeenRegion, number> = { northeast: 0, midwest: 0, south: 0, west: 0 };
  for (const { region, teens } of Object.values(teenStates)) totals[region] += teens;
  return totals;
};

/**
 * The default targets for `rake`: shares by `age` ('13'–'19'), `gender` ('female', 'male') and
 * `region` ('northeast', 'midwest', 'south', 'west'), as the respondent screener stores them.
 * Rounded: age about 14.1–14.6% each; female 49.05%, male 50.95%; Northeast 16.39%, Midwest 21.18%,
 * South 38.57%, West 23.86%.
 */
export const usTeenTargets: RakingTargets = {
  age: sharesOf(teenCountsByAge),
  gender: sharesOf(teenCountsBySex),
  region: sharesOf(teenCountsByRegion()),
};

/** What the screener records about a respondent. Either a region or a state is enough. */
export interface TeenProfile {
  age: number | string;
  gender: string;
  region?: string | null;
  state?: string | null;
}

/**
 * A respondent as `rake` reads it with `usTeenTargets`. A gender other than female or male, an age
 * outside 13–19 or an unknown region is left empty, so that respondent is not raked and keeps
 * weight 1.
 */
export function teenRakingRecord(profile: TeenProfile): RakingRespondent {
  const age = String(profile.age);
  const region = profile.region || (profile.state ? regionOfState(profile.state) : undefined);
  return {
    age: Object.hasOwn(teenCountsByAge, age) ? age : undefined,
    gender: profile.gender === 'female' || profile.gender === 'male' ? profile.gender : undefined,
    region: region && Object.hasOwn(usTeenTargets.region!, region) ? region : undefined,
  };
}
