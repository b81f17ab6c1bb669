import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveBlob } from '../../../lib/file-download';
import { buildUrl } from '../../../lib/http';
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
  const response = await fetchFile(path, 'useBackend survey');
  const fileName = downloadFileName(response.headers.get('Content-Disposition'), surveyName, format);
  saveBlob(await response.blob(), fileName);
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
