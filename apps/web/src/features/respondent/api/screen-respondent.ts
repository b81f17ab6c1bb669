import { useMutation } from '@tanstack/react-query';
import { type ScreenerAnswers, type SubmitOutcome, submitOutcomeSchema } from '@tv/contract';
import { deviceToken } from '../utils/fieldwork-tokens';
import { respondClient } from './respond-client';
import { withRetry } from './with-retry';

export interface ScreenInput {
  surveyId: string;
  clientResponseId: string;
  screener: ScreenerAnswers;
}

/** POST /v2/respond/:id/screen: is this survey for this teen? The same attempt id always gets the same answer. */
export async function screenRespondent({ surveyId, clientResponseId, screener }: ScreenInput) {
  const body = await withRetry(() =>
    respondClient.post(`/v2/respond/${surveyId}/screen`, {
      clientResponseId,
      screener,
      deviceToken: deviceToken(),
    }),
  );
  return submitOutcomeSchema.parse(body).data satisfies SubmitOutcome;
}

export const useScreenRespondent = () => useMutation({ mutationFn: screenRespondent });
