import { z } from 'zod';
import { fieldworkCountsSchema, qualityFlags, questionResultSchema } from './results';

// ---- results report (issue 13: sharing results) ---------------------------------------------

/**
 * A question in a report: the summary's result without written answers. Written answers are never in
 * a report, printed or shared: a teen could be recognised from them (decision 031).
 */
export const reportQuestionSchema = questionResultSchema.omit({ texts: true }).extend({
  /** The question's number in the survey (Q3), counting the questions the report leaves out. */
  number: z.number().int(),
});
export type ReportQuestion = z.infer<typeof reportQuestionSchema>;

const flaggedCountsSchema = z.object({
  responses: z.number().int(),
  /** Excluded in the quality review, so not counted. */
  excluded: z.number().int(),
  /** Kept: counted in the results. */
  counted: z.number().int(),
});

/**
 * What a report's methodology states, as numbers: what was counted, excluded, left out, weighted and
 * hidden in the view reported on. The methodology's sentences are written from these and nothing else.
 */
export const methodologyFactsSchema = z.object({
  fieldwork: fieldworkCountsSchema,
  plannedSample: z.number().int().nullable(),
  simulatedIncluded: z.boolean(),
  /** Respondents in the filtered group, or null when the report is not filtered. */
  groupCounted: z.number().int().nullable(),
  /**
   * Responses the quality checks flagged, among the completed ones the view may count (simulated
   * ones only when it includes them); a response can carry several flags.
   */
  flagged: flaggedCountsSchema.extend({
    byFlag: z.array(flaggedCountsSchema.extend({ flag: z.enum(qualityFlags) })),
  }),
  /** Responses excluded in the quality review without a quality flag. */
  excludedUnflagged: z.number().int(),
  /** As the summary's `weighting`: null figures when unweighted. */
  weighting: z.object({
    applied: z.boolean(),
    /** What the weights are raked to, in words. */
    targets: z.string().nullable(),
    efficiency: z.number().nullable(),
    effectiveBase: z.number().nullable(),
    converged: z.boolean().nullable(),
  }),
  /** Hidden because fewer than 5 respondents: the whole group, whole questions, figures in shown questions. */
  hidden: z.object({ group: z.boolean(), questions: z.number().int(), figures: z.number().int() }),
  textQuestionsLeftOut: z.number().int(),
});
export type MethodologyFacts = z.infer<typeof methodologyFactsSchema>;

export const resultsReportSchema = z.object({
  survey: z.object({
    id: z.uuid(),
    name: z.string(),
    /** Who shares the results: the organisation's name, never its people. */
    organizationName: z.string().nullable(),
    status: z.string(),
  }),
  key: z.object({
    /** Counted responses (completed, not excluded, not simulated unless asked for). */
    responses: z.number().int(),
    /** Respondents in the filtered group, or null when the report is not filtered. */
    groupResponses: z.number().int().nullable(),
    /** Completed out of everyone who qualified or was screened out, in percent. */
    completionRate: z.number().nullable(),
    medianDurationSeconds: z.number().nullable(),
    /** The sample the audience asked for. */
    sampleSize: z.number().int().nullable(),
    /** The first and last day a counted response came in (YYYY-MM-DD, UTC). */
    fieldworkStart: z.string().nullable(),
    fieldworkEnd: z.string().nullable(),
  }),
  methodology: z.object({
    /** Who could answer: 'US teens aged 13–17; girls and boys; in the South and West'. */
    audience: z.string(),
    /** What was counted and what was left out (simulated, excluded), in words. */
    sample: z.string(),
    /** The quality checks' flags by type, and which flagged responses were excluded or kept. */
    quality: z.string(),
    fieldwork: z.string(),
    weighting: z.object({ applied: z.boolean(), description: z.string() }),
    marginOfError: z.string(),
    /** The disclosure rule and what it hid in this report. */
    disclosure: z.string(),
    /** Why written answers are left out, and how many questions that is. */
    textAnswers: z.string(),
    facts: methodologyFactsSchema,
    /** The filters the report was made with ('Girls', 'Ages 13–15'); empty for everyone. */
    filters: z.array(z.string()),
  }),
  /** The whole report hidden: the group is under 5 respondents. */
  suppressed: z.boolean(),
  suppressedReason: z.string().nullable(),
  questions: z.array(reportQuestionSchema),
  /** Written-answer questions left out of the report. */
  textQuestionsLeftOut: z.number().int(),
  generatedAt: z.string(),
});
export type ResultsReport = z.infer<typeof resultsReportSchema>;
export const resultsReportResponseSchema = z.object({ data: resultsReportSchema });

// ---- share links --------------------------------------------------------------------------

/** How long a share link works, in days. */
export const shareLinkExpiryDays = [7, 30, 90] as const;
export type ShareLinkExpiry = (typeof shareLinkExpiryDays)[number];
export const SHARE_LABEL_MAX = 120;

export const createShareLinkSchema = z.object({
  expiresInDays: z
    .number()
    .int()
    .refine((days) => (shareLinkExpiryDays as readonly number[]).includes(days), {
      message: 'Choose 7, 30 or 90 days',
    }),
  label: z
    .string()
    .trim()
    .max(SHARE_LABEL_MAX, `Keep the label under ${SHARE_LABEL_MAX} characters`)
    .nullable()
    .optional(),
});
export type CreateShareLinkInput = z.infer<typeof createShareLinkSchema>;

export const shareLinkStatuses = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof shareLinkStatuses)[number];
export const shareLinkStatusLabels: Record<ShareLinkStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** A share link as the organisation's list shows it: never its token. */
export const shareLinkSchema = z.object({
  id: z.uuid(),
  label: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
  viewCount: z.number().int(),
  status: z.enum(shareLinkStatuses),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinksResponseSchema = z.object({ data: z.array(shareLinkSchema) });

/** The answer to creating a link: the only time its token is ever sent. */
export const createdShareLinkResponseSchema = z.object({
  data: shareLinkSchema.extend({ token: z.string() }),
});

/** The web path of a shared report. */
export const sharedResultsPath = (token: string) => `/shared/results/${token}`;

/** What the public endpoint answers for an unknown, expired or revoked token: one message for all. */
export const SHARED_REPORT_UNAVAILABLE =
  'This shared report is not available. The link may have expired or been turned off. Ask the person who sent it for a new link.';

export const sharedReportResponseSchema = z.object({
  data: resultsReportSchema.extend({
    /** When the link stops working. */
    expiresAt: z.string(),
  }),
});
export type SharedReport = z.infer<typeof sharedReportResponseSchema>['data'];
