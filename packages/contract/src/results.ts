import { z } from 'zod';

/** Breakdown cells with fewer respondents than this are hidden, so nobody can be singled out. */
export const MIN_CELL_SIZE = 5;
export const suppressionReason = `Hidden: fewer than ${MIN_CELL_SIZE} respondents, to protect their anonymity.`;
/** A group shown only with others that would, by subtraction, reveal fewer than 5 respondents. */
export const secondarySuppressionReason = `Hidden: together with views that are shown, this one would reveal how fewer than ${MIN_CELL_SIZE} respondents answered.`;
/** How the disclosure rule is stated wherever results are shown. */
export const disclosureRule = `Results are shown only for groups of at least ${MIN_CELL_SIZE} respondents. A filter is refused when its group, or what is left when it is subtracted from another view, has fewer than ${MIN_CELL_SIZE}.`;
/** What organisations see instead of an open answer that raised a safeguarding incident. */
export const WITHHELD_TEXT = 'Withheld for safeguarding review';

export const resultsFilterSchema = z.object({
  ageMin: z.coerce.number().int().min(13).max(19).optional(),
  ageMax: z.coerce.number().int().min(13).max(19).optional(),
  gender: z.string().optional(),
  region: z.string().optional(),
  /** Cross-tab: only respondents who gave this answer, as `questionId:optionId`. */
  answer: z
    .string()
    .regex(/^[^:]+:[^:]+$/, 'Use questionId:optionId')
    .optional(),
});
export type ResultsFilter = z.infer<typeof resultsFilterSchema>;

const countSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** null when suppressed. */
  count: z.number().int().nullable(),
  percent: z.number().nullable(),
});

export const questionResultSchema = z.object({
  questionId: z.string(),
  type: z.string(),
  title: z.string(),
  answered: z.number().int().nullable(),
  suppressed: z.boolean(),
  suppressedReason: z.string().nullable(),
  options: z.array(countSchema),
  /** Likert matrix: one row of counts per statement. */
  matrix: z.array(z.object({ id: z.string(), label: z.string(), columns: z.array(countSchema) })),
  mean: z.number().nullable(),
  distribution: z.array(countSchema),
  nps: z
    .object({ score: z.number(), promoters: z.number(), passives: z.number(), detractors: z.number() })
    .nullable(),
  /** Ranking: average rank per option (1 = first). */
  averageRanks: z.array(z.object({ id: z.string(), label: z.string(), averageRank: z.number().nullable() })),
  /** Open text answers (shown only when the group is large enough). */
  texts: z.array(z.string()),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

export const resultsSummarySchema = z.object({
  surveyId: z.uuid(),
  status: z.string(),
  totals: z.object({
    responses: z.number().int(),
    started: z.number().int(),
    screenedOut: z.number().int(),
    quotaFull: z.number().int(),
    excluded: z.number().int(),
    completionRate: z.number().nullable(),
    medianDurationSeconds: z.number().nullable(),
    sampleSize: z.number().int().nullable(),
  }),
  filtered: z.boolean(),
  filteredResponses: z.number().int().nullable(),
  suppressed: z.boolean(),
  suppressedReason: z.string().nullable(),
  questions: z.array(questionResultSchema),
  generatedAt: z.string(),
});
export type ResultsSummary = z.infer<typeof resultsSummarySchema>;
export const resultsSummaryResponseSchema = z.object({ data: resultsSummarySchema });

export const oldSummaryResponseSchema = z.object({
  data: z.array(
    z.object({
      questionId: z.string(),
      title: z.string(),
      rows: z.array(z.object({ label: z.string(), count: z.number().int().nullable() })),
    }),
  ),
});

export const qualityFlags = ['speeder', 'straight_liner', 'duplicate'] as const;
export const reviewResponseSchema = z.object({
  id: z.uuid(),
  completedAt: z.string(),
  durationSeconds: z.number().int(),
  age: z.number().int(),
  gender: z.string(),
  region: z.string(),
  flags: z.array(z.enum(qualityFlags)),
  excluded: z.boolean(),
  excludedReason: z.string().nullable(),
});
export const reviewResponsesResponseSchema = z.object({
  data: z.array(reviewResponseSchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number(), flagged: z.number() }),
});
export const excludeResponseSchema = z.object({
  reason: z.string().trim().min(3, 'Say why this response is excluded').max(500),
});

// ---- safeguarding --------------------------------------------------------------------------

/** Most serious first. */
export const incidentCategories = [
  'self_harm',
  'abuse',
  'exploitation',
  'danger_to_others',
  'running_away',
  'eating_disorder',
  'substance_use',
  'bullying',
] as const;
export type IncidentCategory = (typeof incidentCategories)[number];
export const incidentCategoryLabels: Record<IncidentCategory, string> = {
  self_harm: 'Suicide or self-harm',
  abuse: 'Abuse or neglect at home',
  exploitation: 'Sexual exploitation or grooming',
  danger_to_others: 'Danger to others',
  running_away: 'Running away or homelessness',
  eating_disorder: 'Eating disorder',
  substance_use: 'Substance misuse',
  bullying: 'Bullying or harassment',
};
export const incidentSeverities = ['high', 'medium', 'low'] as const;
/** The severity a category is raised with; negated answers ('I would never…') are raised one lower. */
export const incidentCategorySeverity: Record<IncidentCategory, (typeof incidentSeverities)[number]> = {
  self_harm: 'high',
  abuse: 'high',
  exploitation: 'high',
  danger_to_others: 'high',
  running_away: 'medium',
  eating_disorder: 'medium',
  substance_use: 'medium',
  bullying: 'medium',
};
export const incidentStatuses = ['open', 'triaged', 'resolved'] as const;

/** pending: nobody decided yet (withheld); withheld: a moderator kept it withheld. */
export const answerDecisions = ['pending', 'withheld', 'released', 'redacted'] as const;
export const answerDecisionLabels: Record<(typeof answerDecisions)[number], string> = {
  pending: 'Withheld, waiting for a decision',
  withheld: 'Kept withheld',
  released: 'Released as written',
  redacted: 'Released redacted',
};
export const incidentSchema = z.object({
  id: z.uuid(),
  surveyId: z.uuid(),
  surveyName: z.string(),
  organizationName: z.string().nullable(),
  questionTitle: z.string().nullable(),
  category: z.enum(incidentCategories),
  severity: z.enum(incidentSeverities),
  status: z.enum(incidentStatuses),
  excerpt: z.string(),
  notes: z.array(z.object({ at: z.string(), by: z.string().nullable(), text: z.string() })),
  resolution: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The full answer as written (platform staff only) and what organisations see of it. */
  answer: z
    .object({
      text: z.string(),
      suggestedRedaction: z.string(),
      decision: z.enum(answerDecisions),
      releasedText: z.string().nullable(),
      history: z.array(
        z.object({
          at: z.string(),
          by: z.string(),
          decision: z.enum(answerDecisions),
          text: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;
export const decideAnswerSchema = z
  .object({
    decision: z.enum(['released', 'redacted', 'withheld']),
    text: z
      .string()
      .trim()
      .max(10_000, 'Keep the released text under 10,000 characters')
      .refine(
        (v) =>
          !v.includes('\u0000') &&
          !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v),
        'The text has characters that cannot be saved',
      )
      .optional(),
  })
  .refine((v) => v.decision !== 'redacted' || (v.text !== undefined && v.text.length > 0), {
    message: 'Write the redacted text to release',
    path: ['text'],
  });
export const incidentsResponseSchema = z.object({
  data: z.array(incidentSchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});
export const incidentResponseSchema = z.object({ data: incidentSchema });
export const triageIncidentSchema = z.object({
  severity: z.enum(incidentSeverities),
  note: z.string().trim().min(3, 'Write what you did or decided').max(2000),
});
export const resolveIncidentSchema = z.object({
  resolution: z.string().trim().min(3, 'Write how the incident was resolved').max(2000),
});

// ---- action plans --------------------------------------------------------------------------

export const actionStatuses = ['not_started', 'in_progress', 'done'] as const;
export const actionItemSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().trim().min(1, 'Describe the action').max(300),
  owner: z.string().trim().max(120).nullable(),
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date')
    .nullable(),
  status: z.enum(actionStatuses),
  questionId: z.string().nullable(),
  finding: z.string().trim().max(1000).nullable(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;
export const actionPlanSchema = z.object({
  id: z.uuid(),
  surveyId: z.uuid(),
  title: z.string(),
  summary: z.string().nullable(),
  version: z.number().int(),
  items: z.array(actionItemSchema),
  updatedAt: z.string(),
});
export type ActionPlan = z.infer<typeof actionPlanSchema>;
export const actionPlanResponseSchema = z.object({ data: actionPlanSchema.nullable() });
export const saveActionPlanSchema = z.object({
  version: z.number().int().min(0),
  title: z.string().trim().min(3, 'Give the plan a title').max(200),
  summary: z.string().trim().max(4000).nullable(),
  items: z.array(actionItemSchema).max(100),
});
export const shareActionPlanSchema = z.object({
  emails: z.array(z.email('Email is not valid')).min(1, 'Add at least one email').max(20),
  message: z.string().trim().max(1000).optional(),
});
