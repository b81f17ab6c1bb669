import { z } from 'zod';
import { surveyLanguages, TRANSLATION_LIMITS } from './translation-rules';

/**
 * The schemas of a survey's Spanish version (decision 033). The rules that read it (gaps, the
 * questions in Spanish, the pre-check) are in translation-rules.ts, without zod, for the lean
 * respondent page.
 */
export * from './translation-rules';

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
