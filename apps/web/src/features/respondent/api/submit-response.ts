import { useMutation } from '@tanstack/react-query';
import { type SubmitOutcome, type SubmitResponse, submitOutcomeSchema } from '@tv/contract';
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
  const body = await withRetry(() => respondClient.post(`/v2/respond/${surveyId}/responses`, response));
  return submitOutcomeSchema.parse(body).data;
}

export const useSubmitResponse = () => useMutation({ mutationFn: submitResponse });
