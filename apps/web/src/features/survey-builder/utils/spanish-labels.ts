import type { Question, TranslatableText } from '@tv/contract';

/**
 * A text's place, for its label and for screen readers, naming the question and the option by
 * number: 'Question 3', 'Question 3, option 2', 'Question 4, statement 1'. Every Spanish field gets
 * its own name, so a screen reader user knows which of twenty option fields they are in.
 */
export function translationPlace(text: TranslatableText, questions: readonly Question[]): string {
  if (!text.questionId) return text.field === 'name' ? 'Survey name' : 'Description';
  const index = questions.findIndex((q) => q.id === text.questionId);
  const question = questions[index];
  const where = `Question ${index + 1}`;
  const position = (list: readonly { id: string }[] | undefined) =>
    (list ?? []).findIndex((item) => item.id === text.itemId) + 1;
  switch (text.field) {
    case 'title':
      return where;
    case 'questionDescription':
      return `${where}, help text`;
    case 'option':
      return question?.type === 'likert_matrix'
        ? `${where}, scale point ${position(question.options)}`
        : `${where}, option ${position(question?.options)}`;
    case 'row':
      return `${where}, statement ${position(question?.rows)}`;
    case 'minLabel':
      return `${where}, lowest point label`;
    case 'maxLabel':
      return `${where}, highest point label`;
    default:
      return where;
  }
}

/** The Spanish field's accessible name: 'Question 3, option 2 in Spanish'. */
export const spanishFieldLabel = (text: TranslatableText, questions: readonly Question[]) =>
  `${translationPlace(text, questions)} in Spanish`;
