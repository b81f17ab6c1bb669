import { Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { serverMessage } from '../../../components/respondent/api/server-errors';
import { UnavailableScreen } from '../../../components/respondent/ending-screens';
import { RespondentFlow } from '../../../components/respondent/respondent-flow';
import { RespondentLanguage } from '../../../components/respondent/respondent-language';
import { RespondentCard as Shell } from '../../../components/respondent/respondent-shell';
import { attemptStorage } from '../../../components/respondent/utils/resume-storage';
import { isHttpError } from '../../../lib/http-error';
import { usePublicSurvey } from '../api/get-public-survey';

/** The survey id of the page's address, /s/:surveyId: read from the location, with or without the app's router. */
export const surveyIdFromPath = (path: string) => /^\/s\/([^/?#]+)/.exec(path)?.[1] ?? '';

/** The public survey link, /s/:surveyId: no account, no cookie, nothing that identifies the teen. */
export function RespondentScreen() {
  const surveyId = surveyIdFromPath(window.location.pathname);
  const query = usePublicSurvey(surveyId);
  const status = query.status === 'success' ? query.data.status : undefined;

  useEffect(() => {
    // A closed survey will never take this attempt; a paused one may, so its answers stay.
    if (status === 'closed') attemptStorage(surveyId).clear();
  }, [status, surveyId]);

  if (query.status === 'pending') {
    return (
      <Shell>
        <Stack gap="md" aria-busy="true" aria-label="Loading the survey">
          <Skeleton h={56} w={56} radius="lg" />
          <Skeleton h={32} w="70%" />
          <Skeleton h={18} />
          <Skeleton h={18} w="85%" />
          <Skeleton h={120} mt="md" />
        </Stack>
      </Shell>
    );
  }
  if (query.status === 'error') {
    const notFound = isHttpError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Shell>
        {notFound ? (
          <UnavailableScreen kind="not_found" message={serverMessage(query.error, '') || undefined} />
        ) : (
          <UnavailableScreen kind="offline" onRetry={() => void query.refetch()} />
        )}
      </Shell>
    );
  }
  const survey = query.data;
  return (
    <Shell>
      {survey.status === 'live' ? (
        <RespondentLanguage survey={survey}>
          {(localized) => (
            <RespondentFlow key={survey.id} survey={localized} onSurveyChanged={query.refetch} />
          )}
        </RespondentLanguage>
      ) : (
        <UnavailableScreen kind={survey.status} />
      )}
    </Shell>
  );
}
