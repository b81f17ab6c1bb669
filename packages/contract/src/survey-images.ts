import { z } from 'zod';

/**
 * GET /v2/survey-images: the pictures an image choice may show (decision 048), the images platform
 * staff uploaded to the media library.
 */
export const surveyImageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** On our own origin (/cms/uploads/…): a survey never loads an image from another site. */
  url: z.string(),
  /** What the library says the image shows; an image choice starts its description from it. */
  alternativeText: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type SurveyImage = z.infer<typeof surveyImageSchema>;
export const surveyImagesResponseSchema = z.object({ data: z.array(surveyImageSchema) });
