/**
 * The words the question types of decision 048 add around a question, in English and Spanish. Kept
 * apart from the rest of the renderer's texts, which other work translates; a language that lacks
 * them falls back to English.
 */
export interface NewTypeTexts {
  /** The slider's value as a screen reader and the page read it, or that it is not set yet. */
  sliderValue: (value: number) => string;
  sliderUnset: string;
  sliderHint: string;
  dateHint: string;
  /** A constant sum's running total, e.g. 'Total: 70 of 100 (30 left)'. */
  sumTotal: (sum: number, total: number) => string;
  maxDiffIntro: string;
  maxDiffSet: (set: number, sets: number) => string;
  maxDiffBest: string;
  maxDiffWorst: string;
}

export const englishNewTypeTexts: NewTypeTexts = {
  sliderValue: (value) => `Your answer: ${value}`,
  sliderUnset: 'Not answered yet',
  sliderHint: 'Move or tap the slider to answer.',
  dateHint: 'Choose the day from the calendar, or type it.',
  sumTotal: (sum, total) =>
    sum === total
      ? `Total: ${sum} of ${total}. All points shared.`
      : sum < total
        ? `Total: ${sum} of ${total} (${total - sum} left to share)`
        : `Total: ${sum} of ${total} (${sum - total} too many)`,
  maxDiffIntro: 'In each set, choose the item that matters most to you and the one that matters least.',
  maxDiffSet: (set, sets) => `Set ${set} of ${sets}`,
  maxDiffBest: 'Most important',
  maxDiffWorst: 'Least important',
};

export const spanishNewTypeTexts: NewTypeTexts = {
  sliderValue: (value) => `Tu respuesta: ${value}`,
  sliderUnset: 'Sin responder todavía',
  sliderHint: 'Mueve o toca el control deslizante para responder.',
  dateHint: 'Elige el día en el calendario o escríbelo.',
  sumTotal: (sum, total) =>
    sum === total
      ? `Total: ${sum} de ${total}. Repartiste todos los puntos.`
      : sum < total
        ? `Total: ${sum} de ${total} (te quedan ${total - sum} por repartir)`
        : `Total: ${sum} de ${total} (${sum - total} de más)`,
  maxDiffIntro: 'En cada grupo, elige lo que más te importa y lo que menos te importa.',
  maxDiffSet: (set, sets) => `Grupo ${set} de ${sets}`,
  maxDiffBest: 'Lo más importante',
  maxDiffWorst: 'Lo menos importante',
};
