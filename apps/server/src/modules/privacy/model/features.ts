import { normalize, stripAccents } from '../normalize';

/**
 * The features the learned safeguarding model reads from an answer (decision 036): hashed, binary,
 * scaled to unit length. Character n-grams within words cope with misspelling and slang; word pairs
 * carry the combinations ('my stepdad', 'last survey'); numbers beside their unit carry what a word
 * list drops ('500 cals', '95 lbs'); emoji are words of their own.
 */
export const HASH_BITS = 18;
export const HASH_SIZE = 1 << HASH_BITS;
const MASK = HASH_SIZE - 1;

/** FNV-1a over the string's UTF-16 code units, folded into the table. */
export function hashFeature(feature: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    h ^= feature.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & MASK;
}

/** `hashFeature(`${tag} ${a} ${b}`)`, without building the string (word pairs, per word of an answer). */
export function hashPair(tag: string, a: string, b: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < tag.length; i++) h = Math.imul(h ^ tag.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ 32, 0x01000193);
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ 32, 0x01000193);
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
  return (h >>> 0) & MASK;
}

const pictograph = /\p{Extended_Pictographic}/gu;
/** Words of the raw text, numbers kept (the normalizer spells digits away). */
const rawWord = /[\p{L}\p{N}]+/gu;
const hasDigit = /\d/;

/**
 * The features of each word of a normalized answer: the word, its character n-grams, and its pairs
 * with the next word and the one after. A window of the answer is the union of its words' features.
 */
/** `hashFeature(`c${text.slice(at, at + n)}`)`, without building the string. */
function hashGram(text: string, at: number, n: number): number {
  let h = Math.imul(0x811c9dc5 ^ 99, 0x01000193); // 'c'
  for (let i = at; i < at + n; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) & MASK;
}

/** A word's own features: the word and its character n-grams (the same wherever it stands). */
export function ownFeatures(w: string): Uint32Array {
  const padded = ` ${w} `;
  const grams =
    Math.max(0, padded.length - 2) + Math.max(0, padded.length - 3) + Math.max(0, padded.length - 4);
  const out = new Uint32Array(1 + grams);
  out[0] = hashFeature(`w ${w}`);
  let k = 1;
  for (let n = 3; n <= 5; n++) {
    for (let at = 0; at + n <= padded.length; at++) out[k++] = hashGram(padded, at, n);
  }
  return out;
}

/** A word's pairs with the next word and the one after (none where the answer ends). */
export function pairFeatures(words: readonly string[], i: number): number[] {
  const out: number[] = [];
  if (i + 1 < words.length) out.push(hashPair('b', words[i]!, words[i + 1]!));
  if (i + 2 < words.length) out.push(hashPair('s', words[i]!, words[i + 2]!));
  return out;
}

export function wordFeatures(words: readonly string[]): Uint32Array[] {
  return words.map((w, i) => {
    const own = ownFeatures(w);
    const pairs = pairFeatures(words, i);
    const out = new Uint32Array(own.length + pairs.length);
    out.set(own);
    out.set(pairs, own.length);
    return out;
  });
}

/** Features of the text as written: numbers with the words beside them, and emoji. */
export function rawFeatures(text: string): number[] {
  const out: number[] = [];
  // Numbers with the words beside them, from the text as written.
  if (hasDigit.test(text)) {
    const raw = stripAccents(text.toLowerCase()).match(rawWord) ?? [];
    for (let i = 0; i < raw.length; i++) {
      if (!hasDigit.test(raw[i]!)) continue;
      const digits = raw[i]!.replace(/\D/g, '').length;
      out.push(hashFeature(`n ${Math.min(digits, 5)}`));
      if (i + 1 < raw.length) out.push(hashFeature(`n> ${raw[i + 1]}`));
      if (i > 0) out.push(hashFeature(`n< ${raw[i - 1]}`));
    }
  }
  for (const emoji of text.match(pictograph) ?? []) out.push(hashFeature(`e ${emoji}`));
  return out;
}

const seen = new Int32Array(HASH_SIZE);
let generation = 0;

/** The distinct buckets among some feature lists (a stamp table, not a Set: this runs per answer). */
export function distinct(lists: Iterable<ArrayLike<number>>): Uint32Array {
  generation++;
  if (generation === 0x7fffffff) {
    seen.fill(0);
    generation = 1;
  }
  const out: number[] = [];
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const f = list[i]!;
      if (seen[f] !== generation) {
        seen[f] = generation;
        out.push(f);
      }
    }
  }
  return Uint32Array.from(out);
}

/** The distinct feature buckets of an answer. Empty for text with nothing to read. */
export function featuresOf(text: string, normal = normalize(text)): Uint32Array {
  const words = normal ? normal.split(' ') : [];
  return distinct([...wordFeatures(words), rawFeatures(text)]);
}
