/**
 * Trains the safeguarding model from the corpus and writes model/weights.ts (decision 036).
 *
 *   npm run train:safeguarding
 *
 * Reproducible: the same corpus and options give the same file. The blind and held-out sets in
 * evaluation/ are never read here. Thresholds are chosen on out-of-fold scores of the corpus (every
 * answer scored by a model that did not see it), for recall: every raised answer is read by a person.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { incidentCategories } from '@tv/contract';
import { lexiconAndRules } from '../classifier';
import { normalize } from '../normalize';
import { defaultMlpOptions, trainMlp } from './mlp';
import { bucketsUsed, crossValidate, loadCorpus, mlpTrainer, serialize, toExamples } from './train';

/** A number from SAFEGUARDING_<name>, or the default; anything else stops the run, naming the variable. */
function env(name: string, fallback: number): number {
  const raw = process.env[`SAFEGUARDING_${name}`];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`SAFEGUARDING_${name} must be a number, not '${raw}'`);
  return value;
}

const C = incidentCategories.length;
const grave = new Set<string>(['self_harm', 'abuse', 'exploitation', 'danger_to_others']);
/**
 * Share of the corpus's hard negatives the layer may raise (out of fold), and the grey band hold.
 * 14% since version 8 (12% in versions 6 and 7), and the hold 3% (4.5% before): chosen on the
 * out-of-fold scores and the six spent blind sets (3–8) before blind set 9 was scored, as the most
 * recall that kept every one of them within the other bars: precision at least 0.85, at most
 * 10% of harmless answers raised and 5% held (decision 036, addendum 3).
 */
const alarmBudget = env('ALARM_BUDGET', 0.14);
/** 2.5% since version 15: at 3% it held 6.5% of spent blind 4's harmless answers (decision 036, addendum 8). */
const holdBudget = env('HOLD_BUDGET', 0.025);
/** A word-list or rule hit the model scores below this is held for a moderator instead of raised. */
const veto = env('VETO', 0.05);
/** A vetoed hit the model scores at least this is still held; below it, the model's word stands. */
const vetoFloor = env('VETO_FLOOR', 0.01);
/** Cross-validation folds (writers dealt into this many groups): seven trainings, not one per writer. */
const folds = env('FOLDS', 6);

/** The network's options: SAFEGUARDING_HIDDEN, _EPOCHS, _LR, _DROPOUT, _POSITIVE_WEIGHT and _SEED override them in a study. */
const mlpOptions = {
  ...defaultMlpOptions,
  hidden: env('HIDDEN', defaultMlpOptions.hidden),
  epochs: env('EPOCHS', defaultMlpOptions.epochs),
  learningRate: env('LR', defaultMlpOptions.learningRate),
  dropout: env('DROPOUT', defaultMlpOptions.dropout),
  positiveWeight: env('POSITIVE_WEIGHT', defaultMlpOptions.positiveWeight),
  seed: env('SEED', defaultMlpOptions.seed),
};

const corpus = loadCorpus();
const started = performance.now();
console.log(`Corpus: ${corpus.length} answers (${corpus.filter((a) => a.lang === 'es').length} Spanish).`);
for (const c of incidentCategories)
  console.log(`  ${c}: ${corpus.filter((a) => a.labels.includes(c)).length}`);
console.log(`  harmless: ${corpus.filter((a) => a.labels.length === 0).length}`);

// Out-of-fold scores, kept between runs of the same corpus and options while thresholds are studied.
const cacheKey = createHash('sha256')
  .update(JSON.stringify([corpus.map((a) => [a.text, a.labels, a.source]), mlpOptions, folds]))
  .digest('hex')
  .slice(0, 16);
const cacheFile = join(tmpdir(), `tv-safeguarding-oof-${cacheKey}.json`);
const oof: number[][] = existsSync(cacheFile)
  ? JSON.parse(readFileSync(cacheFile, 'utf8'))
  : crossValidate(corpus, mlpTrainer(mlpOptions), folds).map((s) => [...s]);
writeFileSync(cacheFile, JSON.stringify(oof));
const fixedSignals = corpus.map((a) => lexiconAndRules(a.text, normalize(a.text)).map((s) => s.category));
/** What the word lists and rules raise once the model's veto is applied. */
const fixed = corpus.map(
  (_, i) => new Set(fixedSignals[i]!.filter((c) => oof[i]![incidentCategories.indexOf(c)]! >= veto)),
);

/**
 * Thresholds for recall within an alarm budget: starting from a model that raises nothing, lower the
 * threshold of whichever category buys the most risky answers (grave ones count `graveWeight` times)
 * per harmless answer newly raised, until the harmless answers raised reach the budget.
 *
 * The budgets are shares of the hard negatives (harmless answers written to look risky); ordinary
 * answers (the `*-ordinary` writers: what surveys mostly get) may be raised at most 7% of the time
 * (2% until version 4: out of fold, that limit bound before the hard-negative budget did, at recall
 * 0.717; 4% bought 0.770 — decision 036, addendum; 6% in versions 6 and 7; 7% since version 8).
 * Version 11 took 9% by the same rule on the spent blind sets, and raised the demo survey's "Not
 * much" as self-harm; it was not shipped (addendum 5). Version 12 takes 6%, by the same rule on blinds
 * 3–14 once its short-answer floor (below) took bare answers out of this budget: 7% gave blind 3 and
 * 11 a precision of 0.84 and blind 4 11.5% of harmless answers raised (addendum 6). Version 13 takes
 * 5%, by the same rule on blinds 3–17, which now also asks that the unit tests' bare answers be
 * neither raised nor held: 5.5% held "no sé" for self-harm, and 6% took blind 17 to 0.839 (addendum 7).
 * Versions 14 and 15 keep 5%: with version 14's corpus, 6% held "No." and "no sé" for self-harm
 * (addendum 8). Version 17, whose training includes the spent blind sets, kept 5%: trained on blinds
 * 3–23 and scored on 24–27 (held out), 6% bought 0.6 points of recall (five answers) for 0.9 points
 * more of their harmless answers raised, and held "No." as self-harm. Version 18 takes 6%, now that
 * the short hold (below) keeps bare answers out of the grey band: scored on blinds 28–33 after
 * version 17's first run there, 6% bought 0.8 points of recall for 0.2 more of their harmless answers
 * raised; 7% bought 1.4 points, but on 24–27 it had raised 10.8% of harmless answers (addendum 9).
 * Version 19 takes 8%: scored on blinds 34–37 after version 18's first run there, 8% bought 1.7
 * points of recall over 6% (0.934 against 0.917) for 0.9 points more of their harmless answers raised
 * (3.9%). Out of fold on the 30 blind sets that trained version 18 (each scored by a model that never
 * saw its writer), it raised 6.4% of their harmless answers at precision 0.893; 10% bought another
 * 1.2 points on 34–37 but took that precision to 0.866, near the bar's 0.85 (addendum 9).
 */
const isOrdinary = (i: number) => corpus[i]!.source.includes('-ordinary');
const negatives = corpus.map((_, i) => i).filter((i) => corpus[i]!.labels.length === 0 && !isOrdinary(i));
const ordinary = corpus.map((_, i) => i).filter(isOrdinary);
const ordinaryBudget = env('ORDINARY_BUDGET', 0.08);
/**
 * Short answers (at most `shortWords` words, as normalised): what surveys get most is a bare everyday
 * answer ("Not much", "idk", "nada"), and on two or three words the model's score is erratic (out of
 * fold it gave "mom" 0.99 for abuse and "see ya" 0.87 for self-harm). On a short answer the model
 * alone raises only from `shortFloor`: the lowest score at which at most `BARE_BUDGET` of the bare
 * ordinary answers are raised. Below it, the grey band holds the answer for a moderator. The word
 * lists and rules are not bound by it ('kms', 'quiero morir'). Version 12; version 11 raised the demo
 * survey's "Not much" as self-harm.
 */
const shortWords = env('SHORT_WORDS', 3);
const wordCount = (text: string) => normalize(text).split(' ').filter(Boolean).length;
const isShort = corpus.map((a) => wordCount(a.text) <= shortWords);
const bare = ordinary.filter((i) => isShort[i]);
const bareBudget = env('BARE_BUDGET', 0.02);
const bareMaxima = bare
  .filter((i) => fixed[i]!.size === 0)
  .map((i) => Math.max(...oof[i]!))
  .sort((a, b) => b - a);
const shortFloor = Math.min(0.99, (bareMaxima[Math.floor(bareBudget * bare.length)] ?? 0) + 1e-9);
/**
 * The grey band on a short answer starts at `shortHold`: the lowest score at which at most
 * `BARE_HOLD_BUDGET` more of the bare ordinary answers are held. Without it the band below the short
 * floor was wide (0.39 to 0.92 for self-harm in version 17, which held 9.4% of the bare ordinary
 * answers out of fold), and at a 6% budget "No." was held. Version 18 (decision 036, addendum 9).
 */
const bareHoldBudget = env('BARE_HOLD_BUDGET', 0.01);
const shortHold = Math.min(
  shortFloor,
  (bareMaxima[Math.floor((bareBudget + bareHoldBudget) * bare.length)] ?? 0) + 1e-9,
);
/**
 * How much more a grave risky answer (self-harm, abuse, exploitation, danger to others) counts than
 * another when the thresholds are lowered. The weight stays 2. Chosen before blind set 7 was scored,
 * on the corpus's out-of-fold scores and on the blind sets already spent (3–6): 4 bought the gravest
 * four little there and cost the others (decision 036, addendum 2); the same again on blinds 3–8
 * before blind set 9 (addendum 3).
 */
const graveWeight = env('GRAVE_WEIGHT', 2);
const positivesOf = incidentCategories.map((category, c) =>
  corpus
    .map((_, i) => i)
    .filter((i) => corpus[i]!.labels.includes(category) && !fixed[i]!.has(category))
    .map((i) => oof[i]![c]!)
    .sort((a, b) => b - a),
);
const caught = new Array<number>(C).fill(0);
const raise = new Array<number>(C).fill(1);
const raisedBy = (i: number, c: number, t = raise) =>
  fixed[i]!.has(incidentCategories[c]!) || oof[i]![c]! >= (isShort[i] ? Math.max(t[c]!, shortFloor) : t[c]!);
const raisedAny = (i: number, t = raise) => incidentCategories.some((_, c) => raisedBy(i, c, t));
const alarmsIn = (set: number[], t: number[]) =>
  set.filter((i) => raisedAny(i, t)).length / Math.max(1, set.length);
const alarms = (t: number[]) => alarmsIn(negatives, t);
let current = alarms(raise);
for (;;) {
  let best: { c: number; k: number; gain: number; alarms: number } | null = null;
  for (let c = 0; c < C; c++) {
    const list = positivesOf[c]!;
    if (caught[c]! >= list.length) continue;
    const k = Math.min(list.length, caught[c]! + Math.max(1, Math.ceil(list.length * 0.02)));
    const trial = [...raise];
    trial[c] = list[k - 1]! - 1e-9;
    const next = alarms(trial);
    const gain =
      ((k - caught[c]!) * (grave.has(incidentCategories[c]!) ? graveWeight : 1)) /
      ((next - current) * negatives.length + 0.5);
    if (next > alarmBudget || alarmsIn(ordinary, trial) > ordinaryBudget) continue;
    if (!best || gain > best.gain) best = { c, k, gain, alarms: next };
  }
  if (!best) break;
  caught[best.c] = best.k;
  raise[best.c] = positivesOf[best.c]![best.k - 1]! - 1e-9;
  current = best.alarms;
}
for (let c = 0; c < C; c++) raise[c] = Math.min(0.95, raise[c]!);

// The grey band: one factor below every raise threshold, as low as the hold budget allows.
/** Whether an answer that raises nothing is held, with the grey band `factor` below the raise thresholds. */
const heldBy = (i: number, factor: number) => {
  if (raisedAny(i)) return false;
  for (let c = 0; c < C; c++)
    if (oof[i]![c]! >= raise[c]! * factor && (!isShort[i] || oof[i]![c]! >= shortHold)) return true;
  // A vetoed word-list or rule hit is held while the model gives it some weight.
  return fixedSignals[i]!.some((c) => oof[i]![incidentCategories.indexOf(c)]! >= vetoFloor);
};
const heldAt = (factor: number) => negatives.filter((i) => heldBy(i, factor)).length / negatives.length;
let lo = 0.01;
let hi = 1;
for (let step = 0; step < 30; step++) {
  const mid = (lo + hi) / 2;
  if (heldAt(mid) <= holdBudget) hi = mid;
  else lo = mid;
}
const hold = raise.map((t) => t * hi);

// The figures on out-of-fold scores, so the choice can be read.
const held = (i: number) => heldBy(i, hi);
const share = (set: number[], pick: (i: number) => boolean) =>
  (set.filter(pick).length / Math.max(1, set.length)).toFixed(3);
/** Recall and precision over some answers, in one category or (null) all of them. */
function figures(rows: readonly number[], only: number | null): string {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const i of rows) {
    for (let c = 0; c < C; c++) {
      if (only !== null && c !== only) continue;
      const gold = corpus[i]!.labels.includes(incidentCategories[c]!);
      const hit = raisedBy(i, c);
      if (gold && hit) tp++;
      else if (gold) fn++;
      else if (hit) fp++;
    }
  }
  return `recall ${(tp / (tp + fn || 1)).toFixed(3)}, precision ${(tp / (tp + fp || 1)).toFixed(3)}`;
}
const all = corpus.map((_, i) => i);
console.log(`\nOut of fold (veto ${veto}, alarm budget ${alarmBudget}): raise, hold, figures`);
for (let c = 0; c < C; c++)
  console.log(
    `  ${incidentCategories[c]} | ${raise[c]!.toFixed(3)} | ${hold[c]!.toFixed(3)} | ${figures(all, c)}`,
  );
const risky = all.filter((i) => corpus[i]!.labels.length > 0);
console.log(
  `  overall ${figures(all, null)}; hard negatives raised ${alarms(raise).toFixed(3)}, held ${heldAt(hi).toFixed(3)}; ordinary answers raised ${alarmsIn(ordinary, raise).toFixed(3)}, bare ones ${alarmsIn(bare, raise).toFixed(3)} of ${bare.length} (short floor ${shortFloor.toFixed(3)}, held from ${shortHold.toFixed(3)}: ${share(bare, held)} held); risky answers raising nothing ${risky.filter((i) => !raisedAny(i)).length}`,
);
// The blind sets that train, pooled, each scored by a model that never saw its writer. They are
// spent sets (their misses were read), so this is a check, not a measure.
const blind = all.filter((i) => corpus[i]!.source.startsWith('evaluation/blind-'));
if (blind.length > 0) {
  const harmless = blind.filter((i) => corpus[i]!.labels.length === 0);
  console.log(`\nBlind sets that train, out of fold (${blind.length} answers, ${harmless.length} harmless):`);
  console.log(`  overall ${figures(blind, null)}`);
  incidentCategories.forEach((category, c) => {
    if (grave.has(category)) console.log(`  ${category} ${figures(blind, c)}`);
  });
  console.log(`  harmless raised ${share(harmless, (i) => raisedAny(i))}, held ${share(harmless, held)}`);
}
if (process.env.SAFEGUARDING_STUDY) process.exit(0);

const examples = toExamples(corpus);
const model = trainMlp(examples, mlpOptions);
const used = bucketsUsed(examples, 2);
const version = `mlp${mlpOptions.hidden}-corpus-${corpus.length}-budget-${alarmBudget}-ordinary-${ordinaryBudget}-bare-${bareBudget}-hold-${holdBudget}-veto-${veto}-bare-hold-${bareHoldBudget}`;
const serialized = serialize(
  model,
  used,
  raise,
  hold,
  version,
  veto,
  vetoFloor,
  shortWords,
  shortFloor,
  shortHold,
);
const file = join(import.meta.dirname, 'weights.gen.ts');
writeFileSync(
  file,
  `// Written by \`npm run train:safeguarding\` (model/train-cli.ts) from the corpus; do not edit.\nimport type { SerializedModel } from './model';\n\nexport const model: SerializedModel = ${JSON.stringify(serialized, null, 2)};\n`,
);
console.log(
  `\nWrote ${file}: ${used.size} buckets, ${(serialized.embeddings.length / 1024).toFixed(0)} KiB of embeddings (base64), in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
