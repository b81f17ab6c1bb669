import { adClickCookieMaxAgeSeconds, adClickIds } from '@tv/contract/marketing';
import { adStorageGranted } from './consent';

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;
// Second-level labels under a two-letter country code that are public suffixes (example.co.uk).
const countrySecondLevel = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc', 'sch']);

/**
 * The cookie domain that covers the site and its siblings: app.example.com → .example.com.
 * Undefined for localhost, IP addresses and single-label hosts, where a domain attribute would make
 * the browser reject the cookie.
 */
export function parentCookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host === 'localhost' || host.endsWith('.localhost')) return undefined;
  if (ipv4.test(host) || host.includes(':') || host.startsWith('[')) return undefined;

  const labels = host.split('.');
  if (labels.length < 2) return undefined;
  const last = labels.at(-1)!;
  const secondLast = labels.at(-2)!;
  const suffixLength = last.length === 2 && countrySecondLevel.has(secondLast) ? 2 : 1;
  const registrable = labels.slice(-(suffixLength + 1));
  if (registrable.length <= suffixLength) return undefined;
  return `.${registrable.join('.')}`;
}

export interface AdClick {
  source: string;
  id: string;
}

export function findAdClick(search: URLSearchParams): AdClick | undefined {
  for (const source of adClickIds) {
    const id = search.get(source);
    if (id) return { source, id };
  }
  return undefined;
}

export function adClickCookies(click: AdClick, hostname: string, secure: boolean): string[] {
  const domain = parentCookieDomain(hostname);
  const attributes = [
    `max-age=${adClickCookieMaxAgeSeconds}`,
    'path=/',
    ...(domain ? [`domain=${domain}`] : []),
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
  return [
    `ad_click_source=${encodeURIComponent(click.source)}; ${attributes}`,
    `ad_click_id=${encodeURIComponent(click.id)}; ${attributes}`,
  ];
}

/**
 * Spec §4: the cookies are set whenever the landing URL carries a recognised ad click id, unless the
 * visitor turned advertising off (before any choice, consent mode's default is granted).
 */
export function captureAdClick(
  search: URLSearchParams,
  location: Pick<Location, 'hostname' | 'protocol'>,
  allowed: () => boolean = adStorageGranted,
): void {
  const click = findAdClick(search);
  if (!click || !allowed()) return;
  for (const cookie of adClickCookies(click, location.hostname, location.protocol === 'https:')) {
    // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what the marketing tags read.
    document.cookie = cookie;
  }
}
