import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleFeedback } from '@tv/contract';
import { cms } from '../../../lib/cms-client';

/** GET /cms/api/teenvoice-articles/:id/feedback/mine: this visitor's vote (by cookie), or null. */
export async function getMyFeedback(articleId: number, signal?: AbortSignal) {
  const body = await cms.get<{ data: ArticleFeedback | null }>(
    `/api/teenvoice-articles/${articleId}/feedback/mine`,
    signal ? { signal } : {},
  );
  return body?.data ?? null;
}

export const getMyFeedbackQueryOptions = (articleId: number) =>
  queryOptions({
    queryKey: ['cms', 'article-feedback', articleId, 'mine'],
    queryFn: ({ signal }) => getMyFeedback(articleId, signal),
  });

/** Per visitor, so never part of a server-rendered page: it runs in the browser only. */
export const useMyFeedback = (articleId: number) => useQuery(getMyFeedbackQueryOptions(articleId));
