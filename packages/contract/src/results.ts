import { z } from 'zod';
import { int32 } from './safe-input';
import { surveyLanguages } from './translation-rules';

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
  /** Only respondents who answered in this language (decision 033). */
  language: z
    .enum(surveyLanguages, { error: 'Choose the language en (English) or es (Spanish).' })
    .optional(),
  /** Simulated responses are left out of results unless asked for ('true'). */
  includeSimulated: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ResultsFilter = z.infer<typeof resultsFilterSchema>;

const countSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** null when suppressed. */
  count: z.number().int().nullable(),
  percent: z.number().nullable(),
  /** Half-width of the percentage's 95% confidence interval, in points (null when suppressed). */
  marginOfError: z.number().nullable(),
});

export const questionResultSchema = z.object({
  questionId: z.string(),
  type: z.string(),
  title: z.string(),
  answered: z.number().int().nullable(),
  /**
   * Weighted results: the Kish effective base (Σw)²/Σw² of those who answered, one decimal, which the
   * margins use and each chart states with its base (issue 26). Null or absent when unweighted or hidden.
   */
  effectiveBase: z.number().nullable().optional(),
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
  /**
   * Constant sum (decision 048): the mean points each item was given by those who answered (an item
   * left at 0 counts as 0), out of the question's total. Absent for other types.
   */
  sums: z.array(z.object({ id: z.string(), label: z.string(), mean: z.number().nullable() })).optional(),
  /**
   * MaxDiff (decision 048), per item: how often it was chosen best and worst and shown (respondents
   * who answered a set it was in), and its counting score (best − worst) / shown, from −1 to 1.
   */
  maxDiff: z
    .array(
      z.object({
        id: z.string(),
        label: z.string(),
        best: z.number().int(),
        worst: z.number().int(),
        shown: z.number().int(),
        score: z.number().nullable(),
      }),
    )
    .optional(),
  /**
   * Open text coded into themes (decision 046): each code's share of the coded answers the
   * organisation may read (several codes per answer, so shares add up to more than 100%). Absent
   * when the question has no codes; empty when fewer than 5 answers are coded.
   */
  codes: z.array(countSchema).optional(),
  /** The coded answers the shares are of; null when 1–4 (hidden). */
  codedBase: z.number().int().nullable().optional(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

/**
 * The sample as fieldwork counts it, and what a results view leaves out of it. Every completed
 * response received is counted, left out as simulated, or excluded: received = counted +
 * simulatedLeftOut + excludedLeftOut; and received = inSample + heldOnArrival.
 */
export const fieldworkCountsSchema = z.object({
  /** Responses that took a place in the sample: what fieldwork counts, and what its status follows. */
  inSample: z.number().int(),
  /** Completed responses received, real and simulated, whether counted, excluded or held. */
  received: z.number().int(),
  /** Responses the view counts, before its filters (completed, not excluded, simulated only if asked for). */
  counted: z.number().int(),
  /** Simulated responses among those counted: 0 unless the view includes them. */
  simulatedCounted: z.number().int(),
  /** Simulated responses the view leaves out: 0 when it includes them. */
  simulatedLeftOut: z.number().int(),
  /** Excluded responses (in the quality review, or held on arrival), simulated ones only when included. */
  excludedLeftOut: z.number().int(),
  /** Received responses that took no place in the sample: held for review on arrival. */
  heldOnArrival: z.number().int(),
});
export type FieldworkCounts = z.infer<typeof fieldworkCountsSchema>;

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
    /**
     * Responses answered in Spanish (decision 033), among the counted ones; null when 1–4 (never a
     * group under 5). Left out by servers before the Spanish version.
     */
    spanishResponses: z.number().int().nullable().optional(),
  }),
  /** The sample as fieldwork counts it, and what this view leaves out of it. */
  fieldwork: fieldworkCountsSchema,
  filtered: z.boolean(),
  filteredResponses: z.number().int().nullable(),
  suppressed: z.boolean(),
  suppressedReason: z.string().nullable(),
  /**
   * Whether percentages, means and margins of error are weighted (issue 13). Counts stay unweighted
   * respondents either way; a weighted margin of error uses the effective base.
   */
  weighted: z.boolean(),
  weighting: z
    .object({
      /** What the weights are raked to, in words, naming the audience's own ages. */
      targets: z.string(),
      /**
       * Each value's target once cut to the audience and the values present, in words ('age 14
       * 20.1%, …; gender: girls 49.1%, …'); null when nothing is raked (issue 26).
       */
      applied: z.string().nullable().optional(),
      source: z.enum(['census', 'custom']),
      /** Weighting efficiency of the group shown, in percent, and its effective base (Kish). */
      efficiency: z.number().nullable(),
      effectiveBase: z.number().nullable(),
      converged: z.boolean(),
    })
    .nullable(),
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

/**
 * Quality flags on a response. `too_fast` (sooner than its questions can be read) and `unverified`
 * (without the start and device the survey's page issues) hold it for review on arrival, as does a
 * duplicate with a written answer or six answers or more (issue 23).
 */
export const qualityFlags = ['speeder', 'straight_liner', 'duplicate', 'too_fast', 'unverified'] as const;
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

// ---- safeguarding: incidents, help offered and withheld answers (safeguarding.ts) ---------------

export * from './safeguarding';

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
  version: int32().min(0),
  title: z.string().trim().min(3, 'Give the plan a title').max(200),
  summary: z.string().trim().max(4000).nullable(),
  items: z.array(actionItemSchema).max(100),
});
export const shareActionPlanSchema = z.object({
  emails: z.array(z.email('Email is not valid')).min(1, 'Add at least one email').max(20),
  message: z.string().trim().max(1000).optional(),
});

// ---- cross-tabs (issue 13) -------------------------------------------------------------------

/**
 * Audience attributes a cross-tab can use; a closed question is named `q:<questionId>`, and a
 * statement of a Likert matrix `q:<questionId>:<statementId>`.
 */
export const crossTabAttributes = ['age', 'gender', 'region'] as const;
export const crossTabAttributeLabels: Record<(typeof crossTabAttributes)[number], string> = {
  age: 'Age',
  gender: 'Gender',
  region: 'US region',
};
const crossTabVariableSchema = z
  .string()
  .min(1, 'Choose what to show')
  .max(140)
  .regex(
    // A question's codes (`q:<id>.codes`) or one code (`code:<uuid>`) too (decision 046).
    /^(age|gender|region|q:[A-Za-z0-9_-]{1,64}(\.codes|:[A-Za-z0-9_-]{1,64})?|code:[0-9a-fA-F-]{36})$/,
    'Choose an audience attribute or a closed question',
  );

export const crossTabQuerySchema = resultsFilterSchema.extend({
  row: crossTabVariableSchema,
  column: crossTabVariableSchema,
  /** Weighted to US teen population margins ('true', the default for audience surveys) or not. */
  weighted: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type CrossTabQuery = z.infer<typeof crossTabQuerySchema>;

const crossTabCellSchema = z.object({
  /** Respondents (weighted when the table is), null when the column is hidden. */
  count: z.number().nullable(),
  /** Column percentage, one decimal. */
  percent: z.number().nullable(),
  /** Half-width of the 95% confidence interval, in percentage points. */
  marginOfError: z.number().nullable(),
  /** Letters of the columns this cell's share is significantly higher than. */
  letters: z.array(z.string()),
});

export const crossTabSchema = z.object({
  surveyId: z.uuid(),
  row: z.object({ key: z.string(), label: z.string() }),
  column: z.object({ key: z.string(), label: z.string() }),
  /** What can be chosen for rows and columns (columns take single-answer variables only). */
  variables: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(['audience', 'question']),
      multiple: z.boolean(),
    }),
  ),
  rows: z.array(z.object({ key: z.string(), label: z.string() })),
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      letter: z.string(),
      /** Respondents in the column (unweighted), null when hidden. */
      base: z.number().int().nullable(),
      /** The column's weighted base and effective base when weighted. */
      weightedBase: z.number().nullable(),
      effectiveBase: z.number().nullable(),
      /** Not compared: a base under the test's minimum. */
      tested: z.boolean(),
      suppressed: z.boolean(),
    }),
  ),
  cells: z.array(z.array(crossTabCellSchema)),
  /** Respondents in the table (unweighted). */
  base: z.number().int().nullable(),
  weighted: z.boolean(),
  weighting: z
    .object({
      efficiency: z.number().nullable(),
      effectiveBase: z.number().nullable(),
      targets: z.string(),
      converged: z.boolean(),
    })
    .nullable(),
  chiSquare: z.object({ statistic: z.number(), df: z.number().int(), pValue: z.number() }).nullable(),
  significance: z.object({ alpha: z.number(), correction: z.string(), minBase: z.number().int() }),
  suppressed: z.boolean(),
  suppressedReason: z.string().nullable(),
});
export type CrossTab = z.infer<typeof crossTabSchema>;
export const crossTabResponseSchema = z.object({ data: crossTabSchema });

/** Most banner variables a banner-tables workbook takes (each gives its categories as columns). */
export const MAX_BANNER_VARIABLES = 8;

/**
 * Banner tables (issue 26): every closed question (rows: its answers) against the chosen banner
 * variables and Total, as one XLSX workbook. `banner` lists the variables' keys, comma-separated.
 */
export const bannerTablesQuerySchema = resultsFilterSchema.extend({
  banner: z
    .string({ error: 'Choose at least one banner column.' })
    .max(1200)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(crossTabVariableSchema)
        .min(1, 'Choose at least one banner column.')
        .max(MAX_BANNER_VARIABLES, `Choose at most ${MAX_BANNER_VARIABLES} banner columns.`),
    ),
  /** Weighted percentages ('true', the default for audience surveys) or unweighted. */
  weighted: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type BannerTablesQuery = z.infer<typeof bannerTablesQuerySchema>;
