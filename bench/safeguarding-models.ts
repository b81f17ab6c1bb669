/**
 * Which learned model the safeguarding layer uses (decision 036), by measurement: a logistic
 * regression and the small network over the same hashed features, each cross-validated with one fold
 * per corpus writer (a model never sees the writer it is scored on). Prints average precision per
 * category and the share of risky answers caught when 8% of harmless answers are raised.
 *
 *   npx tsx bench/safeguarding-models.ts [lr|mlp] ['{"hidden":64}']   (several minutes each)
 */
import { incidentCategories } from '@tv/contract';
import { defaultMlpOptions } from '../apps/server/src/modules/privacy/model/mlp';
import {
  crossValidate,
  defaultOptions,
  linearTrainer,
  loadCorpus,
  mlpTrainer,
} from '../apps/server/src/modules/privacy/model/train';

const kind = process.argv[2] ?? 'mlp';
const options = JSON.parse(process.argv[3] ?? '{}');
const rows = loadCorpus();
const started = performance.now();
const oof = crossValidate(
  rows,
  kind === 'lr'
    ? linearTrainer({ ...defaultOptions, ...options })
    : mlpTrainer({ ...defaultMlpOptions, ...options }),
);
console.log(
  `${kind} ${JSON.stringify(options)}: ${rows.length} answers from ${new Set(rows.map((r) => r.source)).size} writers, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
let sum = 0;
for (const [j, c] of incidentCategories.entries()) {
  const ranked = rows.map((a, i) => [oof[i]![j]!, a.labels.includes(c)] as const).sort((a, b) => b[0] - a[0]);
  const positives = ranked.filter(([, y]) => y).length;
  let tp = 0;
  let ap = 0;
  ranked.forEach(([, y], k) => {
    if (y) ap += ++tp / (k + 1);
  });
  sum += ap / positives;
  console.log(`  ${c}: average precision ${(ap / positives).toFixed(3)}`);
}
const harmless = rows.flatMap((r, i) => (r.labels.length === 0 ? [i] : []));
const risky = rows.flatMap((r, i) => (r.labels.length > 0 ? [i] : []));
const top = (i: number) => Math.max(...oof[i]!);
const threshold = harmless.map(top).sort((a, b) => b - a)[Math.floor(harmless.length * 0.08)]!;
console.log(
  `  mean average precision ${(sum / incidentCategories.length).toFixed(3)}; risky answers caught at 8% of harmless raised: ${(risky.filter((i) => top(i) > threshold).length / risky.length).toFixed(3)}`,
);
