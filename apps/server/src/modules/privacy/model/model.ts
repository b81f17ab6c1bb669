import { incidentCategories } from '@tv/contract';
import type { IncidentCategory } from '../risk-types';
import { HASH_SIZE, hashPair, ownFeatures } from './features';

/**
 * A trained model as committed (model/weights.gen.ts, written by `npm run train:safeguarding`): the
 * network of mlp.ts with its feature embeddings in int8.
 */
export interface SerializedModel {
  version: string;
  hashBits: number;
  hidden: number;
  categories: readonly IncidentCategory[];
  /** Per category: the score at which it is raised, and the lower one from which an answer is held. */
  raise: number[];
  hold: number[];
  /** A word-list or rule hit the model scores below `veto` is held instead of raised, or dropped below `vetoFloor`. */
  veto: number;
  vetoFloor: number;
  b1: number[];
  /** category × hidden */
  w2: number[];
  b2: number[];
  /** An embedding number is its int8 value times this. */
  scale: number;
  /** Base64: the buckets that carry an embedding, as unsigned LEB128 gaps from the previous one. */
  buckets: string;
  /** Base64: int8 embeddings, bucket by bucket, `hidden` numbers each. */
  embeddings: string;
}

export interface LoadedModel {
  version: string;
  hidden: number;
  categories: readonly IncidentCategory[];
  raise: Float64Array;
  hold: Float64Array;
  veto: number;
  vetoFloor: number;
  b1: Float64Array;
  w2: Float64Array;
  b2: Float64Array;
  scale: number;
  /** The row of `table` a bucket's embedding is in, or -1 (most buckets carry none). */
  rowOf: Int32Array;
  /** The embeddings that exist, row by row, `hidden` int8 numbers each: small enough to stay in cache. */
  table: Int8Array;
}

export function loadModel(model: SerializedModel): LoadedModel {
  const H = model.hidden;
  if (model.hashBits !== Math.log2(HASH_SIZE)) throw new Error('Safeguarding model: hash size differs');
  if (
    model.categories.length !== incidentCategories.length ||
    model.categories.some((cat, i) => incidentCategories[i] !== cat)
  )
    throw new Error('Safeguarding model: categories differ from the contract; retrain it');
  const gaps = Buffer.from(model.buckets, 'base64');
  const embeddings = new Int8Array(Buffer.from(model.embeddings, 'base64'));
  const rowOf = new Int32Array(HASH_SIZE).fill(-1);
  let bucket = -1;
  let k = 0;
  for (let at = 0; at < gaps.length; ) {
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = gaps[at++]!;
      gap |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    bucket += gap;
    rowOf[bucket] = k;
    k++;
  }
  if (k * H !== embeddings.length)
    throw new Error('Safeguarding model: embeddings and buckets differ in length');
  return {
    version: model.version,
    hidden: H,
    categories: model.categories,
    raise: Float64Array.from(model.raise),
    hold: Float64Array.from(model.hold),
    veto: model.veto,
    vetoFloor: model.vetoFloor,
    b1: Float64Array.from(model.b1),
    w2: Float64Array.from(model.w2),
    b2: Float64Array.from(model.b2),
    scale: model.scale,
    rowOf,
    table: embeddings,
  };
}

/** The output layer: probabilities per category from the summed embeddings and their count. */
function output(model: LoadedModel, sum: Float64Array, count: number, into: Float64Array) {
  const H = model.hidden;
  const x = count > 0 ? model.scale / Math.sqrt(count) : 0;
  for (let c = 0; c < into.length; c++) {
    let z = model.b2[c]!;
    for (let j = 0; j < H; j++) {
      const a = model.b1[j]! + sum[j]! * x;
      if (a > 0) z += model.w2[c * H + j]! * a;
    }
    into[c] = 1 / (1 + Math.exp(-z));
  }
  return into;
}

/** The model's probability for each category (in `incidentCategories` order). */
export function scoreFeatures(model: LoadedModel, features: Uint32Array): Float64Array {
  const H = model.hidden;
  const sum = new Float64Array(H);
  for (const f of features) {
    const row = model.rowOf[f]!;
    if (row < 0) continue;
    const base = row * H;
    for (let j = 0; j < H; j++) sum[j]! += model.table[base + j]!;
  }
  return output(model, sum, features.length, new Float64Array(model.categories.length));
}

/**
 * The highest probability per category over windows of `size` words moving by `stride`, for answers
 * longer than any the model was trained on: each word's embeddings are summed once (a word's own
 * features once per distinct word), then every window is a difference of running totals. Features
 * are not deduplicated within a window (a repeated word counts twice).
 */
export function scoreWindows(
  model: LoadedModel,
  words: readonly string[],
  size: number,
  stride: number,
): Float64Array {
  const H = model.hidden;
  const table = model.table;
  const rowOf = model.rowOf;
  const n = words.length;
  // Whole numbers: the table is int8, so sums stay exact in int32 (and int arithmetic is faster).
  const totals = new Int32Array((n + 1) * H);
  const counts = new Int32Array(n + 1);
  const own = new Map<string, { sum: Int32Array; count: number }>();
  for (let i = 0; i < n; i++) {
    const word = words[i]!;
    let mine = own.get(word);
    if (!mine) {
      const features = ownFeatures(word);
      const sum = new Int32Array(H);
      for (let k = 0; k < features.length; k++) {
        const r = rowOf[features[k]!]!;
        if (r < 0) continue;
        const base = r * H;
        for (let j = 0; j < H; j++) sum[j] = sum[j]! + table[base + j]!;
      }
      mine = { sum, count: features.length };
      own.set(word, mine);
    }
    const row = (i + 1) * H;
    const previous = i * H;
    const sum = mine.sum;
    for (let j = 0; j < H; j++) totals[row + j] = totals[previous + j]! + sum[j]!;
    let count = mine.count;
    for (let k = 1; k <= 2 && i + k < n; k++) {
      count++;
      const r = rowOf[hashPair(k === 1 ? 'b' : 's', word, words[i + k]!)]!;
      if (r < 0) continue;
      const base = r * H;
      for (let j = 0; j < H; j++) totals[row + j] = totals[row + j]! + table[base + j]!;
    }
    counts[i + 1] = counts[i]! + count;
  }
  const C = model.categories.length;
  const best = new Float64Array(C);
  const window = new Float64Array(C);
  const sum = new Float64Array(H);
  for (let at = 0; at < n; at += stride) {
    const end = Math.min(n, at + size);
    for (let j = 0; j < H; j++) sum[j] = totals[end * H + j]! - totals[at * H + j]!;
    output(model, sum, counts[end]! - counts[at]!, window);
    for (let c = 0; c < C; c++) if (window[c]! > best[c]!) best[c] = window[c]!;
    if (end === n) break;
  }
  return best;
}
