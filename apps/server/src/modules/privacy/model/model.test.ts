import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashPair, ownFeatures } from './features';
import { bucketsOf, loadModel, scoreFeatures, scoreWindows } from './model';
import { model as trained } from './weights.gen';

/**
 * The model scored the plain way, from the committed file: every embedding number read one at a
 * time from the int8 table (only the bucket list's decoding is shared with `loadModel`). `loadModel` packs two numbers to an int32 and sums 256 rows before it
 * drains them; these tests hold that to the plain sums.
 */
const H = trained.hidden;
const rowOf = new Map(bucketsOf(trained).map((bucket, row) => [bucket, row]));
const table = new Int8Array(Buffer.from(trained.embeddings, 'base64'));

function plainScore(features: readonly number[]): number[] {
  const sum = new Array<number>(H).fill(0);
  for (const f of features) {
    const row = rowOf.get(f);
    if (row === undefined) continue;
    for (let j = 0; j < H; j++) sum[j]! += table[row * H + j]!;
  }
  const x = features.length > 0 ? trained.scale / Math.sqrt(features.length) : 0;
  return trained.categories.map((_, c) => {
    let z = trained.b2[c]!;
    for (let j = 0; j < H; j++) {
      const a = trained.b1[j]! + sum[j]! * x;
      if (a > 0) z += trained.w2[c * H + j]! * a;
    }
    return 1 / (1 + Math.exp(-z));
  });
}

/** Every feature of a run of words, repeats kept: what one window of `scoreWindows` reads. */
function windowFeatures(words: readonly string[]): number[] {
  const out: number[] = [];
  words.forEach((word, i) => {
    out.push(...ownFeatures(word));
    if (i + 1 < words.length) out.push(hashPair('b', word, words[i + 1]!));
    if (i + 2 < words.length) out.push(hashPair('s', word, words[i + 2]!));
  });
  return out;
}

const model = loadModel(trained);
const close = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(a[i]).toBeCloseTo(b[i]!, 12);
};
/** Buckets that carry an embedding, to build feature lists that hit the table. */
const known = [...rowOf.keys()];

describe('the packed safeguarding model', () => {
  it('scores a feature list as the plain sums do, past the 256 rows a lane holds', () => {
    for (const n of [0, 1, 255, 256, 257, 1000, 5000]) {
      const features = Array.from({ length: n }, (_, i) => known[(i * 7919) % known.length]!);
      close(scoreFeatures(model, Uint32Array.from(features)), plainScore(features));
    }
    // The bucket with the largest embedding number, many times: the largest sums a lane is asked for
    // (256 rows of 127 would fill one exactly; this model's largest is a little less).
    let largest = 0;
    for (let i = 1; i < table.length; i++) if (table[i]! > table[largest]!) largest = i;
    const bucket = known[Math.floor(largest / H)]!;
    expect(table[largest]).toBeGreaterThan(100);
    for (const n of [256, 257, 600, 3000]) {
      const same = new Array<number>(n).fill(bucket);
      close(scoreFeatures(model, Uint32Array.from(same)), plainScore(same));
    }
  });

  it('scores one window over a whole answer as the plain sums of its features', () => {
    // A made-up word of 400 letters has about 1,200 character n-grams: several drains in one word.
    const long = Array.from({ length: 400 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
    const words = ['i', 'want', long, 'to', 'go', 'home', long, 'tonight', 'no', 'one', 'knows'];
    close(scoreWindows(model, words, 16, 16), plainScore(windowFeatures(words)));
  });

  it('takes the highest window, whatever the words and the stride', () => {
    const vocabulary = [
      'i',
      'my',
      'dad',
      'hits',
      'me',
      'pills',
      'tonight',
      'lunch',
      'pizza',
      'bus',
      'kill',
      'game',
      'nadie',
      'sabe',
      'xqzzv',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...vocabulary), {
          minLength: 1,
          maxLength: 80,
        }),
        fc.constantFrom(1, 2, 4, 12),
        fc.constantFrom(1, 2, 3),
        (words, stride, per) => {
          const size = stride * per;
          const expected = new Array<number>(trained.categories.length).fill(0);
          const blocks = Math.ceil(words.length / stride);
          for (let first = 0; first < blocks; first++) {
            const from = first * stride;
            const to = Math.min(words.length, from + size);
            // A window's pairs may reach past its end into the next words, as the blocks do.
            const features: number[] = [];
            for (let i = from; i < to; i++) {
              features.push(...ownFeatures(words[i]!));
              if (i + 1 < words.length) features.push(hashPair('b', words[i]!, words[i + 1]!));
              if (i + 2 < words.length) features.push(hashPair('s', words[i]!, words[i + 2]!));
            }
            plainScore(features).forEach((p, c) => {
              if (p > expected[c]!) expected[c] = p;
            });
            if (to === words.length) break;
          }
          close(scoreWindows(model, words, size, stride), expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
