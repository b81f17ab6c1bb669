import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { incidentCategories } from '@tv/contract';
// biome-ignore lint/style/noRestrictedImports: evaluation/ is this module's own folder, not another module
import { answers as tuningAnswers } from '../evaluation/answers';
// biome-ignore lint/style/noRestrictedImports: evaluation/ is this module's own folder, not another module
import type { EvaluationAnswer } from '../evaluation/types';
import type { IncidentCategory } from '../risk-types';
import { featuresOf, HASH_BITS, HASH_SIZE } from './features';
import { defaultMlpOptions, type Mlp, type MlpOptions, mlpScore, mulberry32, trainMlp } from './mlp';
import type { SerializedModel } from './model';

const here = dirname(fileURLToPath(import.meta.url));
export const corpusDir = join(here, '..', 'corpus');
/** Answers written after the model in use was trained, read only for a study (SAFEGUARDING_WITH_NEXT). */
export const corpusNextDir = join(here, '..', 'corpus-next');
export const evaluationDir = join(here, '..', 'evaluation');

const categorySet = new Set<string>(incidentCategories);

/** Reads a JSON Lines set; a line that is not a labelled answer stops the run with its place. */
export function readJsonl(path: string): EvaluationAnswer[] {
  const out: EvaluationAnswer[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      const row = JSON.parse(line) as EvaluationAnswer;
      if (typeof row.text !== 'string' || !Array.isArray(row.labels))
        throw new Error(`${path}:${i + 1}: not a labelled answer`);
      for (const label of row.labels)
        if (!categorySet.has(label)) throw new Error(`${path}:${i + 1}: unknown label ${label}`);
      out.push({ text: row.text, labels: [...new Set(row.labels)], lang: row.lang === 'es' ? 'es' : 'en' });
    });
  return out;
}

/**
 * The spent blind sets, which train from version 17 on (decision 036, addendum 9): once a set has
 * been scored and its misses read, it measures nothing new, and its writer's voice is worth more to
 * the model than to the comparison of versions. The sets written after the version in use measure.
 */
export const TRAINING_BLINDS = '3-57';

/**
 * The blind sets that train: TRAINING_BLINDS, or for a study a range in SAFEGUARDING_TRAIN_BLINDS
 * ('3-23'; 'none' for none).
 */
export function trainingBlinds(): number[] {
  const raw = process.env.SAFEGUARDING_TRAIN_BLINDS || TRAINING_BLINDS;
  if (raw === 'none') return [];
  const [from, to] = raw.split('-').map(Number);
  if (!Number.isInteger(from) || (to !== undefined && !Number.isInteger(to)))
    throw new Error(`SAFEGUARDING_TRAIN_BLINDS must be a range like 3-27 or 'none', not '${raw}'`);
  const out: number[] = [];
  // There is no blind 15: its writer returned nothing (decision 036, addendum 6).
  for (let n = from!; n <= (to ?? from)!; n++) if (n !== 15) out.push(n);
  return out;
}

export type CorpusAnswer = EvaluationAnswer & { source: string };

/**
 * The training corpus: every writer's file in corpus/, the original tuning set and the spent blind
 * sets (and, for a study with SAFEGUARDING_WITH_NEXT set, the files waiting in corpus-next/), each
 * answer with its source (a writer), so cross-validation can hold a whole writer out. An answer
 * already read from an earlier source is skipped.
 */
export function loadCorpus(): CorpusAnswer[] {
  const files = readdirSync(corpusDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const seen = new Set<string>();
  const out: CorpusAnswer[] = [];
  const sources = [
    ...files.map((f) => ({ source: f, rows: readJsonl(join(corpusDir, f)) })),
    ...(process.env.SAFEGUARDING_WITH_NEXT
      ? readdirSync(corpusNextDir)
          .filter((f) => f.endsWith('.jsonl'))
          .sort()
          .map((f) => ({ source: f, rows: readJsonl(join(corpusNextDir, f)) }))
      : []),
    { source: 'evaluation/answers.ts', rows: tuningAnswers },
    ...trainingBlinds().map((n) => ({
      source: `evaluation/blind-${n}.jsonl`,
      rows: readJsonl(join(evaluationDir, `blind-${n}.jsonl`)),
    })),
  ];
  for (const { source, rows } of sources) {
    for (const row of rows) {
      const key = row.text.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...row, source });
    }
  }
  return out;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  /** How much more a missed positive costs than a false alarm while training. */
  positiveWeight: number;
  seed: number;
}

export const defaultOptions: TrainOptions = {
  epochs: 30,
  learningRate: 0.4,
  l2: 1e-6,
  positiveWeight: 2,
  seed: 7,
};

export interface Trained {
  weights: Float32Array;
  bias: Float64Array;
}

const C = incidentCategories.length;

export interface Example {
  features: Uint32Array;
  y: Uint8Array;
}

export function toExamples(rows: EvaluationAnswer[]): Example[] {
  return rows.map((r) => ({
    features: featuresOf(r.text),
    y: Uint8Array.from(incidentCategories, (c) => (r.labels.includes(c) ? 1 : 0)),
  }));
}

/** One-vs-rest logistic regression over the hashed features, AdaGrad, lazy L2. */
export function train(examples: Example[], options: TrainOptions = defaultOptions): Trained {
  const weights = new Float32Array(HASH_SIZE * C);
  const g2 = new Float32Array(HASH_SIZE * C).fill(1e-8);
  const bias = new Float64Array(C);
  const biasG2 = new Float64Array(C).fill(1e-8);
  const random = mulberry32(options.seed);
  const order = examples.map((_, i) => i);
  const z = new Float64Array(C);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const { features, y } = examples[index]!;
      if (features.length === 0) continue;
      const x = 1 / Math.sqrt(features.length);
      z.set(bias);
      for (const f of features) for (let c = 0; c < C; c++) z[c]! += weights[f * C + c]! * x;
      for (let c = 0; c < C; c++) {
        const p = 1 / (1 + Math.exp(-z[c]!));
        const g = (p - y[c]!) * (y[c] ? options.positiveWeight : 1);
        biasG2[c]! += g * g;
        bias[c]! -= (options.learningRate * g) / Math.sqrt(biasG2[c]!);
        for (const f of features) {
          const k = f * C + c;
          const grad = g * x + options.l2 * weights[k]!;
          g2[k]! += grad * grad;
          weights[k]! -= (options.learningRate * grad) / Math.sqrt(g2[k]!);
        }
      }
    }
  }
  return { weights, bias };
}

export function score(model: Trained, features: Uint32Array): Float64Array {
  const z = Float64Array.from(model.bias);
  if (features.length > 0) {
    const x = 1 / Math.sqrt(features.length);
    for (const f of features) for (let c = 0; c < C; c++) z[c]! += model.weights[f * C + c]! * x;
  }
  for (let c = 0; c < C; c++) z[c] = 1 / (1 + Math.exp(-z[c]!));
  return z;
}

export type Trainer = (examples: Example[]) => (features: Uint32Array) => Float64Array;

export const linearTrainer =
  (options: TrainOptions = defaultOptions): Trainer =>
  (examples) => {
    const model = train(examples, options);
    return (features) => score(model, features);
  };

export const mlpTrainer =
  (options: MlpOptions = defaultMlpOptions): Trainer =>
  (examples) => {
    const model = trainMlp(examples, options);
    return (features) => mlpScore(model, features);
  };

/**
 * Out-of-fold scores: every answer is scored by a model that saw nothing its writer wrote. Sources are
 * dealt into `folds` groups (sorted, round-robin; at most one fold per source), so the cost stays a
 * fixed number of trainings however many writers the corpus has.
 */
export function crossValidate(
  rows: CorpusAnswer[],
  trainer: Trainer,
  folds = Number.POSITIVE_INFINITY,
): Float64Array[] {
  const examples = toExamples(rows);
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  const groups = Math.min(folds, sources.length);
  const foldOf = new Map(sources.map((source, i) => [source, i % groups]));
  const scores: Float64Array[] = new Array(examples.length);
  for (let fold = 0; fold < groups; fold++) {
    const scorer = trainer(examples.filter((_, i) => foldOf.get(rows[i]!.source) !== fold));
    examples.forEach((e, i) => {
      if (foldOf.get(rows[i]!.source) === fold) scores[i] = scorer(e.features);
    });
  }
  return scores;
}

/** The buckets at least `min` training answers used: rarer ones are noise, and weigh on the file. */
export function bucketsUsed(examples: Example[], min: number): Set<number> {
  const count = new Map<number, number>();
  for (const e of examples) for (const f of e.features) count.set(f, (count.get(f) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n >= min).map(([f]) => f));
}

/** The network with its embeddings in int8 (one scale), only for the buckets kept. */
export function serialize(
  model: Mlp,
  used: Set<number>,
  raise: number[],
  hold: number[],
  version: string,
  veto: number,
  vetoFloor: number,
  shortWords: number,
  shortFloor: number,
  shortHold: number,
): SerializedModel {
  const H = model.hidden;
  const buckets = [...used].sort((a, b) => a - b);
  let max = 0;
  for (const b of buckets) for (let j = 0; j < H; j++) max = Math.max(max, Math.abs(model.w1[b * H + j]!));
  const scale = max / 127 || 1;
  const embeddings = new Int8Array(buckets.length * H);
  buckets.forEach((b, k) => {
    for (let j = 0; j < H; j++) embeddings[k * H + j] = Math.round(model.w1[b * H + j]! / scale);
  });
  const gaps: number[] = [];
  let previous = -1;
  for (const b of buckets) {
    let gap = b - previous;
    previous = b;
    while (gap >= 0x80) {
      gaps.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    gaps.push(gap);
  }
  const round = (values: ArrayLike<number>) => Array.from(values, (v) => Number(v.toPrecision(7)));
  return {
    version,
    hashBits: HASH_BITS,
    hidden: H,
    categories: incidentCategories,
    raise: raise.map((t) => Number(t.toFixed(5))),
    hold: hold.map((t) => Number(t.toFixed(5))),
    veto,
    vetoFloor,
    shortWords,
    shortFloor: Number(shortFloor.toFixed(5)),
    shortHold: Number(shortHold.toFixed(5)),
    b1: round(model.b1),
    w2: round(model.w2),
    b2: round(model.b2),
    scale: Number(scale.toPrecision(8)),
    buckets: Buffer.from(gaps).toString('base64'),
    embeddings: Buffer.from(embeddings.buffer).toString('base64'),
  };
}

export type { IncidentCategory };
