import {
  collapseDuplicatesTransformer,
  resolveConfusablesTransformer,
  resolveLeetSpeakTransformer,
  toAsciiLowerCaseTransformer,
} from 'obscenity';

/**
 * Turns an answer into the plain form the lexicons are written against: lower case, no accents,
 * leetspeak and look-alike characters resolved, stretched letters collapsed (the obscenity
 * transformers do that part), emoji that carry meaning spelled out, teen shorthand expanded, and
 * words separated by single spaces. Every run of a repeated letter becomes one letter, in the text
 * and in the lexicon patterns alike ('killl' and 'kill' both read 'kil').
 */

type Container =
  | ReturnType<typeof resolveLeetSpeakTransformer>
  | ReturnType<typeof collapseDuplicatesTransformer>;

function applyTransformers(text: string, containers: Container[]): string {
  const steps = containers.map((c) => ('factory' in c ? c.factory() : c));
  let out = '';
  for (const ch of text) {
    let code: number | undefined = ch.codePointAt(0)!;
    for (const step of steps) {
      if (code === undefined) break;
      code = step.transform(code);
    }
    if (code !== undefined) out += String.fromCodePoint(code);
  }
  return out;
}

const wordTransformers: Container[] = [
  resolveConfusablesTransformer(),
  resolveLeetSpeakTransformer(),
  toAsciiLowerCaseTransformer(),
];
const collapse: Container[] = [collapseDuplicatesTransformer({ defaultThreshold: 1 })];

/** Emoji that carry a risk meaning in context; the lexicons decide whether the context is risky. */
const emojiWords: Array<[RegExp, string]> = [
  [/🔪|🗡️?|⚔️?/gu, ' knife '],
  [/🔫/gu, ' gun '],
  [/💣|🧨/gu, ' bomb '],
  [/💊/gu, ' pils '],
  [/💉/gu, ' needle '],
  [/🪦|⚰️?/gu, ' grave '],
  [/🩸/gu, ' blood '],
  [/🪢/gu, ' rope '],
  [/🍁|🌿|🍃/gu, ' weed '],
  [/🍺|🍻|🍷|🥃|🍾/gu, ' drink '],
  [/🚬/gu, ' smoke '],
  [/🤮/gu, ' throw up '],
  [/📸|📷/gu, ' pic '],
  [/🍑|🍆/gu, ' sexual '],
];

/** Teen shorthand, keyed by its normalised (collapsed) spelling. Values are plain words. */
const shorthand: Record<string, string> = {
  kms: 'kill myself',
  kys: 'kill yourself',
  kmsl: 'kill myself',
  sewerslide: 'suicide',
  suicidal: 'suicidal',
  sui: 'suicide',
  ctb: 'catch the bus suicide',
  wanna: 'want to',
  wana: 'want to',
  gonna: 'going to',
  gona: 'going to',
  gotta: 'got to',
  tryna: 'trying to',
  finna: 'going to',
  lemme: 'let me',
  imma: 'i am going to',
  ima: 'i am going to',
  u: 'you',
  ur: 'your',
  r: 'are',
  ppl: 'people',
  bf: 'boyfriend',
  gf: 'girlfriend',
  pic: 'pic',
  pics: 'pics',
  nudes: 'nudes',
  n00ds: 'nudes',
  nudez: 'nudes',
  dm: 'message',
  dms: 'messages',
  snap: 'snapchat',
  sc: 'snapchat',
  cuz: 'because',
  bc: 'because',
  cus: 'because',
  ppls: 'people',
  rn: 'right now',
  idc: 'i dont care',
  ik: 'i know',
  abt: 'about',
  bout: 'about',
  thru: 'through',
  sh: 'self harm',
  ed: 'eating disorder',
  thinspo: 'thinspiration',
  meanspo: 'thinspiration',
  vape: 'vape',
  vaping: 'vaping',
  xans: 'xanax',
  percs: 'percocet',
  addy: 'adderall',
  // Spanish shorthand
  q: 'que',
  kiero: 'quiero',
  kieres: 'quieres',
  kiere: 'quiere',
  k: 'que',
  xq: 'porque',
  pq: 'porque',
  x: 'por',
  tb: 'tambien',
  tmb: 'tambien',
  nadie: 'nadie',
};

/** Digits written as words ('want 2 die', '4 ever'); other numbers are kept as they are. */
/** A Map, not an object: `'constructor' in {}` is true, and turned the word into JavaScript source. */
const digitWords = new Map<string, string>([
  ['2', 'to'],
  ['4', 'for'],
  ['2day', 'today'],
  ['2nite', 'tonight'],
]);
const allDigits = /^\d+$/;

/**
 * Runs of one character become one ('soooo' → 'so'). Text of plain lower-case letters and spaces
 * (what normalize has made of any answer by then) takes a regular expression, which does the same as
 * the transformer in one pass; anything else goes through the transformer.
 */
export const collapseRuns = (s: string) =>
  plainText.test(s) ? s.replace(/([a-z ])\1+/g, '$1') : applyTransformers(s, collapse);
const plainText = /^[a-z ]*$/;
/** Whether the text has a pictograph at all (most answers have none; then no emoji pass runs). */
const anyPictograph = /\p{Extended_Pictographic}/u;

const normalisedShorthand = new Map<string, string>(
  Object.entries(shorthand).map(([k, v]) => [collapseRuns(k), collapseRuns(v)]),
);

/** One whitespace-separated token of an answer as a word, or null when nothing of it is left. */
function normalizeToken(raw: string): string | null {
  // Sentence punctuation around a word is not leetspeak ('die!!!', '(help)').
  const core = raw.replace(/^[("¿¡\-[{]+/, '').replace(/[.,!?;:)"\-\]}…]+$/, '');
  if (!core) return null;
  const lower = core.toLowerCase();
  const digitWord = digitWords.get(lower);
  if (digitWord !== undefined || allDigits.test(lower)) return digitWord ?? ' ';
  // Plain lower-case words are what the transformers would return anyway (most of any answer).
  return plainWord.test(core) ? lower : applyTransformers(core, wordTransformers);
}

/** Accents off: 'después' → 'despues', 'niño' → 'nino'. */
export const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '');

const plainWord = /^[A-Za-z]+$/;

export function normalize(text: string): string {
  let s = text.normalize('NFC');
  if (anyPictograph.test(s)) for (const [re, word] of emojiWords) s = s.replace(re, word);
  // Apostrophes go (dont, im, hes, he'll → hell): the lexicons are written without them.
  s = s.replace(/[’'`´]/g, '');
  s = stripAccents(s);
  const tokens = s.split(/\s+/).filter(Boolean);
  const words: string[] = [];
  // A long answer repeats its words: each distinct one is normalized once.
  const seen = tokens.length > 64 ? new Map<string, string | null>() : null;
  for (const raw of tokens) {
    let word = seen?.get(raw);
    if (word === undefined) {
      word = normalizeToken(raw);
      seen?.set(raw, word);
    }
    if (word !== null) words.push(word);
  }
  let joined = words.join(' ');
  joined = joined.replace(/[^a-z]+/g, ' ');
  joined = collapseRuns(joined);
  return joined
    .split(' ')
    .filter(Boolean)
    .map((w) => normalisedShorthand.get(w) ?? w)
    .join(' ');
}

/**
 * Compiles a lexicon pattern written in plain lower-case words into a RegExp over normalised text.
 * Mini-syntax: words separated by spaces; `(a|b)` alternatives; `?` optional (regex); `*` at the end
 * of a word means any ending ('hurt*' → hurt, hurts, hurting); `~` is a gap of up to three words;
 * `~~` a gap of up to six. The pattern matches on whole words.
 */
export function compilePattern(source: string): RegExp {
  let src = stripAccents(source.toLowerCase());
  src = src
    .replace(/([a-z])\1+/g, '$1')
    .replace(/ ?~~ ?/g, '(?: [a-z]+){0,6} ')
    .replace(/ ?~ ?/g, '(?: [a-z]+){0,3} ')
    .replace(/\*/g, '[a-z]*')
    // An optional word: `(very )?` — spaces inside groups are written literally.
    .replace(/ +/g, ' ');
  return new RegExp(`(?:^| )(?:${src})(?= |$)`, 'g');
}
