import {
  type Audience,
  targetsInPercent,
  type WeightingAttribute,
  type WeightingTargets,
  type WeightingTargetsInfo,
  weightingAttributeLabels,
  weightingAttributes,
  weightingAttributeWord,
  weightingValueLabel,
  weightingValues,
} from '@tv/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { type AudienceCell, audienceCells } from './aggregates';
import { type RakingTargets, rake, TEEN_MARGINS_SOURCE, usTeenTargets } from './statistics';
import { responseScope } from './summary';

/**
 * Weights for results (decision 027, issue 13): raked to the survey's own targets when a researcher
 * set them, to the Census margins of US teens otherwise. A raking weight depends only on the
 * respondent's audience cell (age, gender, region), so the weights are raked from the counts per cell
 * (the maintained aggregates hold them) and cached per survey, keyed by those counts and the targets.
 */

type AudienceLimits = Pick<Audience, 'ageMin' | 'ageMax' | 'genders' | 'regions'>;

/** What weighting reads of a survey. */
export interface WeightedSurvey {
  id: string;
  audience: AudienceLimits | null;
  /** The researcher's targets (attribute → value → share), or null for the Census margins. */
  weightingTargets: WeightingTargets | Record<string, Record<string, number>> | null;
}

const CENSUS_SOURCE = `Census Bureau ${TEEN_MARGINS_SOURCE.dataset}, ${TEEN_MARGINS_SOURCE.vintage}`;
const CENSUS_LABEL = `US teens 13–19 by age, gender and census region (${CENSUS_SOURCE})`;

/**
 * The Census margins named for the survey's own audience (issue 26): a 14–18 audience is weighted to
 * US teens 14–18, so the note never lists ages 13 and 19 it has no one of. It still starts 'US teens'.
 */
export function censusLabel(audience: AudienceLimits | null): string {
  const min = audience?.ageMin ?? 13;
  const max = audience?.ageMax ?? 19;
  const ages = min === max ? `aged ${min}` : `${min}–${max}`;
  return `US teens ${ages} by age, gender and census region (${CENSUS_SOURCE})`;
}

const percentOf = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;

/**
 * What each value is raked to once the targets are cut to the audience and to the values present, in
 * words: 'age 14 20.1%, 15 19.9%, …; gender: girls 49.1%, boys 50.9%; US region: Northeast 16.4%, …'.
 * Null when nothing is raked.
 */
export function appliedTargetsText(targets: RakingTargets): string | null {
  const parts = weightingAttributes
    .filter((attribute) => targets[attribute])
    .map((attribute) => {
      const entries = Object.entries(targets[attribute]!);
      const order = weightingValues[attribute];
      entries.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
      const values = entries
        .map(([value, share]) => `${weightingValueLabel(attribute, value)} ${percentOf(share)}`)
        .join(', ');
      return attribute === 'age' ? `age ${values}` : `${attributeWord(attribute)}: ${values}`;
    });
  return parts.length ? parts.join('; ') : null;
}

const attributeWord = weightingAttributeWord;

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The targets a survey's results are raked to, and how screens and exports name them. */
export function baseTargets(survey: Pick<WeightedSurvey, 'weightingTargets'>): {
  targets: RakingTargets;
  source: 'census' | 'custom';
  label: string;
} {
  const custom = survey.weightingTargets;
  if (custom && Object.keys(custom).length > 0) {
    const attributes = weightingAttributes.filter((a) => custom[a]);
    return {
      targets: Object.fromEntries(
        attributes.map((a) => [
          a,
          Object.fromEntries(Object.entries(custom[a]!).filter(([, share]) => share > 0)),
        ]),
      ),
      source: 'custom',
      label: `targets set for this survey by ${list(attributes.map(attributeWord))}`,
    };
  }
  return { targets: usTeenTargets, source: 'census', label: CENSUS_LABEL };
}

/**
 * The raking targets for a survey's audience: the base targets (the US teen margins, decision 027,
 * or the survey's own) cut to the ages, genders and regions the audience admits and to the
 * categories present, each dimension renormalised; a dimension left with one category is not raked.
 */
export function targetsFor(
  audience: AudienceLimits | null,
  present: Record<string, Set<string>>,
  base: RakingTargets = usTeenTargets,
): RakingTargets {
  const admitted: Record<string, (category: string) => boolean> = {
    age: (age) => Number(age) >= (audience?.ageMin ?? 13) && Number(age) <= (audience?.ageMax ?? 19),
    gender: (gender) => !audience?.genders.length || (audience.genders as string[]).includes(gender),
    region: (region) => !audience?.regions.length || (audience.regions as string[]).includes(region),
  };
  const targets: Record<string, Record<string, number>> = {};
  for (const [dimension, shares] of Object.entries(base)) {
    const kept = Object.entries(shares).filter(
      ([category, share]) =>
        share > 0 && (admitted[dimension]?.(category) ?? true) && present[dimension]?.has(category),
    );
    const total = kept.reduce((sum, [, share]) => sum + share, 0);
    if (kept.length < 2 || total <= 0) continue;
    targets[dimension] = Object.fromEntries(kept.map(([category, share]) => [category, share / total]));
  }
  return targets;
}

/**
 * The categories to rake are those present among the respondents who are raked, that is, who have a
 * value on every raked dimension; which dimensions are raked depends on those categories in turn, so it
 * is settled in a few rounds (a target without raked respondents could not be met).
 */
export function settledTargets(
  records: readonly Readonly<Record<string, string | undefined>>[],
  audience: AudienceLimits | null,
  base: RakingTargets = usTeenTargets,
): RakingTargets {
  let dimensions = Object.keys(base);
  let targets: RakingTargets = {};
  for (let round = 0; round < 4; round++) {
    const present: Record<string, Set<string>> = Object.fromEntries(dimensions.map((d) => [d, new Set()]));
    for (const record of records) {
      if (!dimensions.every((dimension) => record[dimension])) continue;
      for (const dimension of dimensions) present[dimension]!.add(record[dimension]!);
    }
    targets = targetsFor(audience, present, base);
    const next = Object.keys(targets);
    if (next.length === dimensions.length && next.every((d) => dimensions.includes(d))) break;
    dimensions = next;
  }
  return targets;
}

/**
 * What `rake` reads of each respondent: only the raked dimensions, and only categories with a target
 * (anyone else keeps weight 1).
 */
export function rakingRows(
  records: readonly Readonly<Record<string, string | undefined>>[],
  targets: RakingTargets,
): Record<string, string | undefined>[] {
  return records.map((record) =>
    Object.fromEntries(
      Object.keys(targets).map((dimension) => {
        const value = record[dimension];
        return [
          dimension,
          value !== undefined && targets[dimension]![value] !== undefined ? value : undefined,
        ];
      }),
    ),
  );
}

/**
 * A respondent's categories as raking reads them: a value with no target above 0 (with the Census
 * margins: a gender other than girls and boys, an age outside 13–19) is left empty, so that
 * respondent is not raked and keeps weight 1.
 */
export function rakingRecord(
  cell: { age: number | string; gender: string; region: string },
  base: RakingTargets,
): Record<string, string | undefined> {
  const values: Record<string, string> = {
    age: String(cell.age),
    gender: cell.gender,
    region: cell.region,
  };
  return Object.fromEntries(
    Object.keys(base).map((dimension) => {
      const value = values[dimension];
      return [dimension, value && (base[dimension]?.[value] ?? 0) > 0 ? value : undefined];
    }),
  );
}

const cellKey = (cell: { age: number | string; gender: string; region: string }) =>
  `${cell.age}|${cell.gender}|${cell.region}`;

export interface CellWeights {
  source: 'census' | 'custom';
  /** What the weights are raked to, in words. */
  label: string;
  /** Each respondent's weight by their audience cell; 1 for a cell that was not raked. */
  of(cell: { age: number | string; gender: string; region: string }): number;
  /** The raked cells and their weights (every other cell weighs 1), for a query to multiply by. */
  cells: readonly { age: number; gender: string; region: string; weight: number }[];
  converged: boolean;
  /** Counted respondents the weights were raked from. */
  respondents: number;
  /** Over every counted respondent: efficiency (0–1) and Kish's effective base. */
  efficiency: number | null;
  effectiveBase: number | null;
  /** Target values nobody counted has, in words. */
  warnings: string[];
  /** The targets raked to, cut to the audience and the values present, in words (null: none raked). */
  applied: string | null;
}

/** Raking on the counts per cell: the same weights as raking every respondent, in a fraction of the time. */
export function weightsFromCells(
  cells: readonly AudienceCell[],
  survey: Pick<WeightedSurvey, 'audience' | 'weightingTargets'>,
): CellWeights {
  const { targets: base, source, label: baseLabel } = baseTargets(survey);
  const label = source === 'census' ? censusLabel(survey.audience) : baseLabel;
  let applied: string | null = null;
  const counted = cells.filter((c) => c.n > 0);
  const respondents = counted.reduce((sum, c) => sum + c.n, 0);
  const warnings: string[] = [];
  // The Census margins are cut to the audience silently; a researcher's own targets say what was cut.
  if (respondents > 0 && source === 'custom') {
    for (const attribute of weightingAttributes) {
      const shares = base[attribute];
      if (!shares) continue;
      const present = new Set(counted.map((c) => String(c[attribute as keyof AudienceCell])));
      for (const [value, share] of Object.entries(shares)) {
        if (share <= 0 || present.has(value)) continue;
        const name = `${weightingAttributeLabels[attribute as WeightingAttribute]} ${weightingValueLabel(attribute as WeightingAttribute, value)}`;
        warnings.push(
          `${name} has a target of ${(share * 100).toFixed(1)}%, but no counted respondent is in it. It is left out, and the other values of ${attributeWord(attribute as WeightingAttribute)} are scaled up to 100%.`,
        );
      }
    }
  }
  const result = (weights: Map<string, number>, converged: boolean): CellWeights => {
    let sum = 0;
    let squares = 0;
    for (const c of counted) {
      const w = weights.get(cellKey(c)) ?? 1;
      sum += c.n * w;
      squares += c.n * w * w;
    }
    return {
      source,
      label,
      of: (cell) => weights.get(cellKey(cell)) ?? 1,
      cells: counted
        .filter((c) => weights.has(cellKey(c)))
        .map((c) => ({ age: c.age, gender: c.gender, region: c.region, weight: weights.get(cellKey(c))! })),
      converged,
      respondents,
      efficiency: respondents > 0 && squares > 0 ? (sum * sum) / (respondents * squares) : null,
      effectiveBase: squares > 0 ? (sum * sum) / squares : null,
      warnings,
      applied,
    };
  };
  const records = counted.map((c) => rakingRecord(c, base));
  const targets = settledTargets(records, survey.audience, base);
  if (Object.keys(targets).length === 0 || counted.length === 0) return result(new Map(), true);
  applied = appliedTargetsText(targets);
  try {
    const raked = rake(rakingRows(records, targets), targets, {
      trim: { min: 0.2, max: 5 },
      frequencies: counted.map((c) => c.n),
    });
    return result(new Map(counted.map((c, i) => [cellKey(c), raked.weights[i]!])), raked.converged);
  } catch {
    // A sample the margins cannot be met from (a category with no one raked in it): unweighted, and
    // reported as not converged rather than failing the results.
    applied = null;
    return result(new Map(), false);
  }
}

const sortedTargets = (targets: WeightedSurvey['weightingTargets']) =>
  targets
    ? Object.entries(targets)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([attribute, shares]) => [
          attribute,
          Object.entries(shares ?? {}).sort(([a], [b]) => a.localeCompare(b)),
        ])
    : null;

/** Surveys whose weights are kept; a summary or a table of a survey not among them rakes again. */
export const WEIGHT_CACHE_SIZE = 200;
const cache = new Map<string, { fingerprint: string; weights: CellWeights }>();
/** How often the cache answered and how often it raked (for tests and the bench). */
export const weightCacheStats = { hits: 0, misses: 0 };
export function clearWeightCache() {
  cache.clear();
}

/**
 * The weights of a survey's counted respondents (real ones, or with simulated ones too), cached in
 * memory per survey with a small LRU. The cache key holds everything the weights are computed from:
 * the counts per audience cell (they change when a response is counted, excluded or included
 * again), the targets and the audience. So a cached entry is never stale, whichever server process
 * changed the data.
 */
export async function cellWeights(
  db: Db,
  survey: WeightedSurvey,
  includeSimulated: boolean | undefined,
): Promise<CellWeights> {
  const cells = await audienceCells(db, survey.id, Boolean(includeSimulated));
  const key = `${survey.id}:${includeSimulated ? 'all' : 'real'}`;
  const fingerprint = JSON.stringify([
    // jsonb keeps keys in its own order: sorted, so the same targets read back give the same key.
    sortedTargets(survey.weightingTargets),
    survey.audience
      ? [survey.audience.ageMin, survey.audience.ageMax, survey.audience.genders, survey.audience.regions]
      : null,
    cells.map((c) => [c.age, c.gender, c.region, c.n]),
  ]);
  const hit = cache.get(key);
  if (hit && hit.fingerprint === fingerprint) {
    weightCacheStats.hits++;
    cache.delete(key);
    cache.set(key, hit);
    return hit.weights;
  }
  weightCacheStats.misses++;
  const weights = weightsFromCells(cells, survey);
  cache.delete(key);
  cache.set(key, { fingerprint, weights });
  while (cache.size > WEIGHT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return weights;
}

/** Weights for every respondent of the unfiltered view (cross-tabs). */
export const weightsFor = cellWeights;

/**
 * Each counted response's weight by id, for a download's weight column, and what it is raked to
 * (the .sav file's weight variable says it).
 */
export async function responseWeights(
  db: Db,
  survey: WeightedSurvey,
  includeSimulated: boolean | undefined,
): Promise<{ byId: Map<string, number>; label: string; source: 'census' | 'custom' }> {
  const weights = await cellWeights(db, survey, includeSimulated);
  const r = surveyResponses;
  const people = await queryRows<{ id: string; age: number; gender: string; region: string }>(
    db,
    sql`select ${r.id} as id, ${r.age} as age, ${r.gender} as gender, ${r.region} as region
        from ${r} where ${responseScope(survey.id, { includeSimulated })}`,
  );
  return {
    byId: new Map(people.map((p) => [p.id, weights.of(p)])),
    label: weights.label,
    source: weights.source,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The weighting screen's view of a survey: its targets, the Census margins, and how the weights come out. */
export async function weightingInfo(
  db: Db,
  survey: WeightedSurvey,
  includeSimulated: boolean | undefined,
): Promise<WeightingTargetsInfo> {
  const weights = await cellWeights(db, survey, includeSimulated);
  const custom = survey.weightingTargets;
  return {
    source: weights.source,
    label: weights.label,
    applied: weights.applied,
    custom: custom && Object.keys(custom).length > 0 ? targetsInPercent(custom as WeightingTargets) : null,
    census: targetsInPercent(usTeenTargets as WeightingTargets),
    warnings: weights.warnings,
    respondents: weights.respondents,
    efficiency: weights.efficiency === null ? null : round1(weights.efficiency * 100),
    effectiveBase: weights.effectiveBase === null ? null : round1(weights.effectiveBase),
    converged: weights.converged,
  };
}
