import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailTemplatesResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/mail/templates: every template, for /mail/preview. */
export async function getMailTemplates(signal?: AbortSignal) {
  const body = await backend.get('/v2/mail/templates', signal ? { signal } : {});
  return mailTemplatesResponseSchema.parse(body).data;
}

export const mailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['mail', 'templates'],
    queryFn: ({ signal }) => getMailTemplates(signal),
    staleTime: 5 * 60_000,
  });

export const useMailTemplates = () => useQuery(mailTemplatesQueryOptions());
