import { QueryClientContext } from '@tanstack/react-query';
import { type Survey, surveySchema, xliffFileName } from '@tv/contract';
import { useContext, useState } from 'react';
import { z } from 'zod';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';
import { fetchFile, saveBlob } from '../../../lib/file-download';
import { buildUrl } from '../../../lib/http';

/**
 * Translation files (decision 045): GET /v2/surveys/:id/translations/xliff saved as a file on this
 * device, and POST of a translated file into the draft's Spanish version.
 */
export async function downloadTranslationFile(surveyId: string, surveyName: string): Promise<void> {
  const path = buildUrl('', `/v2/surveys/${surveyId}/translations/xliff`);
  const response = await fetchFile(path, 'useBackend survey');
  saveBlob(await response.blob(), xliffFileName(surveyName));
}

const importResponseSchema = z.object({
  data: z.object({ survey: surveySchema, updated: z.number().int() }),
});

/** POST /v2/surveys/:id/translations/xliff: the file's translations into the draft's Spanish version. */
export async function importTranslationFile(
  surveyId: string,
  input: { version: number; xliff: string },
): Promise<{ survey: Survey; updated: number }> {
  const body = await backend.post(`/v2/surveys/${surveyId}/translations/xliff`, input);
  return importResponseSchema.parse(body).data;
}

/**
 * Imports, then gives the fresher survey to the page's cache, from which the editor's autosave takes
 * the imported texts (receive()). Without a query client (a panel rendered on its own) the autosave
 * is told directly.
 */
export function useImportTranslationFile(surveyId: string, receive: (survey: Survey) => void) {
  const queryClient = useContext(QueryClientContext);
  const [pending, setPending] = useState(false);
  const run = async (input: { version: number; xliff: string }) => {
    setPending(true);
    try {
      const result = await importTranslationFile(surveyId, input);
      if (queryClient) queryClient.setQueryData(surveyQueryKey(result.survey.id), result.survey);
      else receive(result.survey);
      return result;
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}
