import type { ScreenerAnswers, SubmitOutcome } from '@tv/contract';
import { deviceToken } from '../utils/fieldwork-tokens';
import { parseSubmitOutcome } from './parse';
import { respondClient } from './respond-client';
import { useAction } from './use-action';
import { withRetry } from './with-retry';

export interface ScreenInput {
  surveyId: string;
  clientResponseId: string;
  screener: ScreenerAnswers;
}

/** POST /v2/respond/:id/screen: is this survey for this teen? The same attempt id always gets the same answer. */
export async function screenRespondent({
  surveyId,
  clientResponseId,
  screener,
}: ScreenInput): Promise<SubmitOutcome> {
  const body = await withRetry(() =>
    respondClient.post(`/v2/respond/${surveyId}/screen`, {
      clientResponseId,
      screener,
      deviceToken: deviceToken(),
    }),
  );
  return parseSubmitOutcome(body);
}

export const useScreenRespondent = () => useAction(screenRespondent);
