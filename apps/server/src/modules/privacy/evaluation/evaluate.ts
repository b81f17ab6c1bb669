import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { incidentCategories } from '@tv/contract';
import { assessRisk, classifyLexicon, type IncidentCategory, type RiskAssessment } from '../classifier';
import { answers } from './answers';
import { holdout } from './holdout';
import { holdout2 } from './holdout-2';
import type { EvaluationAnswer } from './types';

/** The bar from issue 10: recall for the four gravest categories, precision overall. */
export const bar = {
  recall: { self_harm: 0.95, abuse: 0.95, exploitation: 0.95, danger_to_others: 0.95 } as Partial<
    Record<IncidentCategory, number>
  >,
  precision: 0.8,
};

/**
 * The bar from issue 22, on the blind set: recall ≥ 0.97 for the four gravest categories, ≥ 0.93
 * overall, precision ≥ 0.85; the grey band holds at most 5% of the harmless answers.
 */
export const blindBar = {
  recall: { self_harm: 0.97, abuse: 0.97, exploitation: 0.97, danger_to_others: 0.97 } as Partial<
    Record<IncidentCategory, number>
  >,
  overallRecall: 0.93,
  precision: 0.85,
  held: 0.05,
};

const here = dirname(fileURLToPath(import.meta.url));

/** A JSON Lines set in this folder (`{"text", "labels", "lang"}` a line). */
export function readSet(file: string): EvaluationAnswer[] {
  return readFileSync(join(here, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as EvaluationAnswer;
      return { text: row.text, labels: row.labels, lang: row.lang === 'es' ? 'es' : 'en' };
    });
}

/**
 * The blind sets that measure the model in use: written by someone who saw only the category
 * definitions (corpus/CATEGORIES.md), committed before their first run, never read by training. Each
 * model version is scored on them once and the figures recorded in docs/benchmarks.md.
 *
 * Blinds 3 to 27 measured versions 1 to 16, 28 to 33 version 17, 34 to 37 version 18, and 38 to 45
 * version 19, 46 to 57 version 20 (50 to 53 were written after the sentences read alone were added to
 * the layer, 54 to 57 after run-ons read in pieces); 58 to 61 measure version 21, the model in use. Once scored and read, a set trains the next version
 * (`TRAINING_BLINDS` in model/train.ts), so it measures nothing after that and is not listed here.
 * Their first runs stay in bench/results/ and docs/benchmarks.md.
 */
export const blindSets = {
  'blind 58': 'blind-58.jsonl',
  'blind 59': 'blind-59.jsonl',
  'blind 60': 'blind-60.jsonl',
  'blind 61': 'blind-61.jsonl',
} as const;

export type Classifier = (text: string) => RiskAssessment;
/** The layer before issue 22: the word lists alone. */
export const lexiconOnly: Classifier = (text) => ({ raised: classifyLexicon(text), concerns: [] });

export interface CategoryFigures {
  category: IncidentCategory;
  support: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

export interface EvaluationReport {
  name: string;
  answers: number;
  negatives: number;
  spanish: number;
  categories: CategoryFigures[];
  precision: number;
  recall: number;
  /** Answers with any label that raised nothing, and answers with no label that raised something. */
  missedEntirely: EvaluationAnswer[];
  falseAlarms: Array<EvaluationAnswer & { raised: IncidentCategory[] }>;
  /** gold category → raised category → count (`none` when nothing was raised for it). */
  confusion: Record<string, Record<string, number>>;
  failures: string[];
  /** Harmless answers held in the grey band (not raised), and their share of the harmless answers. */
  held: number;
  heldShare: number;
  /** Risky answers that raised nothing but were held for a moderator. */
  caughtByHold: number;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

export function evaluate(
  name: string,
  set: EvaluationAnswer[],
  classifier: Classifier = assessRisk,
): EvaluationReport {
  let held = 0;
  let caughtByHold = 0;
  const per = new Map(incidentCategories.map((c) => [c, { tp: 0, fp: 0, fn: 0, support: 0 }]));
  const confusion: Record<string, Record<string, number>> = {};
  const missedEntirely: EvaluationAnswer[] = [];
  const falseAlarms: EvaluationReport['falseAlarms'] = [];
  for (const item of set) {
    const assessment = classifier(item.text);
    const raised = assessment.raised.map((s) => s.category);
    if (raised.length === 0 && assessment.concerns.length > 0) {
      if (item.labels.length === 0) held++;
      else caughtByHold++;
    }
    const gold = new Set(item.labels);
    for (const c of incidentCategories) {
      const f = per.get(c)!;
      if (gold.has(c)) f.support++;
      if (gold.has(c) && raised.includes(c)) f.tp++;
      else if (gold.has(c)) f.fn++;
      else if (raised.includes(c)) f.fp++;
    }
    for (const g of item.labels.length ? item.labels : ['none']) {
      confusion[g] = confusion[g] ?? {};
      const row = confusion[g];
      for (const r of raised.length ? raised : ['none']) row[r] = (row[r] ?? 0) + 1;
    }
    if (item.labels.length > 0 && raised.length === 0) missedEntirely.push(item);
    if (item.labels.length === 0 && raised.length > 0) falseAlarms.push({ ...item, raised });
  }
  const categories = incidentCategories.map((category) => {
    const f = per.get(category)!;
    return {
      category,
      support: f.support,
      truePositives: f.tp,
      falsePositives: f.fp,
      falseNegatives: f.fn,
      precision: ratio(f.tp, f.tp + f.fp),
      recall: ratio(f.tp, f.tp + f.fn),
    };
  });
  const tp = categories.reduce((s, c) => s + c.truePositives, 0);
  const fp = categories.reduce((s, c) => s + c.falsePositives, 0);
  const fn = categories.reduce((s, c) => s + c.falseNegatives, 0);
  const precision = ratio(tp, tp + fp);
  const failures: string[] = [];
  for (const [category, min] of Object.entries(bar.recall)) {
    const figures = categories.find((c) => c.category === category)!;
    if (figures.recall < min!)
      failures.push(`${name}: recall for ${category} is ${figures.recall.toFixed(3)}, below ${min}`);
  }
  if (precision < bar.precision)
    failures.push(`${name}: overall precision is ${precision.toFixed(3)}, below ${bar.precision}`);
  const negatives = set.filter((a) => a.labels.length === 0).length;
  return {
    name,
    held,
    heldShare: ratio(held, negatives),
    caughtByHold,
    answers: set.length,
    negatives,
    spanish: set.filter((a) => a.lang === 'es').length,
    categories,
    precision,
    recall: ratio(tp, tp + fn),
    missedEntirely,
    falseAlarms,
    confusion,
    failures,
  };
}

/** The tuning set, the held-out check, and both together (the figures in docs/benchmarks.md). */
export function evaluateAll() {
  return [
    evaluate('tuning', answers),
    evaluate('held-out', holdout),
    evaluate('all', [...answers, ...holdout]),
  ];
}

/**
 * The second held-out check: phrasing the lexicons were not written for. Reported (bench and docs)
 * so the generalisation gap stays visible; not part of the bar.
 */
export const evaluateUnseen = () => evaluate('held-out 2 (unseen phrasing)', holdout2);

/** Checks a report against the blind bar of issue 22; the failures, empty when it is met. */
export function blindFailures(report: EvaluationReport): string[] {
  const failures: string[] = [];
  for (const [category, min] of Object.entries(blindBar.recall)) {
    const figures = report.categories.find((c) => c.category === category)!;
    if (figures.recall < min!)
      failures.push(`${report.name}: recall for ${category} is ${figures.recall.toFixed(3)}, below ${min}`);
  }
  if (report.recall < blindBar.overallRecall)
    failures.push(
      `${report.name}: overall recall is ${report.recall.toFixed(3)}, below ${blindBar.overallRecall}`,
    );
  if (report.precision < blindBar.precision)
    failures.push(`${report.name}: precision is ${report.precision.toFixed(3)}, below ${blindBar.precision}`);
  if (report.heldShare > blindBar.held)
    failures.push(
      `${report.name}: the grey band holds ${(report.heldShare * 100).toFixed(1)}% of harmless answers`,
    );
  return failures;
}

export const evaluateBlind = (classifier: Classifier = assessRisk) =>
  Object.entries(blindSets).map(([name, file]) => evaluate(name, readSet(file), classifier));
