import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFeedbackCommentSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';

/** GET /v2/admin/content/article/:id/feedback: what readers said, newest first. */
export async function getArticleFeedback(id: number, signal?: AbortSignal) {
  const body = await backend.get<{ data: unknown }>(`/v2/admin/content/article/${id}/feedback`, {
    ...(signal ? { signal } : {}),
  });
  return adminFeedbackCommentSchema.array().parse(body.data);
}

export const articleFeedbackQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...contentAdminKey, 'feedback', id],
    queryFn: ({ signal }) => getArticleFeedback(id, signal),
  });

export const useArticleFeedback = (id: number) => useQuery(articleFeedbackQueryOptions(id));
