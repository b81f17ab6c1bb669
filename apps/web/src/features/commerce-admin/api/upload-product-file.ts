import { useMutation } from '@tanstack/react-query';
import type { AdminProduct } from '@tv/contract';
import { useState } from 'react';
import { backend } from '../../../lib/backend-client';
import { HttpError } from '../../../lib/http-error';
import { useProductCache } from './save-product';

export type ProductFileKind = 'file' | 'sample';

/** The server's limit, checked here too so a 200 MB mistake is not sent first. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;

function send(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ data: AdminProduct }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file);
    // fetch cannot report upload progress; XMLHttpRequest can.
    const request = new XMLHttpRequest();
    request.open('PUT', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    const failed = () => reject(new HttpError(0, `[useBackend survey, PUT, ${path} request errored]`));
    request.onerror = failed;
    request.onabort = failed;
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        // Not JSON: kept as text for the error.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as { data: AdminProduct });
      else reject(new HttpError(request.status, `[useBackend survey, PUT, ${path} request errored]`, body));
    };
    request.send(form);
  });
}

/**
 * PUT /v2/admin/commerce/products/:id/file or /sample (multipart field "file"), with the upload's
 * progress. A 401 (an access token that expired meanwhile) is recovered through the shared client and
 * the upload is sent once more.
 */
export async function uploadProductFile(
  productId: number,
  kind: ProductFileKind,
  file: File,
  onProgress: (percent: number) => void = () => {},
): Promise<AdminProduct> {
  if (file.size > MAX_PDF_BYTES)
    throw new HttpError(413, 'A report PDF can be at most 50 MB.', {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'A report PDF can be at most 50 MB.',
    });
  const path = `/v2/admin/commerce/products/${productId}/${kind}`;
  try {
    return (await send(path, file, onProgress)).data;
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    // Any call through the shared client refreshes the session (or ends it) on a 401.
    await backend.get('/v2/admin/commerce/categories');
    onProgress(0);
    return (await send(path, file, onProgress)).data;
  }
}

/** The upload mutation with its progress (0–100) while it runs. */
export function useUploadProductFile(productId: number, kind: ProductFileKind) {
  const remember = useProductCache();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadProductFile(productId, kind, file, setProgress);
    },
    onSuccess: remember,
  });
  return { ...mutation, progress };
}
