import { type SaveSurvey, type Survey, surveyResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/**
 * PUT /v2/surveys/:id: the whole draft with the version it was based on. A 409 VERSION_CONFLICT
 * carries the saved survey in data.current; the autosave shows both versions instead of overwriting.
 */
export async function saveSurvey(surveyId: string, draft: SaveSurvey): Promise<Survey> {
  const body = await backend.put(`/v2/surveys/${surveyId}`, draft);
  return surveyResponseSchema.parse(body).data;
}
