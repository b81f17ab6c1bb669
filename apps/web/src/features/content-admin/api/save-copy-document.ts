import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CopyDocument, copyDocumentSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { copyDocumentKey } from './get-copy-document';

/** PUT /v2/admin/content/copy: replaces the whole document, and the app shows it at once. */
export async function saveCopyDocument(document: CopyDocument) {
  const body = await backend.put<{ data: unknown } | undefined>('/v2/admin/content/copy', document);
  const saved = copyDocumentSchema.safeParse(body?.data);
  return saved.success ? saved.data : document;
}

export const useSaveCopyDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCopyDocument,
    onSuccess: (document) => queryClient.setQueryData(copyDocumentKey, document),
  });
};
