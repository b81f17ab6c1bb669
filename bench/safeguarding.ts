/**
 * Safeguarding classifier: precision and recall per category on the labelled evaluation set
 * (tuning part, held-out check, and both), a confusion summary, and the misses. Exits non-zero when
 * the bar from issue 10 is not met (recall ≥ 0.95 for self-harm, abuse, exploitation and danger to
 * others; precision ≥ 0.8 overall). No server or database needed.
 *
 *   npx tsx bench/safeguarding.ts
 */
import { incidentCategoryLabels } from '@tv/contract';
import { classifyRisk } from '../apps/server/src/modules/safeguarding/classifier';
import {
  bar,
  evaluateAll,
  evaluateUnseen,
} from '../apps/server/src/modules/safeguarding/evaluation/evaluate';

const pct = (n: number) => n.toFixed(3);
const reports = evaluateAll();
const unseen = evaluateUnseen();

for (const report of [...reports, unseen]) {
  console.log(
    `\n## ${report.name}: ${report.answers} answers (${report.spanish} in Spanish, ${report.negatives} hard negatives)`,
  );
  console.log('| category | answers | precision | recall | missed | false alarms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const c of report.categories) {
    const need = bar.recall[c.category];
    console.log(
      `| ${incidentCategoryLabels[c.category]} | ${c.support} | ${pct(c.precision)} | ${pct(c.recall)}${need ? ` (bar ${need})` : ''} | ${c.falseNegatives} | ${c.falsePositives} |`,
    );
  }
  console.log(
    `| **overall (micro)** | | **${pct(report.precision)}** (bar ${bar.precision}) | **${pct(report.recall)}** | | |`,
  );
}

const all = reports.find((r) => r.name === 'all')!;
console.log('\n## Confusion summary (all answers): labelled category → raised categories');
for (const [gold, row] of Object.entries(all.confusion)) {
  const cells = Object.entries(row)
    .sort((a, b) => b[1] - a[1])
    .map(([raised, n]) => `${raised} ${n}`)
    .join(', ');
  console.log(`- ${gold}: ${cells}`);
}
if (all.missedEntirely.length) {
  console.log('\nRisky answers that raised nothing:');
  for (const m of all.missedEntirely) console.log(`- "${m.text}" (${m.labels.join(', ')})`);
}
if (all.falseAlarms.length) {
  console.log('\nHard negatives that raised something:');
  for (const f of all.falseAlarms) console.log(`- "${f.text}" → ${f.raised.join(', ')}`);
}

const sample =
  all.answers > 0 ? [...Array(20)].flatMap(() => reports[0]!.categories.map((c) => c.category)) : [];
const t0 = performance.now();
for (const text of sample)
  classifyRisk(`${text}: my friend said she wants to die and i dont know what to do`);
console.log(`\nSpeed: ${((performance.now() - t0) / sample.length).toFixed(3)} ms per answer.`);

if (unseen.missedEntirely.length) {
  console.log(`\nUnseen phrasing that raised nothing (not part of the bar):`);
  for (const m of unseen.missedEntirely) console.log(`- "${m.text}" (${m.labels.join(', ')})`);
}

const failures = reports.flatMap((r) => r.failures);
if (failures.length) {
  console.error(`\nBAR NOT MET:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(
  '\nBar met: recall ≥ 0.95 for self-harm, abuse, exploitation and danger to others; precision ≥ 0.8.',
);
