import { type CheckAnswerResult, type IncidentCategory, incidentCategories } from '@tv/contract';
import { UnexpectedAnswerError } from './parse';
import { respondClient } from './respond-client';

const categories = new Set<string>(incidentCategories);

/** The `data` of a check's answer, checked by hand as the page checks every answer (api/parse.ts). */
export function parseCheckResult(body: unknown): CheckAnswerResult {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null) throw new UnexpectedAnswerError('check');
  const { categories: raised, language } = data as Record<string, unknown>;
  if (
    !Array.isArray(raised) ||
    !raised.every((c) => typeof c === 'string' && categories.has(c)) ||
    (language !== 'en' && language !== 'es')
  )
    throw new UnexpectedAnswerError('check');
  return { categories: raised as IncidentCategory[], language };
}

/**
 * POST /v2/respond/:id/check (decision 035): one open answer, as the teen leaves it. The server says
 * what it raises and in which language, and keeps nothing. No retry: a check that fails shows no card,
 * and the help after sending still comes.
 */
export async function checkAnswer(
  surveyId: string,
  questionId: string,
  text: string,
): Promise<CheckAnswerResult> {
  return parseCheckResult(await respondClient.post(`/v2/respond/${surveyId}/check`, { questionId, text }));
}
