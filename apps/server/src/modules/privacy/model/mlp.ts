import { incidentCategories } from '@tv/contract';
import { HASH_SIZE } from './features';

/**
 * A small network over the hashed features (fastText's bag of n-gram embeddings, with a hidden
 * layer): each feature bucket has an embedding of `hidden` numbers, the answer is their mean, a ReLU,
 * then one logistic output per category. The hidden layer lets it weigh combinations a linear model
 * cannot (a method and a time, an older person and a secret).
 */
export interface MlpOptions {
  hidden: number;
  epochs: number;
  learningRate: number;
  positiveWeight: number;
  /** Share of an answer's features dropped at random while training. */
  dropout: number;
  seed: number;
}

export const defaultMlpOptions: MlpOptions = {
  hidden: 32,
  epochs: 12,
  learningRate: 0.05,
  positiveWeight: 2,
  dropout: 0.2,
  seed: 11,
};

export interface Mlp {
  hidden: number;
  /** bucket × hidden */
  w1: Float32Array;
  b1: Float32Array;
  /** category × hidden */
  w2: Float32Array;
  b2: Float32Array;
}

const C = incidentCategories.length;

/** A small seeded generator, so training is the same on every run. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function trainMlp(
  examples: Array<{ features: Uint32Array; y: Uint8Array }>,
  options: MlpOptions = defaultMlpOptions,
): Mlp {
  const H = options.hidden;
  const random = mulberry32(options.seed);
  // Zero: a bucket no training answer used adds nothing, in cross-validation as in the committed file.
  const w1 = new Float32Array(HASH_SIZE * H);
  const b1 = new Float32Array(H).fill(0.01);
  const w2 = new Float32Array(C * H);
  const bound = Math.sqrt(6 / (H + C));
  for (let i = 0; i < w2.length; i++) w2[i] = (random() * 2 - 1) * bound;
  const b2 = new Float32Array(C).fill(-2);
  // Adam's moments would double the table; AdaGrad's one accumulator does.
  const g1 = new Float32Array(HASH_SIZE * H).fill(1e-6);
  const gb1 = new Float32Array(H).fill(1e-6);
  const g2 = new Float32Array(C * H).fill(1e-6);
  const gb2 = new Float32Array(C).fill(1e-6);
  const a = new Float32Array(H);
  const h = new Float32Array(H);
  const dh = new Float32Array(H);
  const g = new Float32Array(C);
  const lr = options.learningRate;
  const order = examples.map((_, i) => i);
  const kept: number[] = [];
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const { features, y } = examples[index]!;
      kept.length = 0;
      for (const f of features) if (random() >= options.dropout) kept.push(f);
      if (kept.length === 0) continue;
      const x = 1 / Math.sqrt(kept.length);
      a.set(b1);
      for (const f of kept) {
        const base = f * H;
        for (let j = 0; j < H; j++) a[j]! += w1[base + j]! * x;
      }
      for (let j = 0; j < H; j++) h[j] = a[j]! > 0 ? a[j]! : 0;
      dh.fill(0);
      for (let c = 0; c < C; c++) {
        let z = b2[c]!;
        for (let j = 0; j < H; j++) z += w2[c * H + j]! * h[j]!;
        const p = 1 / (1 + Math.exp(-z));
        g[c] = (p - y[c]!) * (y[c] ? options.positiveWeight : 1);
        for (let j = 0; j < H; j++) dh[j]! += g[c]! * w2[c * H + j]!;
      }
      for (let c = 0; c < C; c++) {
        gb2[c]! += g[c]! * g[c]!;
        b2[c]! -= (lr * g[c]!) / Math.sqrt(gb2[c]!);
        for (let j = 0; j < H; j++) {
          const k = c * H + j;
          const grad = g[c]! * h[j]!;
          g2[k]! += grad * grad;
          w2[k]! -= (lr * grad) / Math.sqrt(g2[k]!);
        }
      }
      for (let j = 0; j < H; j++) {
        const da = a[j]! > 0 ? dh[j]! : 0;
        dh[j] = da;
        gb1[j]! += da * da;
        b1[j]! -= (lr * da) / Math.sqrt(gb1[j]!);
      }
      for (const f of kept) {
        const base = f * H;
        for (let j = 0; j < H; j++) {
          const grad = dh[j]! * x;
          if (grad === 0) continue;
          g1[base + j]! += grad * grad;
          w1[base + j]! -= (lr * grad) / Math.sqrt(g1[base + j]!);
        }
      }
    }
  }
  return { hidden: H, w1, b1, w2, b2 };
}

/** Probabilities per category from the summed embeddings of an answer's features. */
export function mlpScore(model: Mlp, features: Uint32Array): Float64Array {
  const H = model.hidden;
  const a = Float64Array.from(model.b1);
  if (features.length > 0) {
    const x = 1 / Math.sqrt(features.length);
    for (const f of features) {
      const base = f * H;
      for (let j = 0; j < H; j++) a[j]! += model.w1[base + j]! * x;
    }
  }
  const out = new Float64Array(C);
  for (let c = 0; c < C; c++) {
    let z = model.b2[c]!;
    for (let j = 0; j < H; j++) if (a[j]! > 0) z += model.w2[c * H + j]! * a[j]!;
    out[c] = 1 / (1 + Math.exp(-z));
  }
  return out;
}
