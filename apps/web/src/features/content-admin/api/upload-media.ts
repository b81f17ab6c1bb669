import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http-error';
import { mediaFilesKey, toMediaFiles } from './get-media-files';

/**
 * POST /cms/api/upload, multipart field `files`. The shared clients only send JSON, so this call uses
 * fetch itself, keeping their error shape so the server's 400 message reaches the screen.
 */
export async function uploadMedia(files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  let response: Response;
  try {
    response = await fetch('/cms/api/upload', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new HttpError(0, '[cms, POST, /api/upload request errored]');
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself is kept as the error's data.
  }
  if (!response.ok) throw new HttpError(response.status, '[cms, POST, /api/upload request errored]', body);
  return toMediaFiles(body);
}

export const useUploadMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaFilesKey }),
  });
};
