import { useMutation } from '@tanstack/react-query';
import { buildUrl } from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { filterQuery, type ResultsFilters } from '../utils/filters';

export interface BannerTablesInput {
  surveyId: string;
  /** Banner variables' keys (audience attributes or one-answer closed questions), in order. */
  banner: string[];
  /** Undefined: the server's default (weighted for audience surveys). */
  weighted: boolean | undefined;
  /** The page's results filters: the tables hold the group the page shows. */
  filters?: ResultsFilters;
}

/** The query of GET /v2/surveys/:id/results/banner-tables.xlsx (the page's group, not its text search). */
export function bannerTablesQuery({ banner, weighted, filters = {} }: Omit<BannerTablesInput, 'surveyId'>) {
  const { textSearch: _text, ...group } = filters;
  return {
    ...filterQuery(group),
    banner: banner.join(','),
    weighted: weighted === undefined ? undefined : String(weighted),
  };
}

/** The file name the server gave (Content-Disposition), or a plain one. */
export function bannerFileName(contentDisposition: string | null): string {
  const name = contentDisposition?.match(/filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;\s]+)/i);
  return name?.[1] ?? name?.[2] ?? 'banner-tables.xlsx';
}

/** Fetches the banner-tables workbook whole, then saves it through an object URL. */
export async function downloadBannerTables({ surveyId, ...input }: BannerTablesInput): Promise<string> {
  const path = buildUrl('', `/v2/surveys/${surveyId}/results/banner-tables.xlsx`, bannerTablesQuery(input));
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch {
    throw new HttpError(0, `[banner tables, GET, ${path} request errored]`);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new HttpError(response.status, `[banner tables, GET, ${path} request errored]`, body);
  }
  const blob = await response.blob();
  const fileName = bannerFileName(response.headers.get('Content-Disposition'));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export const useDownloadBannerTables = () => useMutation({ mutationFn: downloadBannerTables });
