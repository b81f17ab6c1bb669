/**
 * Safeguarding layer: precision and recall per category on every labelled set, for the layer as it
 * runs (lexicon + concept rules + learned model, with the grey band) and for the word lists alone,
 * the misses, and the speed per answer including bad input. Exits non-zero when the blind bar of
 * issue 22 is not met. No server or database needed.
 *
 *   npx tsx bench/safeguarding.ts            every set
 *   npx tsx bench/safeguarding.ts --misses   also list each set's misses and false alarms
 *   npx tsx bench/safeguarding.ts --pool=20,22,23   also the named blind sets' answers pooled
 *   npx tsx bench/safeguarding.ts --floors   only the rows classifier.test.ts holds the model to: each
 *                                            blind set's figures floored to two decimals
 */
import { incidentCategoryLabels } from '@tv/contract';
import { assessRisk, modelVersion } from '../apps/server/src/modules/privacy/classifier';
import { answers } from '../apps/server/src/modules/privacy/evaluation/answers';
import {
  bar,
  blindBar,
  blindFailures,
  blindSets,
  type EvaluationReport,
  evaluate,
  evaluateBlind,
  lexiconOnly,
  readSet,
} from '../apps/server/src/modules/privacy/evaluation/evaluate';
import { holdout } from '../apps/server/src/modules/privacy/evaluation/holdout';
import { holdout2 } from '../apps/server/src/modules/privacy/evaluation/holdout-2';

const showMisses = process.argv.includes('--misses');
const pct = (n: number) => n.toFixed(3);

function print(report: EvaluationReport, blind: boolean) {
  console.log(
    `\n## ${report.name}: ${report.answers} answers (${report.spanish} in Spanish, ${report.negatives} harmless)`,
  );
  console.log('| category | answers | precision | recall | missed | false alarms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const c of report.categories) {
    const need = (blind ? blindBar.recall : bar.recall)[c.category];
    console.log(
      `| ${incidentCategoryLabels[c.category]} | ${c.support} | ${pct(c.precision)} | ${pct(c.recall)}${need ? ` (bar ${need})` : ''} | ${c.falseNegatives} | ${c.falsePositives} |`,
    );
  }
  console.log(`| **overall (micro)** | | **${pct(report.precision)}** | **${pct(report.recall)}** | | |`);
  console.log(
    `Harmless answers raised: ${report.falseAlarms.length} of ${report.negatives} (${pct(report.falseAlarms.length / Math.max(1, report.negatives))}); held in the grey band: ${report.held} (${pct(report.heldShare)}); risky answers that raised nothing but were held: ${report.caughtByHold}; risky answers that raised nothing at all: ${report.missedEntirely.length}.`,
  );
  if (showMisses) {
    for (const m of report.missedEntirely) console.log(`  missed: "${m.text}" (${m.labels.join(', ')})`);
    for (const f of report.falseAlarms) console.log(`  false alarm: "${f.text}" → ${f.raised.join(', ')}`);
  }
}

console.log(`Model: ${modelVersion}`);
const floor2 = (n: number) => Math.floor(n * 100 + 1e-9) / 100;
const ceil2 = (n: number) => Math.ceil(n * 100 - 1e-9) / 100;
const blind = evaluateBlind();
if (process.argv.includes('--floors')) {
  console.log(
    '\nRows for classifier.test.ts (caps on harmless answers raised and held only where the 10% and 5% bars are exceeded):',
  );
  for (const r of blind) {
    const floors = Object.keys(blindBar.recall)
      .map((c) => `${c}: ${floor2(r.categories.find((f) => f.category === c)!.recall)}`)
      .join(', ');
    const raised = r.falseAlarms.length / r.negatives;
    // The test's fifth and sixth elements, written only when a bar is exceeded (the fifth then stands
    // at its default, 0.1, when only the held share is over).
    const caps: number[] = [];
    if (raised > 0.1 || r.heldShare > 0.05) caps.push(Math.max(0.1, ceil2(raised)));
    if (r.heldShare > 0.05) caps.push(ceil2(r.heldShare));
    const row = [`'${r.name}'`, `{ ${floors} }`, floor2(r.recall), floor2(r.precision), ...caps];
    console.log(`[${row.join(', ')}],`);
  }
  process.exit(0);
}

const sets = [
  ['tuning (evaluation/answers.ts, part of the training corpus)', answers],
  ['held-out 1 (issue 10)', holdout],
  ['held-out 2 (unseen phrasing)', holdout2],
] as const;
for (const [name, set] of sets) {
  print(evaluate(`${name}: word lists alone`, [...set], lexiconOnly), false);
  print(evaluate(`${name}: the layer`, [...set]), false);
}
for (const report of evaluateBlind(lexiconOnly))
  print({ ...report, name: `${report.name}: word lists alone` }, true);
for (const report of blind) print({ ...report, name: `${report.name}: the layer` }, true);

/** Several blind sets' answers pooled: each set is a few hundred answers, and one answer moves a category by 2 points. */
const poolArg = process.argv.find((a) => a.startsWith('--pool='));
if (poolArg) {
  const names = poolArg
    .slice('--pool='.length)
    .split(',')
    .map((n) => `blind ${n.trim()}`)
    .filter((name): name is keyof typeof blindSets => name in blindSets);
  const pooled = names.flatMap((name) => readSet(blindSets[name]));
  print(evaluate(`${names.join(' + ')} pooled: the layer`, pooled), true);
}

// Speed: typical answers, the longest a survey accepts, and bad input.
const typical = [...answers, ...holdout].map((a) => a.text);
/**
 * The median time of one call over `rounds` calls (each call timed on its own), with the mean and the
 * 90th percentile beside it: this machine is shared, and a mean of a few dozen calls moved by 50% from
 * run to run with other work on it. The bar is read against the median.
 */
const time = (label: string, texts: string[], rounds: number) => {
  for (let r = 0; r < 5; r++) for (const t of texts) assessRisk(t);
  const each: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (const t of texts) assessRisk(t);
    each.push((performance.now() - t0) / texts.length);
  }
  each.sort((a, b) => a - b);
  const median = each[each.length >> 1]!;
  const mean = each.reduce((a, b) => a + b, 0) / each.length;
  const p90 = each[Math.floor(each.length * 0.9)]!;
  console.log(`| ${label} | ${median.toFixed(3)} ms | ${mean.toFixed(3)} ms | ${p90.toFixed(3)} ms |`);
  return median;
};
const words = typical.join(' ').split(' ');
let long = '';
for (let i = 0; long.length < 10_000; i++) long += `${words[i % words.length]} `;
console.log(
  '\n## Speed per answer\n| input | median | mean | 90th percentile |\n| --- | ---: | ---: | ---: |',
);
const typicalMs = time(`typical answer (${typical.length} answers)`, typical, 20);
// The longest answer the API accepts (the contract refuses more than 5,000 characters with 'Keep it
// under 5,000 characters.' before anything classifies it); then 10,000, as the issue asks of the layer.
time('5,000 characters of answers (the longest an answer can be)', [long.slice(0, 5_000)], 200);
const badMs = Math.max(
  time('10,000 characters of answers', [long.slice(0, 10_000)], 200),
  time('10,000 characters of one letter', ['a'.repeat(10_000)], 200),
  time('emoji only (2,000)', ['😭🔪💊'.repeat(700)], 200),
  time('mixed scripts', ['я хочу умереть 死にたい أريد أن أموت i want to die'.repeat(50)], 200),
  time('NUL bytes and lone surrogates', ['i\u0000want\ud800to\udc00die'.repeat(300)], 200),
  time('empty', [''], 1000),
);

const failures = blind.flatMap(blindFailures);
if (typicalMs >= 1) failures.push(`a typical answer takes ${typicalMs.toFixed(3)} ms (bar: under 1 ms)`);
if (badMs >= 5) failures.push(`the slowest bad input takes ${badMs.toFixed(3)} ms (bar: under 5 ms)`);
if (failures.length) {
  console.error(`\nBAR NOT MET:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(
  `\nBar met on the blind set: recall ≥ 0.97 for self-harm, abuse, exploitation and danger to others, ≥ ${blindBar.overallRecall} overall; precision ≥ ${blindBar.precision}; the grey band holds ≤ ${blindBar.held * 100}% of harmless answers.`,
);
