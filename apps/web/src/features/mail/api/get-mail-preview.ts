import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailPreviewResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** Template names span segments ('organization/user-invitation'); each segment is encoded on its own. */
const templatePath = (name: string) => name.split('/').map(encodeURIComponent).join('/');

/** GET /v2/mail/templates/{name}: the template rendered with sample data, as HTML and text. */
export async function getMailPreview(name: string, signal?: AbortSignal) {
  const body = await backend.get(`/v2/mail/templates/${templatePath(name)}`, signal ? { signal } : {});
  return mailPreviewResponseSchema.parse(body).data;
}

export const mailPreviewQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['mail', 'templates', name],
    queryFn: ({ signal }) => getMailPreview(name, signal),
    staleTime: 5 * 60_000,
  });

export const useMailPreview = (name: string) => useQuery(mailPreviewQueryOptions(name));
