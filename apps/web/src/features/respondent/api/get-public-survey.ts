import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicSurvey, publicSurveyResponseSchema } from '@tv/contract';
import { rememberStartToken } from '../utils/fieldwork-tokens';
import { respondClient } from './respond-client';

export async function getPublicSurvey(surveyId: string, signal?: AbortSignal): Promise<PublicSurvey> {
  const body = await respondClient.get(`/v2/respond/${surveyId}`, signal ? { signal } : {});
  const survey = publicSurveyResponseSchema.parse(body).data;
  rememberStartToken(surveyId, survey.startToken);
  return survey;
}

export const publicSurveyQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: ['respond', surveyId],
    queryFn: ({ signal }) => getPublicSurvey(surveyId, signal),
    // The questions of a live survey cannot change; refetching mid-survey would only cost data.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const usePublicSurvey = (surveyId: string) => useQuery(publicSurveyQueryOptions(surveyId));
