import type { SubmitOutcome, SubmitResponse } from '@tv/contract';
import { deviceToken, forgetStartToken, startToken } from '../utils/fieldwork-tokens';
import { parseSubmitOutcome } from './parse';
import { respondClient } from './respond-client';
import { useAction } from './use-action';
import { waitingOnLimits, withRetry } from './with-retry';

export interface SubmitInput {
  surveyId: string;
  response: SubmitResponse;
  /** Told when the network is at its limit and the page waits before sending again (issue 23). */
  onWait?: (ms: number) => void;
}

/**
 * POST /v2/respond/:id/responses. The attempt's clientResponseId goes with every try, so a retry
 * after a dropped connection, or a second tap, is stored once and answered with the first outcome.
 */
export async function submitResponse({ surveyId, response, onWait }: SubmitInput): Promise<SubmitOutcome> {
  const { startedAt: _clientClock, ...rest } = response;
  const payload = {
    ...rest,
    startToken: startToken(surveyId),
    deviceToken: deviceToken(),
  };
  const body = await waitingOnLimits(
    () => withRetry(() => respondClient.post(`/v2/respond/${surveyId}/responses`, payload)),
    onWait ? { onWait } : {},
  );
  const outcome = parseSubmitOutcome(body);
  if (outcome.outcome !== 'eligible') forgetStartToken(surveyId);
  return outcome;
}

export const useSubmitResponse = () => useAction(submitResponse);
