import { useMutation } from '@tanstack/react-query';
import { buildUrl } from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { useDownloadMessagesStore } from '../../../stores/download-messages-store';
import { downloadFileName, type ExportFormat, exportFiles } from '../utils/download-name';
import { filterQuery, type ResultsFilters } from '../utils/filters';

export interface DownloadInput {
  surveyId: string;
  surveyName: string;
  format: ExportFormat;
  /** The page's results filters: every export holds the group the page shows. */
  filters?: ResultsFilters;
}

/** GET /v2/surveys/:id/results/<file> as a file: fetched whole, then saved through an object URL. */
export async function downloadResults({
  surveyId,
  surveyName,
  format,
  filters = {},
}: DownloadInput): Promise<string> {
  const { textSearch: _text, ...group } = filters;
  const path = buildUrl(
    '',
    `/v2/surveys/${surveyId}/results/${exportFiles[format].path}`,
    filterQuery(group),
  );
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch {
    throw new HttpError(0, `[useBackend survey, GET, ${path} request errored]`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, `[useBackend survey, GET, ${path} request errored]`, text);
  }
  const blob = await response.blob();
  const fileName = downloadFileName(response.headers.get('Content-Disposition'), surveyName, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; revoke a little later for slower ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export const downloadKey = (surveyId: string, format: ExportFormat) => `results:${surveyId}:${format}`;

/** A download with the spec's messages: preparing, ready, or failed (kept in the download messages store). */
export function useDownloadResults() {
  const setDownloadState = useDownloadMessagesStore((state) => state.setDownloadState);
  return useMutation({
    mutationFn: downloadResults,
    onMutate: (input) => setDownloadState(downloadKey(input.surveyId, input.format), 'preparing'),
    onSuccess: (_name, input) => setDownloadState(downloadKey(input.surveyId, input.format), 'success'),
    onError: (_error, input) => setDownloadState(downloadKey(input.surveyId, input.format), 'error'),
  });
}
