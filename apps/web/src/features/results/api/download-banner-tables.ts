import { useMutation } from '@tanstack/react-query';
import { attachmentName, fetchFile, saveBlob } from '../../../lib/file-download';
import { buildUrl } from '../../../lib/http';
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
export const bannerFileName = (contentDisposition: string | null) =>
  attachmentName(contentDisposition, 'banner-tables.xlsx');

/** Fetches the banner-tables workbook whole, then saves it through an object URL. */
export async function downloadBannerTables({ surveyId, ...input }: BannerTablesInput): Promise<string> {
  const path = buildUrl('', `/v2/surveys/${surveyId}/results/banner-tables.xlsx`, bannerTablesQuery(input));
  const response = await fetchFile(path, 'banner tables');
  const fileName = bannerFileName(response.headers.get('Content-Disposition'));
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export const useDownloadBannerTables = () => useMutation({ mutationFn: downloadBannerTables });
