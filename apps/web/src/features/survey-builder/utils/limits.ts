import { QUESTION_TITLE_MAX, SURVEY_NAME_MAX } from '@tv/contract';

/**
 * Length limits the builder shows while the author types. Input is never cut: over the limit, the
 * field shows the message and the autosave waits (the same schema refuses it on the server).
 */
export const textLimits = {
  surveyName: { max: SURVEY_NAME_MAX, message: 'Survey names can be at most 150 characters.' },
  description: { max: 2000, message: 'Descriptions can be at most 2,000 characters.' },
  questionTitle: { max: QUESTION_TITLE_MAX, message: 'Questions can be at most 500 characters.' },
  helpText: { max: 1000, message: 'Help text can be at most 1,000 characters.' },
  option: { max: 200, message: 'Answer options can be at most 200 characters.' },
} as const;

export type TextLimit = (typeof textLimits)[keyof typeof textLimits];

/** 'x / max', shown beside a field. Counts what the server counts (the trimmed text). */
export const counterText = (value: string, limit: TextLimit) =>
  `${value.trim().length.toLocaleString('en-US')} / ${limit.max.toLocaleString('en-US')}`;

/** The message for a field over its limit, or null. */
export const lengthError = (value: string, limit: TextLimit) =>
  value.trim().length > limit.max ? limit.message : null;

export const SAMPLE_SIZE_MIN = 50;
export const SAMPLE_SIZE_MAX = 5000;

/** The message for a sample size outside 50–5,000 (it is shown, never clamped), or null. */
export function sampleSizeError(value: string | number): string | null {
  if (value === '') return 'Enter a sample size from 50 to 5,000.';
  const n = typeof value === 'number' ? value : Number(String(value).replaceAll(',', ''));
  if (!Number.isInteger(n)) return 'Enter a whole number of respondents from 50 to 5,000.';
  if (n < SAMPLE_SIZE_MIN) return 'A sample needs at least 50 respondents (50 to 5,000).';
  if (n > SAMPLE_SIZE_MAX) return 'Samples above 5,000 respondents need a custom quote (50 to 5,000).';
  return null;
}
