import { type UtmKey, utmHeaderName, utmKeys, utmQueryParam } from '@tv/contract/marketing';

export const utmStorageKey = 'utm_params';

export type UtmParams = Partial<Record<UtmKey, string>>;

function readStored(storage: Storage): UtmParams {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(utmStorageKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const stored: UtmParams = {};
    for (const key of utmKeys) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) stored[key] = value;
    }
    return stored;
  } catch {
    return {};
  }
}

/**
 * Spec §4: when any utm_ parameter is in the URL, all six are stored (a new campaign replaces the
 * previous one entirely); otherwise the stored ones are restored.
 */
export function captureUtmParams(search: URLSearchParams, storage: Storage = sessionStorage): UtmParams {
  const present = utmKeys.some((key) => search.has(utmQueryParam(key)));
  if (!present) return readStored(storage);

  const params: UtmParams = {};
  for (const key of utmKeys) {
    const value = search.get(utmQueryParam(key));
    if (value) params[key] = value;
  }
  try {
    storage.setItem(utmStorageKey, JSON.stringify(params));
  } catch {
    // Storage may be full or blocked; the headers are then simply not sent on later visits.
  }
  return params;
}

export function utmHeaders(
  storage: Storage | undefined = typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
): Record<string, string> {
  const headers: Record<string, string> = {};
  // The server renderer has no session storage, and no visitor's UTM values to send.
  if (!storage) return headers;
  for (const [key, value] of Object.entries(readStored(storage)) as [UtmKey, string][]) {
    headers[utmHeaderName(key)] = value;
  }
  return headers;
}
