import { type Question, type TranslatableText, translationPlace } from '@tv/contract';

/** The Spanish field's accessible name: 'Question 3, option 2 in Spanish'. */
export const spanishFieldLabel = (text: TranslatableText, questions: readonly Question[]) =>
  `${translationPlace(text, questions)} in Spanish`;
