import { incidentCategories, incidentCategorySeverity } from '@tv/contract';
import { english } from './lexicon-en';
import { spanish } from './lexicon-es';
import { distinct, rawFeatures, wordFeatures } from './model/features';
import { loadModel, scoreFeatures, scoreWindows } from './model/model';
import { model as trainedModel } from './model/weights.gen';
import { compilePattern, normalize } from './normalize';
import type { IncidentCategory, IncidentSeverity, RiskSignal } from './risk-types';
import { conceptRules, harmsOnlyThemself } from './rules';

export type { IncidentCategory, IncidentSeverity, Lexicon, RiskSignal } from './risk-types';

/**
 * Words a pattern cannot match without: one of them must occur in the text. Read from the top level
 * of the compiled pattern: the longest run of plain characters, or else a group of plain
 * alternatives ('(bleed|blood)'). Empty when the pattern has no such part; then it always runs.
 */
export function requiredWords(pattern: RegExp): string[] {
  // Only the pattern's own part: `(?:^| )(?:…)(?= |$)`.
  const inner = /^\(\?:\^\| \)\(\?:([\s\S]*)\)\(\?= \|\$\)$/.exec(pattern.source)?.[1];
  if (!inner) return [];
  const quantified = (at: number) => ['?', '*', '+', '{'].includes(inner[at] ?? '');
  let best: string[] = [];
  const score = (words: string[]) => (words.length === 0 ? 0 : Math.min(...words.map((w) => w.length)));
  const offer = (words: string[]) => {
    if (score(words) >= 3 && (best.length === 0 || score(words) > score(best))) best = words;
  };
  let run = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (/[a-z ]/.test(c)) {
      if (quantified(i + 1)) {
        offer([run]);
        run = '';
      } else run += c;
      continue;
    }
    offer([run]);
    run = '';
    if (c === '|') return []; // an alternation at the top: nothing is required of every branch
    if (c === '[') {
      i = inner.indexOf(']', i);
      continue;
    }
    if (c === '(') {
      let depth = 1;
      let j = i + 1;
      for (; j < inner.length && depth > 0; j++) {
        if (inner[j] === '(') depth++;
        else if (inner[j] === ')') depth--;
      }
      const body = inner.slice(i + 1, j - 1);
      // A group that may be left out (`(very )?`, `{0,3}`) or a look-ahead requires nothing.
      if (!body.startsWith('?') && !['?', '*', '{'].includes(inner[j] ?? '')) {
        const branches = splitTopLevel(body);
        // The plain start of each branch, less a last character a quantifier makes optional.
        const prefixes = branches.map((branch) => {
          const plain = /^[a-z ]*/.exec(branch)?.[0] ?? '';
          return ['?', '*', '+', '{'].includes(branch[plain.length] ?? '') ? plain.slice(0, -1) : plain;
        });
        offer(prefixes);
      }
      i = j - 1;
    }
  }
  offer([run]);
  return best;
}

function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '(') depth++;
    else if (body[i] === ')') depth--;
    else if (body[i] === '|' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

interface CompiledPattern {
  pattern: RegExp;
  /** One of these must be in the text, or the pattern cannot match (a cheap test first). */
  required: string[];
  /** Its place in `everyPattern`. */
  index: number;
}

let patternCount = 0;
const compiled: Array<{ category: IncidentCategory; patterns: CompiledPattern[] }> = incidentCategories.map(
  (category) => ({
    category,
    patterns: [...english[category], ...spanish[category]].map((source) => {
      const pattern = compilePattern(source);
      return { pattern, required: requiredWords(pattern), index: patternCount++ };
    }),
  }),
);

/** The first three characters of a word as one number (the text is normalized to plain characters). */
const trigramAt = (text: string, at: number) =>
  (text.charCodeAt(at) * 65_536 + text.charCodeAt(at + 1)) * 65_536 + text.charCodeAt(at + 2);

/**
 * Every required word, filed under its first three characters (each is at least three long). One pass
 * over the text finds which words occur, instead of a substring search per word per pattern: the
 * classifier runs on every open answer a respondent sends.
 */
const wordsByTrigram = new Map<number, { word: string; patterns: number[] }[]>();
for (const { patterns } of compiled) {
  for (const { required, index } of patterns) {
    for (const word of required) {
      const key = trigramAt(word, 0);
      const list = wordsByTrigram.get(key) ?? [];
      const entry = list.find((e) => e.word === word);
      if (entry) entry.patterns.push(index);
      else list.push({ word, patterns: [index] });
      wordsByTrigram.set(key, list);
    }
  }
}

/** The patterns whose required words occur in the (normalized) text. */
function patternsWithWords(text: string): Set<number> {
  const found = new Set<number>();
  for (let at = 0; at + 3 <= text.length; at++) {
    const entries = wordsByTrigram.get(trigramAt(text, at));
    if (!entries) continue;
    for (const { word, patterns } of entries) {
      if (text.startsWith(word, at)) for (const index of patterns) found.add(index);
    }
  }
  return found;
}

/**
 * Words that turn a disclosure into a denial when they come just before it ('I would never hurt
 * myself', 'nunca me haría daño'). A denial is still raised, one severity lower, for a human to read.
 */
const negation =
  /(?:^| )(?:never|not|dont|wont|wouldnt|didnt|isnt|aint|cant see myself|no longer|nunca|jamas|no)(?: [a-z]+){0,2} $/;
/** Reported speech about someone else ('my friend said she wants to die'): a friend at risk. */
const reported =
  /(?:^| )(?:my (?:friend|best friend|bf|gf|sister|brother|cousin|clasmate)|a friend|mi (?:amiga|amigo|hermana|hermano|prima|primo)|una amiga|un amigo)(?: [a-z]+){0,6} $/;

/**
 * The words just before a match, as the denial and reported-speech patterns read them (they look at
 * most seven words back): the last 200 characters, from a word's start, ending in one space. Slicing
 * the whole text before each match made a long answer with many matches quadratic.
 */
function wordsBefore(normal: string, at: number): string {
  const from = at > 200 ? normal.indexOf(' ', at - 200) + 1 : 0;
  return `${normal.slice(from, at).trimEnd()} `;
}

const severityOrder: Record<IncidentSeverity, number> = { high: 0, medium: 1, low: 2 };
const lower = (s: IncidentSeverity): IncidentSeverity => (s === 'high' ? 'medium' : 'low');

/** The safeguarding risks an open answer suggests, most serious first. */
export function classifyRisk(text: string): RiskSignal[] {
  return assessRisk(text).raised;
}

/**
 * What the safeguarding layer makes of an open answer:
 * - `raised`: risks that show the respondent help and open an incident (moderators are mailed);
 * - `concerns`: categories scored just below the raise threshold (the grey band): the answer is held
 *   from the organisation for a moderator's look in the 'possible concerns' queue, with no help shown
 *   and no mail. Never a category that is also raised.
 */
export interface RiskAssessment {
  raised: RiskSignal[];
  concerns: RiskSignal[];
}

const model = loadModel(trainedModel);
/** Which trained model runs (its corpus and training settings). */
export const modelVersion = model.version;
/** Longer answers are also scored in windows, so one sentence is not diluted by the rest. */
const WINDOW = 24;
/** Words in the longest answers the model was trained on (long answers to survey questions). */
const LONGEST_SCORED_WHOLE = 120;
const STRIDE = 12;
/** More than any survey allows (10,000 characters); longer text is read up to here. */
const MAX_CHARS = 20_000;

/**
 * The model's probability per category. An answer as long as the corpus's longest is scored whole;
 * a longer one in windows (and its numbers and emoji on their own), so one sentence is not diluted by
 * the rest and a 10,000-character answer costs a few milliseconds.
 */
export function modelScores(normal: string, text: string): Float64Array {
  const words = normal ? normal.split(' ') : [];
  if (words.length <= LONGEST_SCORED_WHOLE) {
    return scoreFeatures(model, distinct([...wordFeatures(words), rawFeatures(text)]));
  }
  const scores = scoreWindows(model, words, WINDOW, STRIDE);
  const raw = scoreFeatures(model, distinct([rawFeatures(text)]));
  for (let c = 0; c < scores.length; c++) if (raw[c]! > scores[c]!) scores[c] = raw[c]!;
  return scores;
}

/** Sentences the model reads on their own when a word-list hit is vetoed, at most. */
const MAX_SENTENCES = 64;
/** About 60 words: longer runs without a stop are read in the answer's windows, not again here. */
const MAX_SENTENCE_CHARS = 400;
const sentenceEnd = /[.!?¡¿;\n]+/;

/**
 * Pieces of one answer (its sentences, a run-on's parts) as normalized and scored by the model, each
 * once: the veto's re-read and the reading of diluted sentences both ask for them.
 */
class Pieces {
  private readonly normals = new Map<string, string>();
  private readonly scored = new Map<string, Float64Array>();

  normal(piece: string): string {
    let normal = this.normals.get(piece);
    if (normal === undefined) {
      normal = normalize(piece);
      this.normals.set(piece, normal);
    }
    return normal;
  }

  scores(piece: string): Float64Array {
    let scores = this.scored.get(piece);
    if (!scores) {
      scores = modelScores(this.normal(piece), piece);
      this.scored.set(piece, scores);
    }
    return scores;
  }
}

/**
 * For the veto of word-list and rule hits, which asks whether the model reads a hit as plainly
 * harmless: the model's highest probability per category over the sentences that raise the same
 * category on their own (each distinct sentence once, when the answer has two or more).
 */
function sentenceScores(
  sentences: readonly string[],
  categories: readonly IncidentCategory[],
  pieces: Pieces,
): Float64Array {
  const best = new Float64Array(incidentCategories.length);
  if (sentences.length < 2) return best;
  const seen = new Set<string>();
  let scored = 0;
  for (const sentence of sentences) {
    // A 'sentence' longer than a window is text without stops, already read in windows.
    if (sentence.length > MAX_SENTENCE_CHARS) continue;
    const normal = pieces.normal(sentence);
    if (!normal || seen.has(normal)) continue;
    seen.add(normal);
    const hits = lexiconAndRules(sentence, normal).filter((s) => categories.includes(s.category));
    if (!hits.length) continue;
    const scores = pieces.scores(sentence);
    for (const hit of hits) {
      const c = incidentCategories.indexOf(hit.category);
      if (scores[c]! > best[c]!) best[c] = scores[c]!;
    }
    if (++scored === MAX_SENTENCES) break;
  }
  return best;
}

/** An answer this long (in words) may hide a disclosure among ordinary sentences. */
const DILUTED_FROM_WORDS = 15;
/** A sentence read alone has at least this many words: shorter fragments ('friday pep rally') are erratic alone. */
const SENTENCE_ALONE_WORDS = 7;
/** A sentence this long is a run-on: its comma-separated pieces are read alone too. */
const RUN_ON_WORDS = 20;
/** What a sentence (or a run-on's piece) read alone must score to raise a category its answer did not. */
const SENTENCE_ALONE_RAISE = 0.97;

/**
 * A disclosure one sentence long inside an ordinary answer ('…the train ride is 50 minutes. i sit on
 * the platform sometimes and think bout just stepping off before the 4 comes. but yeah the commute is
 * trash'): the whole answer dilutes it, and no word list may hold it. The categories a sentence of
 * seven words or more scores almost certain on its own, asked for in an answer of 15 to 120 words
 * (longer ones are read in windows already). A run-on of 20 words or more is also read in its
 * comma-separated parts ('…then at night i just laid there thinking about how easy it would be to
 * take everything in the medicine cabinet, and saturday i worked at the farmers market…'). Chosen with version 19 on
 * blinds 38-45 and, for the run-ons, version 20 on blinds 46-53 (decision 036, addendum 10).
 */
function dilutedSentences(sentences: readonly string[], pieces: Pieces): Set<IncidentCategory> {
  const found = new Set<IncidentCategory>();
  const wordsIn = (piece: string) => {
    const normal = pieces.normal(piece);
    return normal ? normal.split(' ').length : 0;
  };
  const readAlone = (piece: string) => {
    if (wordsIn(piece) < SENTENCE_ALONE_WORDS) return;
    const scores = pieces.scores(piece);
    incidentCategories.forEach((category, c) => {
      if (scores[c]! >= SENTENCE_ALONE_RAISE) found.add(category);
    });
  };
  for (const sentence of sentences) {
    // When the whole answer is one sentence, only its pieces are new.
    if (sentences.length > 1) readAlone(sentence);
    if (wordsIn(sentence) < RUN_ON_WORDS) continue;
    const parts = sentence.split(',');
    if (parts.length > 1) for (const part of parts) readAlone(part);
  }
  return found;
}

/** What the word lists and the concept rules raise, before the learned model. */
export function lexiconAndRules(text: string, normal: string): RiskSignal[] {
  const found = classify(normal, true);
  for (const category of conceptRules(text, normal))
    if (!found.some((s) => s.category === category))
      found.push({ category, severity: incidentCategorySeverity[category] });
  return found;
}

const bySeverity = (a: RiskSignal, b: RiskSignal) =>
  severityOrder[a.severity] - severityOrder[b.severity] ||
  incidentCategories.indexOf(a.category) - incidentCategories.indexOf(b.category);

/**
 * The ensemble (decision 036): raised when the lexicon, the concept rules or the model says so; held
 * when only the model's score falls in the grey band below its raise threshold.
 */
export function assessRisk(input: string): RiskAssessment {
  const text = typeof input === 'string' ? input.slice(0, MAX_CHARS).replaceAll('\0', ' ') : '';
  const normal = normalize(text);
  if (!normal && !/\p{Extended_Pictographic}/u.test(text)) return { raised: [], concerns: [] };
  const fixed = normal ? lexiconAndRules(text, normal) : [];
  const scores = modelScores(normal, text);
  const raised: RiskSignal[] = [];
  const concerns: RiskSignal[] = [];
  let bySentence: Float64Array | null = null;
  // Split only when the veto or a diluted sentence needs it: a 10,000-character answer needs neither.
  let split: string[] | null = null;
  const sentences = () => (split ??= text.split(sentenceEnd));
  const pieces = new Pieces();
  // On a bare answer ('Not much', 'nada') the model alone raises only from its short floor, and holds
  // only from its short hold.
  const words = normal.split(' ').filter(Boolean).length;
  const short = words <= model.shortWords;
  const floor = short ? model.shortFloor : 0;
  const holdFloor = short ? model.shortHold : 0;
  incidentCategories.forEach((category, c) => {
    let score = scores[c]!;
    const hit = fixed.find((s) => s.category === category);
    if (hit) {
      // The word lists and rules raise, unless the model reads the answer as plainly harmless. A
      // hit is read in its own sentence too: ordinary sentences around a disclosure ('school is fine
      // and i like my friends… i want to kill myself') must not talk the model out of it.
      if (score < model.veto) {
        bySentence ??= sentenceScores(
          sentences(),
          fixed.map((s) => s.category),
          pieces,
        );
        score = Math.max(score, bySentence[c]!);
      }
      if (score >= model.veto) raised.push(hit);
      else if (score >= model.vetoFloor) concerns.push(hit);
    } else if (score >= Math.max(model.raise[c]!, floor))
      raised.push({ category, severity: incidentCategorySeverity[category] });
    else if (score >= Math.max(model.hold[c]!, holdFloor))
      concerns.push({ category, severity: incidentCategorySeverity[category] });
  });
  // A disclosure one sentence long, diluted by the ordinary answer around it, is raised too.
  const diluted =
    words >= DILUTED_FROM_WORDS && words <= LONGEST_SCORED_WHOLE ? dilutedSentences(sentences(), pieces) : [];
  for (const category of diluted) {
    if (raised.some((s) => s.category === category)) continue;
    const held = concerns.findIndex((s) => s.category === category);
    if (held >= 0) concerns.splice(held, 1);
    raised.push({ category, severity: incidentCategorySeverity[category] });
  }
  // Hurting oneself is not danger to others. The model learned 'hurt' from threats, and raised danger
  // to others beside self-harm for 'sometimes I think about hurting myself': the 911 line then led the
  // help. When only the model says danger to others and the only one harmed is the writer, it is
  // held for a moderator (beside the self-harm incident) instead of raised.
  const danger = raised.findIndex((s) => s.category === 'danger_to_others');
  if (
    danger >= 0 &&
    raised.some((s) => s.category === 'self_harm') &&
    !fixed.some((s) => s.category === 'danger_to_others') &&
    harmsOnlyThemself(normal)
  )
    concerns.push(...raised.splice(danger, 1));
  return { raised: raised.sort(bySeverity), concerns: concerns.sort(bySeverity) };
}

/** The lexicon alone, running every pattern: what the word pre-check is tested against. */
export const classifyRiskExhaustive = (text: string) => classify(normalize(text), false);

/** The lexicon alone (the layer before issue 22), for the benchmark's comparison. */
export const classifyLexicon = (text: string) => classify(normalize(text), true);

function classify(normal: string, preCheck: boolean): RiskSignal[] {
  if (!normal) return [];
  const found: RiskSignal[] = [];
  const withWords = preCheck ? patternsWithWords(normal) : null;
  for (const { category, patterns } of compiled) {
    let best: IncidentSeverity | null = null;
    for (const { pattern, required, index } of patterns) {
      if (withWords && required.length > 0 && !withWords.has(index)) continue;
      pattern.lastIndex = 0;
      for (const match of normal.matchAll(pattern)) {
        const before = wordsBefore(normal, match.index);
        let severity = incidentCategorySeverity[category];
        if (negation.test(before)) severity = lower(severity);
        else if (category === 'self_harm' && reported.test(before)) severity = lower(severity);
        if (best === null || severityOrder[severity] < severityOrder[best]) best = severity;
        if (best === incidentCategorySeverity[category]) break;
      }
      if (best === incidentCategorySeverity[category]) break;
    }
    if (best) found.push({ category, severity: best });
  }
  return found.sort(bySeverity);
}

const spanishWords = new Set(
  'que de el la los las mi mis y en es por porque quiero quiere tengo estoy esta muy con para una un todos nadie casa se lo al del pero mas ya yo tu su sus como cuando hay soy mucho nunca siempre escuela colegio mama papa morir'.split(
    ' ',
  ),
);
const englishWords = new Set(
  'the i im my to and is it of you want dont at in with he she they that this have on for so just like was be get keps feel'.split(
    ' ',
  ),
);

/** Whether an answer reads as Spanish or English, for the language the help is offered in. */
export function answerLanguage(text: string): 'en' | 'es' {
  let es = 0;
  let en = 0;
  for (const word of normalize(text).split(' ')) {
    if (spanishWords.has(word)) es++;
    else if (englishWords.has(word)) en++;
  }
  return es > en ? 'es' : 'en';
}

/** A short excerpt for the moderator: enough to triage, never more than 280 characters. */
export const excerptOf = (text: string) => (text.length > 280 ? `${text.slice(0, 277)}…` : text);
