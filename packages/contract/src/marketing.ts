/** Marketing query parameters kept in session storage and sent to the backend as X-UTM-* headers. */
export const utmKeys = ['referrer', 'source', 'medium', 'campaign', 'content', 'term'] as const;
export type UtmKey = (typeof utmKeys)[number];

export const utmQueryParam = (key: UtmKey) => `utm_${key}` as const;
export const utmHeaderName = (key: UtmKey) => `X-UTM-${key[0]!.toUpperCase()}${key.slice(1)}` as const;

/** Ad click ids recognised in the landing URL (spec §9). */
export const adClickIds = [
  'gclid',
  'fbclid',
  'ttclid',
  'scid',
  'msclkid',
  'twiclid',
  'li_fat_id',
  'pclid',
] as const;
export type AdClickId = (typeof adClickIds)[number];

/** 28 days. */
export const adClickCookieMaxAgeSeconds = 2_419_200;
