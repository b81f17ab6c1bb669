import { z } from 'zod';

/**
 * Every error the core API answers with. `message` is written for the person using the product;
 * `data` carries field errors or other details a screen can show next to the input that caused them.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  data: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Field-level problems, keyed by the dotted path of the field. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;
