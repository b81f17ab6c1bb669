import { useQuery } from '@tanstack/react-query';
import { type SurveyImage, surveyImagesResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/survey-images: the media library's images an image choice may show (decision 048). */
export async function getSurveyImages(signal?: AbortSignal): Promise<SurveyImage[]> {
  const body = await backend.get('/v2/survey-images', { ...(signal ? { signal } : {}) });
  return surveyImagesResponseSchema.parse(body).data;
}

export const useSurveyImages = (enabled: boolean) =>
  useQuery({ queryKey: ['survey-images'], queryFn: ({ signal }) => getSurveyImages(signal), enabled });
