import { incidentCategories } from '@tv/contract';
import { classifyRisk, type IncidentCategory } from '../classifier';
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
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

export function evaluate(name: string, set: EvaluationAnswer[]): EvaluationReport {
  const per = new Map(incidentCategories.map((c) => [c, { tp: 0, fp: 0, fn: 0, support: 0 }]));
  const confusion: Record<string, Record<string, number>> = {};
  const missedEntirely: EvaluationAnswer[] = [];
  const falseAlarms: EvaluationReport['falseAlarms'] = [];
  for (const item of set) {
    const raised = classifyRisk(item.text).map((s) => s.category);
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
  return {
    name,
    answers: set.length,
    negatives: set.filter((a) => a.labels.length === 0).length,
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
