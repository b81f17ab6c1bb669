import { z } from 'zod';
import { qualityFlags } from './results';

/** How full one quota is: completed responses of the group against its maximum share of the sample. */
export const quotaFillSchema = z.object({
  attribute: z.enum(['gender', 'age', 'region']),
  value: z.string(),
  targetPercent: z.number().int(),
  /** The most completed responses the group may have: its share of the sample, rounded up. */
  limit: z.number().int(),
  count: z.number().int(),
  /** The group's completed responses as a share of the whole sample, in percent. */
  sharePercent: z.number(),
  full: z.boolean(),
});
export type QuotaFill = z.infer<typeof quotaFillSchema>;
export const quotaFillResponseSchema = z.object({
  data: z.object({
    sampleSize: z.number().int(),
    completed: z.number().int(),
    quotas: z.array(quotaFillSchema),
  }),
});

/** A response in the quality review; speeders judged against the survey's median time. */
export const fieldworkReviewRowSchema = z.object({
  id: z.uuid(),
  completedAt: z.string(),
  /** null when the time taken is unknown (no valid start token). */
  durationSeconds: z.number().int().nullable(),
  age: z.number().int(),
  gender: z.string(),
  region: z.string(),
  flags: z.array(z.enum(qualityFlags)),
  simulated: z.boolean(),
  excluded: z.boolean(),
  excludedReason: z.string().nullable(),
});
export type FieldworkReviewRow = z.infer<typeof fieldworkReviewRowSchema>;

export const simulatedFilters = ['exclude', 'include', 'only'] as const;
export type SimulatedFilter = (typeof simulatedFilters)[number];

export const fieldworkReviewResponseSchema = z.object({
  data: z.array(fieldworkReviewRowSchema),
  meta: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Flagged responses in the whole survey (within the simulated filter). */
    flagged: z.number().int(),
    medianSeconds: z.number().nullable(),
  }),
});
export type FieldworkReview = z.infer<typeof fieldworkReviewResponseSchema>;
