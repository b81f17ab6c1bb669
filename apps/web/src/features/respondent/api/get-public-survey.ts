import type { PublicSurvey } from '@tv/contract';
import { useEffect, useState } from 'react';
import { parsePublicSurvey } from '../../../components/respondent/api/parse';
import { respondClient } from '../../../components/respondent/api/respond-client';
import {
  rememberDeviceToken,
  rememberStartToken,
} from '../../../components/respondent/utils/fieldwork-tokens';
import { isHttpError } from '../../../lib/http-error';

/** Maintenance answers every call with 503 MAINTENANCE; waiting seconds will not end it. */
const isMaintenance = (error: unknown) =>
  isHttpError(error) &&
  error.status === 503 &&
  (error.data as { code?: unknown } | undefined)?.code === 'MAINTENANCE';

/** As the app's queries do (app/query-client.ts): a 4xx or maintenance is final; anything else is tried twice more. */
const worthRetrying = (error: unknown) =>
  !(isHttpError(error) && error.status >= 400 && error.status < 500) && !isMaintenance(error);

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

async function loadWithRetries(surveyId: string, signal: AbortSignal): Promise<PublicSurvey> {
  for (const delay of [1000, 2000, undefined]) {
    try {
      return await getPublicSurvey(surveyId, signal);
    } catch (error) {
      if (delay === undefined || signal.aborted || !worthRetrying(error)) throw error;
      await pause(delay, signal);
    }
  }
  throw new Error('unreachable');
}

export async function getPublicSurvey(surveyId: string, signal?: AbortSignal): Promise<PublicSurvey> {
  const body = await respondClient.get(`/v2/respond/${surveyId}`, signal ? { signal } : {});
  const survey = parsePublicSurvey(body);
  rememberStartToken(surveyId, survey.startToken);
  rememberDeviceToken(survey.deviceToken);
  return survey;
}

/** The id of the element in which the server puts GET /v2/respond/:id's answer (respond.html). */
export const EMBEDDED_SURVEY_ID = 'tv-public-survey';

/**
 * The survey the server wrote into the page it served, so the first screen needs no request. Read
 * once: a later visit to another survey in the same page fetches as usual.
 */
export function takeEmbeddedSurvey(surveyId: string): PublicSurvey | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(EMBEDDED_SURVEY_ID);
  if (!element) return null;
  element.remove();
  try {
    const survey = parsePublicSurvey(JSON.parse(element.textContent ?? ''));
    if (survey.id !== surveyId) return null;
    rememberStartToken(surveyId, survey.startToken);
    rememberDeviceToken(survey.deviceToken);
    return survey;
  } catch {
    return null;
  }
}

export type PublicSurveyState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: PublicSurvey };

/**
 * The survey a respondent opened. Fetched once (the questions of a live survey cannot change, so it is
 * not refetched on focus); `refetch` asks again, showing the loading state only when there is nothing
 * to show yet, as a query refetch did.
 */
export function usePublicSurvey(surveyId: string) {
  const [state, setState] = useState<PublicSurveyState>(() => {
    const embedded = takeEmbeddedSurvey(surveyId);
    return embedded ? { status: 'success', data: embedded } : { status: 'pending' };
  });
  const [run, setRun] = useState(0);
  const [loadedId, setLoadedId] = useState(surveyId);
  if (loadedId !== surveyId) {
    setLoadedId(surveyId);
    setState({ status: 'pending' });
  }
  const needsFetch = run > 0 || state.status === 'pending';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` asks for one more fetch.
  useEffect(() => {
    if (!needsFetch) return;
    const controller = new AbortController();
    loadWithRetries(surveyId, controller.signal).then(
      (data) => setState({ status: 'success', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [surveyId, run]);

  const refetch = () => {
    setState((current) => (current.status === 'error' ? { status: 'pending' } : current));
    setRun((count) => count + 1);
  };
  return { ...state, refetch };
}
