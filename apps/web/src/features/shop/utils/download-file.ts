/**
 * The file name a download should be saved under: RFC 6266's filename* (UTF-8) first, then filename,
 * stripped of any folder part; the fallback when the header names none.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/.exec(header);
    if (plain) name = (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** A safe default name for a report's file, from its title. */
export function reportFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${slug || 'report'}.pdf`;
}

export type FetchedFile =
  | { ok: true; blob: Blob; fileName: string }
  | { ok: false; status: number; reason: string };

export const LINK_EXPIRED = 410;

/** The core API's error body ({message}) or a plain sentence for the status. */
async function reasonOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body?.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (response.status === LINK_EXPIRED) return 'This download link has expired.';
  if (response.status === 401) return 'Your session has ended. Sign in again to download.';
  if (response.status === 403 || response.status === 404)
    return 'This file is not available to your account.';
  return 'The server could not send the file. Please try again in a moment.';
}

/**
 * Fetches a signed download address. The address is checked against the session cookie, so the call
 * is same-origin with credentials, never with a bearer token.
 */
export async function fetchReportFile(
  url: string,
  fallbackName: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetchImpl(url, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return {
      ok: false,
      status: 0,
      reason: 'We could not reach TeenVoice. Check your connection and try again.',
    };
  }
  if (!response.ok) return { ok: false, status: response.status, reason: await reasonOf(response) };
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  return { ok: true, blob, fileName };
}

interface DownloadOptions {
  /** The signed address the list gave; null when the list said the file cannot be downloaded. */
  url: string | null;
  /** Why there is no address, when there is none. */
  unavailableReason: string;
  fetchFile: (url: string) => Promise<FetchedFile>;
  /** Reloads the list for a fresh address: the new one, or the reason there is none. */
  renew: () => Promise<{ url: string | null; reason: string }>;
}

/**
 * One download: the file, or the reason it could not be had. An expired address (signed addresses
 * last 15 minutes) is renewed from the list once and tried again; nothing is retried twice.
 */
export async function downloadOnce({
  url,
  unavailableReason,
  fetchFile,
  renew,
}: DownloadOptions): Promise<{ ok: true; blob: Blob; fileName: string } | { ok: false; reason: string }> {
  if (!url) return { ok: false, reason: unavailableReason };
  const first = await fetchFile(url);
  if (first.ok) return first;
  if (first.status !== LINK_EXPIRED) return { ok: false, reason: first.reason };
  const renewed = await renew();
  if (!renewed.url) return { ok: false, reason: renewed.reason || first.reason };
  const second = await fetchFile(renewed.url);
  return second.ok ? second : { ok: false, reason: second.reason };
}
