/**
 * What text every input must be (checked at the API's door by `safe-input.ts`): no NUL characters and
 * valid Unicode. Plain functions without zod, so the lean respondent page can use them too.
 */

export const NUL_MESSAGE = 'Contains a NUL character (code 0), which cannot be stored; please retype it.';
export const UNICODE_MESSAGE =
  'Text must be valid Unicode; it contains a broken character (a lone surrogate).';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `String.prototype.isWellFormed` where the runtime has it (Node 20, current browsers): no regex. */
const wellFormed: ((text: string) => boolean) | null =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed()
    : null;

/**
 * Text as `textProblem` accepts it: NUL characters dropped (they are invisible, so no one could find
 * one to retype) and a broken half of a character as U+FFFD. For text a person pasted, where asking
 * them to retype would be no help (a teen's written answer).
 */
export function storableText(text: string): string {
  const withoutNul = text.replaceAll('\u0000', '');
  if (wellFormed ? wellFormed(withoutNul) : !LONE_SURROGATE.test(withoutNul)) return withoutNul;
  return withoutNul.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** Why a piece of text cannot be accepted, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (wellFormed ? !wellFormed(text) : LONE_SURROGATE.test(text)) return UNICODE_MESSAGE;
  return null;
}
