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
          const c1 = before.byKey.get(option.key)!.count!;
          const c2 = byKey.get(option.key)!.count!;
          const [pair] = columnProportionTests([[c1, c2]], {
            bases: [n1, n2],
            correction: 'none',
            alpha: TRACKER_ALPHA,
            minBase: TRACKER_MIN_TEST_BASE,
          }).pairs[0]!;
          if (!pair) continue;
          // The library compares the first column with the second; this wave is the second, so the
          // change is the negated z: positive when this wave's share is higher.
          const z = pair.z === 0 ? 0 : -pair.z;
          changes.set(option.key, {
            versusLabel: before.wave.label,
            difference: round((c2 / n2 - c1 / n1) * 100, 1),
            z: round(z, 4),
            pValue: pair.pValue,
            significant: pair.significant,
            direction: pair.significant ? (z > 0 ? 'up' : 'down') : null,
          });
        }
        if (!multiple && shared.length >= 2) {
          const table = [
            shared.map((o) => before.byKey.get(o.key)!.count!),
            shared.map((o) => byKey.get(o.key)!.count!),
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
