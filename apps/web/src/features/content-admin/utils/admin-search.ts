import { type ContentStatus, type ContentType, contentStatuses, contentTypes } from '@tv/contract';

export const extraTabs = ['terms', 'copy', 'media'] as const;
export type ContentAdminTab = ContentType | (typeof extraTabs)[number];

/** The content screen's place lives in the URL, so a link or Back shows the same tab, filter and page. */
export interface ContentAdminSearch {
  tab?: ContentAdminTab;
  q?: string;
  status?: ContentStatus;
  page?: number;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

export function contentAdminSearch(search: Record<string, unknown>): ContentAdminSearch {
  const page = Number(search.page);
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : '';
  const tab = search.tab;
  return {
    ...(isOneOf(contentTypes, tab) || isOneOf(extraTabs, tab) ? { tab } : {}),
    ...(q ? { q } : {}),
    ...(isOneOf(contentStatuses, search.status) ? { status: search.status } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
  };
}

export const isContentType = (value: unknown): value is ContentType => isOneOf(contentTypes, value);

/** The editor's route check: a known type and, for a saved entry, a positive whole-number id. */
export const isValidEntryParams = (params: Record<string, string>) =>
  isContentType(params.type) && (params.id === undefined || /^[1-9]\d{0,9}$/.test(params.id));

export const contentAdminPath = '/research/builder/admin/content';
