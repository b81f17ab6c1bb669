import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleFeedback } from '@tv/contract';
import { cms } from '../../../lib/cms-client';
import { getMyFeedbackQueryOptions } from './get-my-feedback';

/** POST /cms/api/teenvoice-articles/:id/feedback: one vote per visitor; answers the stored vote. */
export async function sendArticleFeedback(articleId: number, feedback: ArticleFeedback) {
  const body = await cms.post<{ data: ArticleFeedback }>(
    `/api/teenvoice-articles/${articleId}/feedback`,
    feedback.comment ? feedback : { useful: feedback.useful },
  );
  return body.data;
}

export function useSendArticleFeedback(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedback: ArticleFeedback) => sendArticleFeedback(articleId, feedback),
    onSuccess: (stored) => queryClient.setQueryData(getMyFeedbackQueryOptions(articleId).queryKey, stored),
  });
}
