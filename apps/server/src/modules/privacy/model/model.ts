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
  /**
   * On an answer of at most `shortWords` words the model alone raises only from `shortFloor` (the
   * grey band below still holds it). Versions before 12 have neither: no floor.
   */
  shortWords?: number;
  shortFloor?: number;
  /** On such an answer the grey band starts no lower than this. Versions before 18 have none: 0. */
  shortHold?: number;
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
  shortWords: number;
  shortFloor: number;
  shortHold: number;
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
  /**
   * The embeddings that exist, row by row, `hidden / 2` int32 numbers each: every int32 holds two
   * embedding numbers as 16-bit lanes, each biased by 128 so it is never negative. Adding a row adds
   * two numbers at once, and an int32 add is what JavaScript does fastest: summing rows of the int8
   * table number by number was half of a 10,000-character answer's time (see `RowSum`).
   */
  packed: Int32Array;
}

/** The buckets that carry an embedding, in increasing order (row i of the table is bucket i's). */
export function bucketsOf(model: SerializedModel): number[] {
  const gaps = Buffer.from(model.buckets, 'base64');
  const buckets: number[] = [];
  let bucket = -1;
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
    buckets.push(bucket);
  }
  return buckets;
}

export function loadModel(model: SerializedModel): LoadedModel {
  const H = model.hidden;
  if (model.hashBits !== Math.log2(HASH_SIZE)) throw new Error('Safeguarding model: hash size differs');
  if (
    model.categories.length !== incidentCategories.length ||
    model.categories.some((cat, i) => incidentCategories[i] !== cat)
  )
    throw new Error('Safeguarding model: categories differ from the contract; retrain it');
  const embeddings = new Int8Array(Buffer.from(model.embeddings, 'base64'));
  const present = new Uint32Array(HASH_SIZE >>> 5);
  const buckets = bucketsOf(model);
  for (const bucket of buckets) present[bucket >>> 5] = present[bucket >>> 5]! | (1 << (bucket & 31));
  const k = buckets.length;
  // Buckets come in increasing order, so a bucket's row is the number of buckets before it.
  const rank = new Int32Array(HASH_SIZE >>> 5);
  for (let w = 1; w < rank.length; w++) rank[w] = rank[w - 1]! + popcount(present[w - 1]!);
  if (k * H !== embeddings.length)
    throw new Error('Safeguarding model: embeddings and buckets differ in length');
  if (H % 2 !== 0) throw new Error('Safeguarding model: the hidden layer must have an even size');
  const packed = new Int32Array(embeddings.length / 2);
  for (let i = 0; i < packed.length; i++)
    packed[i] = (embeddings[2 * i]! + BIAS) | ((embeddings[2 * i + 1]! + BIAS) << 16);
  return {
    version: model.version,
    hidden: H,
    categories: model.categories,
    raise: Float64Array.from(model.raise),
    hold: Float64Array.from(model.hold),
    veto: model.veto,
    vetoFloor: model.vetoFloor,
    shortWords: model.shortWords ?? 0,
    shortFloor: model.shortFloor ?? 0,
    shortHold: model.shortHold ?? 0,
    b1: Float64Array.from(model.b1),
    w2: Float64Array.from(model.w2),
    b2: Float64Array.from(model.b2),
    scale: model.scale,
    present,
    rank,
    packed,
  };
}

/** Set bits in a 32-bit number. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** The row of `packed` a bucket's embedding is in, or -1. */
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

const BIAS = 128;
/** Rows a pair of 16-bit lanes can hold before it must be drained: 256 × 255 < 65,536. */
const LANE_ROWS = 256;

/**
 * A running sum of embedding rows, two numbers to an int32 (see `LoadedModel.packed`), drained into
 * whole sums before a lane could overflow.
 */
class RowSum {
  private readonly lanes: Int32Array;
  private rows = 0;
  constructor(
    private readonly packed: Int32Array,
    private readonly half: number,
  ) {
    this.lanes = new Int32Array(half);
  }

  add(row: number, into: Int32Array, at: number) {
    const { lanes, packed, half } = this;
    const base = row * half;
    for (let j = 0; j < half; j++) lanes[j] = (lanes[j]! + packed[base + j]!) | 0;
    if (++this.rows === LANE_ROWS) this.drain(into, at);
  }

  /**
   * Adds several rows (`rows[from..to)`) four at a time: the loads of four rows are independent, so
   * the processor waits for their cache lines together rather than one after another.
   */
  addAll(rows: Int32Array, from: number, to: number, into: Int32Array, at: number) {
    const { lanes, packed, half } = this;
    let k = from;
    for (; k + 8 <= to; k += 8) {
      if (this.rows + 8 > LANE_ROWS) this.drain(into, at);
      const a = rows[k]! * half;
      const b = rows[k + 1]! * half;
      const c = rows[k + 2]! * half;
      const d = rows[k + 3]! * half;
      const e = rows[k + 4]! * half;
      const f = rows[k + 5]! * half;
      const g = rows[k + 6]! * half;
      const h = rows[k + 7]! * half;
      for (let j = 0; j < half; j++)
        lanes[j] =
          (lanes[j]! +
            packed[a + j]! +
            packed[b + j]! +
            packed[c + j]! +
            packed[d + j]! +
            packed[e + j]! +
            packed[f + j]! +
            packed[g + j]! +
            packed[h + j]!) |
          0;
      this.rows += 8;
    }
    for (; k + 4 <= to; k += 4) {
      if (this.rows + 4 > LANE_ROWS) this.drain(into, at);
      const a = rows[k]! * half;
      const b = rows[k + 1]! * half;
      const c = rows[k + 2]! * half;
      const d = rows[k + 3]! * half;
      for (let j = 0; j < half; j++)
        lanes[j] = (lanes[j]! + packed[a + j]! + packed[b + j]! + packed[c + j]! + packed[d + j]!) | 0;
      this.rows += 4;
    }
    for (; k < to; k++) this.add(rows[k]!, into, at);
  }

  /** Adds what was summed to `into` from `at` (`hidden` numbers), and starts again at zero. */
  drain(into: Int32Array, at: number) {
    if (this.rows === 0) return;
    const { lanes, half } = this;
    const bias = BIAS * this.rows;
    for (let j = 0; j < half; j++) {
      const v = lanes[j]!;
      into[at + 2 * j] = into[at + 2 * j]! + (v & 0xffff) - bias;
      into[at + 2 * j + 1] = into[at + 2 * j + 1]! + (v >>> 16) - bias;
      lanes[j] = 0;
    }
    this.rows = 0;
  }
}

/** The model's probability for each category (in `incidentCategories` order). */
export function scoreFeatures(model: LoadedModel, features: Uint32Array): Float64Array {
  const H = model.hidden;
  const sums = new Int32Array(H);
  const rowSum = new RowSum(model.packed, H / 2);
  for (const f of features) {
    const row = rowAt(model.present, model.rank, f);
    if (row >= 0) rowSum.add(row, sums, 0);
  }
  rowSum.drain(sums, 0);
  return output(model, Float64Array.from(sums), features.length, new Float64Array(model.categories.length));
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
  const present = model.present;
  const rank = model.rank;
  // Two running sums: a new word's own features, and the current block's word pairs.
  const ownRows = new RowSum(model.packed, H / 2);
  const pairRows = new RowSum(model.packed, H / 2);
  const n = words.length;
  const blockCount = Math.ceil(n / stride);
  // Whole numbers: the embeddings are int8, so sums stay exact in int32 (and int arithmetic is faster).
  // A block's sums rather than a running total per word: 1/stride of the memory to write and read.
  const blocks = new Int32Array(blockCount * H);
  const counts = new Int32Array(blockCount);
  // Each distinct word's own sums, in one array (a word's place is its id times `hidden`).
  const ids = new Map<string, number>();
  let ownSums = new Int32Array(64 * H);
  let ownCounts = new Int32Array(64);
  let found = new Int32Array(64);
  // The current block's word pairs that carry an embedding, added together when the block ends.
  const pairs = new Int32Array(2 * stride);
  let pairHits = 0;
  let block = 0;
  for (let i = 0; i < n; i++) {
    const word = words[i]!;
    let id = ids.get(word);
    if (id === undefined) {
      id = ids.size;
      ids.set(word, id);
      if (id === ownCounts.length) {
        const sums = new Int32Array(ownSums.length * 2);
        sums.set(ownSums);
        ownSums = sums;
        const wordCounts = new Int32Array(ownCounts.length * 2);
        wordCounts.set(ownCounts);
        ownCounts = wordCounts;
      }
      const features = ownFeatures(word);
      if (found.length < features.length) found = new Int32Array(features.length * 2);
      let hits = 0;
      for (let k = 0; k < features.length; k++) {
        const r = rowAt(present, rank, features[k]!);
        if (r >= 0) found[hits++] = r;
      }
      ownRows.addAll(found, 0, hits, ownSums, id * H);
      ownRows.drain(ownSums, id * H);
      ownCounts[id] = features.length;
    }
    if (((i / stride) | 0) !== block) {
      pairRows.addAll(pairs, 0, pairHits, blocks, block * H);
      pairRows.drain(blocks, block * H);
      pairHits = 0;
      block = (i / stride) | 0;
    }
    const row = block * H;
    const own = id * H;
    for (let j = 0; j < H; j++) blocks[row + j] = blocks[row + j]! + ownSums[own + j]!;
    let count = ownCounts[id]!;
    for (let k = 1; k <= 2 && i + k < n; k++) {
      count++;
      const r = rowAt(present, rank, hashPair(k === 1 ? 'b' : 's', word, words[i + k]!));
      if (r >= 0) pairs[pairHits++] = r;
    }
    counts[block] = counts[block]! + count;
  }
  pairRows.addAll(pairs, 0, pairHits, blocks, block * H);
  pairRows.drain(blocks, block * H);
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
