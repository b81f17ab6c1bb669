import { HttpError } from './http-error';

/**
 * A file from our API, fetched whole with the session's cookies. A failure is an HttpError whose data
 * is the server's JSON error (so `serverMessage` reads it) or its text; status 0 when nothing answered.
 */
export async function fetchFile(path: string, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch {
    throw new HttpError(0, `[${what}, GET, ${path} request errored]`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text is the best there is.
    }
    throw new HttpError(response.status, `[${what}, GET, ${path} request errored]`, body);
  }
  return response;
}

/** Saves a blob under a file name on this device, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers read the address after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The file name a Content-Disposition header gives, or `fallback`. */
export function attachmentName(contentDisposition: string | null, fallback: string): string {
  const name = contentDisposition?.match(/filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;\s]+)/i);
  return name?.[1] ?? name?.[2] ?? fallback;
}
