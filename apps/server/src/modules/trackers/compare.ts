import {
  type Question,
  TRACKER_ALPHA,
  TRACKER_MIN_TEST_BASE,
  type TrackerChange,
  type TrackerWaveComparison,
  trackerComparableTypes,
} from '@tv/contract';
import { chiSquareTest, columnProportionTests } from '../results/service';

/**
 * Comparing one question across a tracker's waves (decision 032). Pure: the service gives each wave's
 * figures as the results summary computed them (disclosure control already applied) and this file
 * matches the options and runs the tests with the statistics library (decision 027).
 */

/** Text as it is compared: Unicode-normalized, lower case, single spaces, no spaces or punctuation at the ends. */
export const normalizeText = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');

export const isComparable = (question: Pick<Question, 'type'>) =>
  (trackerComparableTypes as readonly string[]).includes(question.type);

const sameScale = (a: Question, b: Question) =>
  a.type !== 'rating' || (a.scale?.min === b.scale?.min && a.scale?.max === b.scale?.max);

/**
 * The question of a later wave that is the same as `question` of the first wave: the same type, the
 * same text once normalized, and for ratings the same scale. Among several, the one with the same id
 * (a duplicated survey keeps its question ids), else the first.
 */
export function matchQuestion(question: Question, candidates: Question[]): Question | null {
  const text = normalizeText(question.title);
  const matches = candidates.filter(
    (c) => c.type === question.type && normalizeText(c.title) === text && sameScale(question, c),
  );
  return matches.find((c) => c.id === question.id) ?? matches[0] ?? null;
}

/** The answer labels a question offers, in its order (before any results). */
export function offeredLabels(question: Question): string[] {
  switch (question.type) {
    case 'yes_no':
      return ['Yes', 'No'];
    case 'nps':
      return Array.from({ length: 11 }, (_, i) => String(i));
    case 'rating': {
      const scale = question.scale;
      if (!scale) return [];
      return Array.from({ length: scale.max - scale.min + 1 }, (_, i) => String(scale.min + i));
    }
    default:
      return question.options.map((o) => o.label);
  }
}

export interface WaveEntry {
  label: string;
  count: number | null;
  percent: number | null;
  marginOfError: number | null;
}

export interface WaveInput {
  surveyId: string;
  label: string;
  state: TrackerWaveComparison['state'];
  note: string | null;
  questionId: string | null;
  questionTitle: string | null;
  /** Respondents who answered (null unless compared). */
  base: number | null;
  /** The wave's figures per answer label (empty unless compared). */
  entries: WaveEntry[];
  /** Weighted figures, as on the wave's results page (issue 26); false when left out. */
  weighted?: boolean;
  /** Weighted: the Kish effective base of those who answered (null or left out when unweighted). */
  effectiveBase?: number | null;
}

/**
 * What the tests count for an option: the respondents who chose it out of those who answered,
 * unweighted; weighted, the weighted share of the effective base, so a test is as sure as the
 * weighted sample allows and no surer (decision 027: weighted tests take effective bases).
 */
function testFigures(wave: WaveInput, entry: WaveEntry): { count: number; base: number } {
  const effective = wave.weighted ? (wave.effectiveBase ?? null) : null;
  if (effective === null || entry.percent === null) return { count: entry.count!, base: wave.base! };
  return { count: (entry.percent / 100) * effective, base: effective };
}

/** The weighting of a comparison in words, beside the results pages it follows (issue 26). */
export function weightingNoteOf(waves: readonly WaveInput[]): { weighted: boolean; note: string } {
  const shown = waves.filter((w) => w.state === 'compared');
  const weighted = shown.filter((w) => w.weighted);
  const names = (list: readonly WaveInput[]) => list.map((w) => w.label).join(', ');
  if (shown.length === 0)
    return { weighted: false, note: 'No wave has figures yet, so nothing is weighted or unweighted.' };
  if (weighted.length === 0)
    return {
      weighted: false,
      note: 'Unweighted, as on the results pages with weighting off: each percentage is the share of the teens who answered in that wave.',
    };
  const tail = ' Counts are unweighted teens; margins of error and tests use each wave’s effective base.';
  if (weighted.length === shown.length)
    return {
      weighted: true,
      note: `Weighted, as on each wave’s results page: every wave’s percentages are weighted to its own targets.${tail}`,
    };
  return {
    weighted: true,
    note: `Weighted, as on each wave’s results page, except ${names(shown.filter((w) => !w.weighted))}: a survey without an audience has no weights, so its figures are unweighted and compare less exactly.${tail}`,
  };
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * The comparison table: the union of answer options (the first wave's order, then any new label), each
 * wave's figures, and each compared wave tested against the previous compared wave: a pooled
 * two-proportion z-test per option asked in both, and (not for multiple choice, whose options are not
 * one distribution) Pearson's chi-square on the 2 × k table of those options' counts.
 */
export function compareWaves(question: Question, waves: WaveInput[]) {
  const options: { key: string; label: string }[] = [];
  const seen = new Set<string>();
  const addOption = (label: string) => {
    const key = normalizeText(label);
    if (!key || seen.has(key)) return;
    seen.add(key);
    options.push({ key, label });
  };
  for (const label of offeredLabels(question)) addOption(label);
  for (const wave of waves) for (const entry of wave.entries) addOption(entry.label);

  const multiple = question.type === 'multiple_choice';
  let previous: { wave: WaveInput; byKey: Map<string, WaveEntry> } | null = null;
  const out: TrackerWaveComparison[] = [];

  for (const wave of waves) {
    const byKey = new Map(wave.entries.map((e) => [normalizeText(e.label), e]));
    if (wave.state !== 'compared' || wave.base === null) {
      out.push({
        surveyId: wave.surveyId,
        label: wave.label,
        state: wave.state,
        note: wave.note,
        questionId: wave.questionId,
        questionTitle: wave.questionTitle,
        base: null,
        weighted: false,
        effectiveBase: null,
        options: [],
        distributionTest: null,
        notTestedReason: null,
      });
      continue;
    }

    const changes = new Map<string, TrackerChange>();
    let distributionTest: TrackerWaveComparison['distributionTest'] = null;
    let notTestedReason: string | null = null;
    if (previous) {
      const before = previous;
      const n1 = before.wave.base!;
      const n2 = wave.base;
      if (n1 < TRACKER_MIN_TEST_BASE || n2 < TRACKER_MIN_TEST_BASE) {
        notTestedReason = `Not tested against ${before.wave.label}: a wave needs at least ${TRACKER_MIN_TEST_BASE} answers to be tested.`;
      } else {
        const shared = options.filter(
          (o) => before.byKey.get(o.key)?.count != null && byKey.get(o.key)?.count != null,
        );
        for (const option of shared) {
          const first = testFigures(before.wave, before.byKey.get(option.key)!);
          const second = testFigures(wave, byKey.get(option.key)!);
          const [c1, c2] = [first.count, second.count];
          // The rule of 30 answers is checked above on respondents; an effective base may be smaller.
          const [pair] = columnProportionTests([[c1, c2]], {
            bases: [first.base, second.base],
            correction: 'none',
            alpha: TRACKER_ALPHA,
            minBase: 1,
          }).pairs[0]!;
          if (!pair) continue;
          // The library compares the first column with the second; this wave is the second, so the
          // change is the negated z: positive when this wave's share is higher.
          const z = pair.z === 0 ? 0 : -pair.z;
          changes.set(option.key, {
            versusLabel: before.wave.label,
            difference: round((c2 / second.base - c1 / first.base) * 100, 1),
            z: round(z, 4),
            pValue: pair.pValue,
            significant: pair.significant,
            direction: pair.significant ? (z > 0 ? 'up' : 'down') : null,
          });
        }
        if (!multiple && shared.length >= 2) {
          const table = [
            shared.map((o) => testFigures(before.wave, before.byKey.get(o.key)!).count),
            shared.map((o) => testFigures(wave, byKey.get(o.key)!).count),
          ];
          const test = chiSquareTest(table);
          if (test) {
            const small = test.lowExpected.share > 0.2 || test.lowExpected.anyBelowOne;
            distributionTest = {
              versusLabel: before.wave.label,
              statistic: round(test.statistic, 4),
              df: test.df,
              pValue: test.pValue,
              significant: test.pValue < TRACKER_ALPHA,
              warning: small ? 'Some expected counts are under 5, so read this p-value with care.' : null,
            };
          }
        }
      }
    }

    out.push({
      surveyId: wave.surveyId,
      label: wave.label,
      state: 'compared',
      note: null,
      questionId: wave.questionId,
      questionTitle: wave.questionTitle,
      base: wave.base,
      weighted: Boolean(wave.weighted),
      effectiveBase: wave.weighted ? (wave.effectiveBase ?? null) : null,
      options: options.map((option) => {
        const entry = byKey.get(option.key);
        return {
          key: option.key,
          label: option.label,
          asked: Boolean(entry),
          count: entry?.count ?? null,
          percent: entry?.percent ?? null,
          marginOfError: entry?.marginOfError ?? null,
          change: changes.get(option.key) ?? null,
        };
      }),
      distributionTest,
      notTestedReason,
    });
    previous = { wave, byKey };
  }

  return { options, waves: out };
}
