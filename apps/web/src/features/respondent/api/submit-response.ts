import { useMutation } from '@tanstack/react-query';
import { type SubmitOutcome, type SubmitResponse, submitOutcomeSchema } from '@tv/contract';
import { deviceToken, forgetStartToken, startToken } from '../utils/fieldwork-tokens';
import { respondClient } from './respond-client';
import { withRetry } from './with-retry';

export interface SubmitInput {
  surveyId: string;
  response: SubmitResponse;
}

/**
 * POST /v2/respond/:id/responses. The attempt's clientResponseId goes with every try, so a retry
 * after a dropped connection, or a second tap, is stored once and answered with the first outcome.
 */
export async function submitResponse({ surveyId, response }: SubmitInput): Promise<SubmitOutcome> {
  const { startedAt: _clientClock, ...rest } = response;
  const payload = {
    ...rest,
    startToken: startToken(surveyId),
    deviceToken: deviceToken(),
  };
  const body = await withRetry(() => respondClient.post(`/v2/respond/${surveyId}/responses`, payload));
  const outcome = submitOutcomeSchema.parse(body).data;
  if (outcome.outcome !== 'eligible') forgetStartToken(surveyId);
  return outcome;
}

export const useSubmitResponse = () => useMutation({ mutationFn: submitResponse });
