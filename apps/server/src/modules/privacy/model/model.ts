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
  /**
   * Which buckets carry an embedding (most carry none), a bit each, and how many rows come before each
   * 32 buckets: `rowAt` reads a bucket's row from them. 64 KB, so they stay in cache; an Int32Array of
   * rows per bucket (1 MB) did not, and reading it was a third of a long answer's time.
   */
  present: Uint32Array;
  rank: Int32Array;
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
  const present = new Uint32Array(HASH_SIZE >>> 5);
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
    present[bucket >>> 5] = present[bucket >>> 5]! | (1 << (bucket & 31));
    k++;
  }
  // Buckets come in increasing order, so a bucket's row is the number of buckets before it.
  const rank = new Int32Array(HASH_SIZE >>> 5);
  for (let w = 1; w < rank.length; w++) rank[w] = rank[w - 1]! + popcount(present[w - 1]!);
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
    present,
    rank,
    table: embeddings,
  };
}

/** Set bits in a 32-bit number. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** The row of `table` a bucket's embedding is in, or -1. */
function rowAt(present: Uint32Array, rank: Int32Array, bucket: number): number {
  const w = bucket >>> 5;
  const bit = 1 << (bucket & 31);
  const bits = present[w]!;
  if ((bits & bit) === 0) return -1;
  return rank[w]! + popcount(bits & (bit - 1));
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
    const row = rowAt(model.present, model.rank, f);
    if (row < 0) continue;
    const base = row * H;
    for (let j = 0; j < H; j++) sum[j]! += model.table[base + j]!;
  }
  return output(model, sum, features.length, new Float64Array(model.categories.length));
}

/**
 * The highest probability per category over windows of `size` words moving by `stride` (a multiple of
 * it), for answers longer than any the model was trained on: each word's embeddings are summed once (a
 * word's own features once per distinct word) into a block of `stride` words, and every window is the
 * sum of its blocks. Features are not deduplicated within a window (a repeated word counts twice).
 */
export function scoreWindows(
  model: LoadedModel,
  words: readonly string[],
  size: number,
  stride: number,
): Float64Array {
  if (size % stride !== 0) throw new Error('scoreWindows: the window must be a whole number of strides');
  const H = model.hidden;
  const table = model.table;
  const present = model.present;
  const rank = model.rank;
  const n = words.length;
  const blockCount = Math.ceil(n / stride);
  // Whole numbers: the table is int8, so sums stay exact in int32 (and int arithmetic is faster).
  // A block's sums rather than a running total per word: 1/stride of the memory to write and read.
  const blocks = new Int32Array(blockCount * H);
  const counts = new Int32Array(blockCount);
  const own = new Map<string, { sum: Int32Array; count: number }>();
  for (let i = 0; i < n; i++) {
    const word = words[i]!;
    let mine = own.get(word);
    if (!mine) {
      const features = ownFeatures(word);
      const sum = new Int32Array(H);
      for (let k = 0; k < features.length; k++) {
        const r = rowAt(present, rank, features[k]!);
        if (r < 0) continue;
        const base = r * H;
        for (let j = 0; j < H; j++) sum[j] = sum[j]! + table[base + j]!;
      }
      mine = { sum, count: features.length };
      own.set(word, mine);
    }
    const block = (i / stride) | 0;
    const row = block * H;
    const sum = mine.sum;
    for (let j = 0; j < H; j++) blocks[row + j] = blocks[row + j]! + sum[j]!;
    let count = mine.count;
    for (let k = 1; k <= 2 && i + k < n; k++) {
      count++;
      const r = rowAt(present, rank, hashPair(k === 1 ? 'b' : 's', word, words[i + k]!));
      if (r < 0) continue;
      const base = r * H;
      for (let j = 0; j < H; j++) blocks[row + j] = blocks[row + j]! + table[base + j]!;
    }
    counts[block] = counts[block]! + count;
  }
  const C = model.categories.length;
  const per = size / stride;
  const best = new Float64Array(C);
  const window = new Float64Array(C);
  const sum = new Float64Array(H);
  for (let first = 0; first < blockCount; first++) {
    const last = Math.min(blockCount, first + per);
    sum.fill(0);
    let count = 0;
    for (let b = first; b < last; b++) {
      for (let j = 0; j < H; j++) sum[j] = sum[j]! + blocks[b * H + j]!;
      count += counts[b]!;
    }
    output(model, sum, count, window);
    for (let c = 0; c < C; c++) if (window[c]! > best[c]!) best[c] = window[c]!;
    if (last === blockCount) break;
  }
  return best;
}
