import { z } from 'zod';
import { surveyLanguages, TRANSLATION_LIMITS } from './translation-rules';

/**
 * The schemas of a survey's Spanish version (decision 033). The rules that read it (gaps, the
 * questions in Spanish, the pre-check) are in translation-rules.ts, without zod, for the lean
 * respondent page.
 */
export * from './translation-rules';
export * from './translation-sources';

/** A translated text: trimmed, as long as its English field may be; blank means not translated yet. */
const translated = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(
      max,
      `${what} in Spanish can be at most ${max.toLocaleString('en-US')} characters, like the English one.`,
    );

const idKey = z.string().min(1).max(64);
const limitedRecord = <T extends z.ZodType>(value: T, max: number, what: string) =>
  z
    .record(idKey, value)
    .refine((record) => Object.keys(record).length <= max, `A survey has at most ${max} ${what}.`);

export const questionTextsSchema = z.object({
  title: translated(TRANSLATION_LIMITS.title, 'A question').optional(),
  description: translated(TRANSLATION_LIMITS.questionDescription, 'A question’s description').optional(),
  options: limitedRecord(
    translated(TRANSLATION_LIMITS.option, 'An answer option'),
    50,
    'answer options per question',
  ).optional(),
  rows: limitedRecord(
    translated(TRANSLATION_LIMITS.option, 'A statement'),
    30,
    'statements per question',
  ).optional(),
  minLabel: translated(TRANSLATION_LIMITS.scaleLabel, 'A scale label').optional(),
  maxLabel: translated(TRANSLATION_LIMITS.scaleLabel, 'A scale label').optional(),
});

/** A survey's Spanish texts: name, description and, per question id, its texts. */
export const surveyTextsSchema = z.object({
  name: translated(TRANSLATION_LIMITS.name, 'The survey name').optional(),
  description: translated(TRANSLATION_LIMITS.description, 'The description').optional(),
  questions: limitedRecord(questionTextsSchema, 200, 'questions').optional(),
});

/** `surveys.translations`: each other language's texts (today only Spanish). */
export const surveyTranslationsSchema = z.object({ es: surveyTextsSchema.optional() });

export const surveyLanguageSchema = z.enum(surveyLanguages, {
  error: 'Choose English (en) or Spanish (es) as the language.',
});

/** `surveys.translation_sources` (decision 045): per language, per text key, the hash of its English. */
export const translationSourcesSchema = z.object({
  es: z
    .record(z.string().min(1).max(200), z.string().max(20))
    .refine((record) => Object.keys(record).length <= 20_000, 'Too many translated texts.')
    .optional(),
});

/** Import a translation file (XLIFF 2.0) into the Spanish version of a draft. */
export const importTranslationFileSchema = z.object({
  /** The version of the survey the author saw (409 when someone saved meanwhile). */
  version: z.number().int().min(1).max(2_147_483_647),
  /** The file's text, as read; its size and shape are checked by the import, in words. */
  xliff: z.string(),
});
export type ImportTranslationFile = z.infer<typeof importTranslationFileSchema>;
