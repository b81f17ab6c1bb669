import { surveyFileSlug } from './file-names';
import type { Question } from './surveys';
import { type SurveyLanguage, type TranslatableText, translatableTexts } from './translation-rules';

/**
 * 'English changed since translated' (decision 045): for each translated text, a hash of the English
 * it was translated from. A text whose English hashes differently now is flagged in the Spanish tab
 * until the Spanish is edited or the translator marks it as still right. Pure and zod-free, like
 * translation-rules.ts, so the builder and the server read the same rule.
 */

/** Per language, per text key (`q:<questionId>:option:<optionId>`), the hash of its English source. */
export type TranslationSources = { es?: Record<string, string> };

interface TranslatableSurvey {
  name: string;
  description: string | null;
  questions: readonly Question[];
}

/**
 * A short, stable hash of an English text (53-bit, cyrb53), trimmed first: enough to tell that a text
 * changed, not a secret. The same in the browser and on the server, with no crypto API needed.
 */
export function englishHash(text: string): string {
  const value = text.trim();
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The stored sources of one language, whatever the stored value is (no throw). */
export function sourcesOf(sources: unknown, lang: SurveyLanguage = 'es'): Record<string, string> {
  if (lang === 'en' || !sources || typeof sources !== 'object') return {};
  const record = (sources as Record<string, unknown>)[lang];
  if (!record || typeof record !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/**
 * The translated texts whose English changed since their Spanish was written. A text with no recorded
 * source (translated before the sources were kept) is not flagged: its first save records its English.
 */
export function staleTranslations(
  survey: TranslatableSurvey,
  translations: unknown,
  sources: unknown,
): TranslatableText[] {
  const recorded = sourcesOf(sources);
  return translatableTexts(survey, translations, 'es').filter((text) => {
    if (text.translated === null) return false;
    const source = recorded[text.key];
    return source !== undefined && source !== englishHash(text.english);
  });
}

/**
 * The sources to keep after a save (or an import), for the texts translated in `next`:
 * - a Spanish text that changed was translated from `fromEnglish[key]` when the change came with the
 *   English it was written against (an imported file's source), else from the current English;
 * - an unchanged one keeps its recorded source, unless `proposed` (the builder's 'Still right') sets it
 *   to the current English's hash, the only value a caller may propose;
 * - one without a recorded source records the current English (a translation made before sources
 *   were kept counts as up to date).
 * Texts no longer translated, or of deleted questions and options, leave nothing behind.
 */
export function reconcileTranslationSources(input: {
  survey: TranslatableSurvey;
  previous: unknown;
  next: unknown;
  recorded: unknown;
  proposed?: unknown;
  fromEnglish?: Readonly<Record<string, string>>;
}): TranslationSources {
  const before = new Map(
    translatableTexts(input.survey, input.previous, 'es').map((text) => [text.key, text.translated]),
  );
  const recorded = sourcesOf(input.recorded);
  const proposed = sourcesOf(input.proposed);
  const es: Record<string, string> = {};
  for (const text of translatableTexts(input.survey, input.next, 'es')) {
    if (text.translated === null) continue;
    const current = englishHash(text.english);
    if (before.get(text.key) !== text.translated) {
      const source = input.fromEnglish?.[text.key];
      es[text.key] = source === undefined ? current : englishHash(source);
    } else if (proposed[text.key] === current) es[text.key] = current;
    else es[text.key] = recorded[text.key] ?? current;
  }
  return Object.keys(es).length > 0 ? { es } : {};
}

/** A copy of the sources with one text marked as translated from its current English. */
export function withSourceConfirmed(
  sources: unknown,
  text: Pick<TranslatableText, 'key' | 'english'>,
): TranslationSources {
  return { es: { ...sourcesOf(sources), [text.key]: englishHash(text.english) } };
}

// ---- translation files (XLIFF 2.0) -------------------------------------------------------------

/** The largest translation file an import takes: 2 MB, far more than a 200-question survey needs. */
export const XLIFF_MAX_BYTES = 2_000_000;
export const xliffTooLargeMessage =
  'This file is larger than 2 MB, more than any survey’s texts need. Check that it is the file exported from this survey.';

/** The file name an export gets: the survey's name, safe for every system, then `.es.xlf`. */
export const xliffFileName = (surveyName: string) => `${surveyFileSlug(surveyName)}.es.xlf`;
