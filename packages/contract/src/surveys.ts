import { z } from 'zod';
import { int32, pageNumber } from './safe-input';
import { surveyTranslationsSchema, translationSourcesSchema } from './translations';
import { isUsState } from './us-states';

// ---- enums ---------------------------------------------------------------------------------

export const surveyTypes = ['long_form', 'pulse_check', 'custom'] as const;
export type SurveyType = (typeof surveyTypes)[number];

export const surveyStatuses = [
  'draft',
  'in_moderation',
  'approved',
  'rejected',
  'live',
  'paused',
  'complete',
  'in_review',
  'results_ready',
  'archived',
] as const;
export type SurveyStatus = (typeof surveyStatuses)[number];

export const surveyStatusLabels: Record<SurveyStatus, string> = {
  draft: 'Draft',
  in_moderation: 'In moderation',
  approved: 'Approved',
  rejected: 'Changes requested',
  live: 'Live',
  paused: 'Paused',
  complete: 'Fieldwork complete',
  in_review: 'Quality review',
  results_ready: 'Results ready',
  archived: 'Archived',
};

export const questionTypes = [
  'single_choice',
  'multiple_choice',
  'dropdown',
  'rating',
  'nps',
  'likert_matrix',
  'ranking',
  'short_text',
  'long_text',
  'number',
  'yes_no',
  'slider',
  'date',
  'image_choice',
  'constant_sum',
  'maxdiff',
  'text_block',
  'page_break',
] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionTypeLabels: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  dropdown: 'Dropdown',
  rating: 'Rating scale',
  nps: 'Net Promoter Score',
  likert_matrix: 'Likert matrix',
  ranking: 'Ranking',
  short_text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  yes_no: 'Yes / No',
  slider: 'Slider',
  date: 'Date',
  image_choice: 'Image choice',
  constant_sum: 'Constant sum',
  maxdiff: 'MaxDiff (best and worst)',
  text_block: 'Text block',
  page_break: 'Page break',
};

/** Types whose answers are picked from `options`. */
export const optionQuestionTypes: readonly QuestionType[] = [
  'single_choice',
  'multiple_choice',
  'dropdown',
  'ranking',
  'likert_matrix',
  'image_choice',
  'constant_sum',
  'maxdiff',
];

// ---- questions -----------------------------------------------------------------------------

export const choiceOptionSchema = z.object({
  id: z.string().min(1).max(64),
  label: z
    .string()
    .trim()
    .min(1, 'Write the answer option or remove it')
    .max(200, 'Answer options are at most 200 characters'),
  /**
   * An exclusive option ('None of these', 'I don't know') cannot be combined with other choices in a
   * multiple-choice question: choosing it clears the others, and the server refuses a combination.
   */
  exclusive: z.boolean().optional(),
  /** 'Other, please specify': choosing it asks for a few words, kept with the answer. */
  other: z.boolean().optional(),
  /**
   * Image choice (decision 048): a picture from the media library, served from our own origin, and
   * what it shows in words for people who cannot see it (required).
   */
  image: z
    .object({
      url: z
        .string()
        .max(300)
        .regex(
          /^\/cms\/uploads\/(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]*$/,
          'Choose the image from the media library',
        ),
      alt: z
        .string()
        .trim()
        .min(1, 'Describe the image for people who cannot see it')
        .max(300, 'Keep the image description under 300 characters'),
    })
    .optional(),
});
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;

/**
 * The comparisons a condition can make (decision 047). The first five are the original ones and keep
 * their meaning; `includes` on a text question is the old name of `contains`.
 */
export const displayLogicOperators = [
  'equals',
  'not_equals',
  'includes',
  'at_least',
  'at_most',
  'less_than',
  'greater_than',
  'between',
  'any_of',
  'none_of',
  'contains',
  'answered',
  'not_answered',
] as const;
export type LogicOperator = (typeof displayLogicOperators)[number];
/**
 * One condition on an earlier answer. `value` is an option id, 'yes'/'no', a number or words; a list
 * of option ids for 'any of' / 'none of'; the lower end for 'between', whose upper end is `max`; and
 * nothing for 'answered' / 'not answered'. Whether it fits the question is the pre-check's to say.
 */
export const conditionSchema = z.object({
  questionId: z.string().min(1).max(64),
  operator: z.enum(displayLogicOperators),
  value: z.union([z.string().max(500), z.number(), z.array(z.string().max(64)).max(50)]).optional(),
  max: z.number().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

const matchSchema = z.enum(['all', 'any']);
/** A group inside a rule: conditions joined by AND ('all') or OR ('any'); groups nest one level (decision 047). */
export const conditionSubgroupSchema = z.object({
  match: matchSchema,
  conditions: z
    .array(conditionSchema)
    .min(1, 'Add a condition to the group or remove it')
    .max(10, 'A group has at most 10 conditions'),
});
export type ConditionSubgroup = z.infer<typeof conditionSubgroupSchema>;
/**
 * A rule: conditions and groups of conditions joined by AND ('all') or OR ('any'), so a rule can say
 * '(A or B) and C'. A flat group, as every rule was before nesting, is one of these unchanged.
 */
export const conditionGroupSchema = z.object({
  match: matchSchema,
  conditions: z
    .array(
      z.union([conditionSchema, conditionSubgroupSchema], {
        error:
          'Each part of a rule is a condition or a group of conditions, and a group holds conditions only (groups nest one level deep).',
      }),
    )
    .min(1, 'Add a condition')
    .max(10, 'A rule has at most 10 conditions and groups'),
});
export type ConditionGroup = z.infer<typeof conditionGroupSchema>;
/** A condition or a group at any depth, as the logic engine reads them. */
export interface LogicGroup {
  match: 'all' | 'any';
  conditions: readonly (Condition | LogicGroup)[];
}
export type LogicItem = Condition | LogicGroup;
/**
 * A single condition saved before AND / OR existed reads as a group of one; a codec, so the
 * response serializer (which encodes) and the request parser (which decodes) both accept it.
 */
export const displayLogicSchema = z.codec(
  z.union([conditionGroupSchema, conditionSchema], {
    error:
      'Display logic is a rule of conditions and groups of conditions; a group holds conditions only (groups nest one level deep), and each condition names a question and a comparison.',
  }),
  conditionGroupSchema,
  {
    decode: (value) => ('conditions' in value ? value : { match: 'all' as const, conditions: [value] }),
    encode: (value) => value,
  },
);
export type DisplayLogic = ConditionGroup;

/** After this question: when the group holds, go on at a later item, or end the survey. */
export const skipRuleSchema = z.object({
  when: conditionGroupSchema,
  to: z.string().min(1).max(64),
});
export type SkipRule = z.infer<typeof skipRuleSchema>;
export const SKIP_TO_END = 'end';

/** Rating scales run from 0 or 1 up to at most 10 (at most 11 points); NPS is always 0–10. */
export const RATING_SCALE_LOWEST = 0;
export const RATING_SCALE_HIGHEST = 10;
export const scaleSchema = z.object({
  min: z.number().int('The lowest point of a scale is a whole number'),
  max: z.number().int('The highest point of a scale is a whole number'),
  minLabel: z.string().max(60).nullable(),
  maxLabel: z.string().max(60).nullable(),
});

/** Longest question text; the builder shows a counter and refuses more rather than cutting it. */
export const QUESTION_TITLE_MAX = 500;

export const questionSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(questionTypes),
  title: z
    .string()
    .trim()
    .min(1, 'Write the question')
    .max(QUESTION_TITLE_MAX, 'Questions can be at most 500 characters.'),
  description: z.string().max(1000).nullable(),
  required: z.boolean(),
  randomizeOptions: z.boolean(),
  /** Choices; for a Likert matrix, the scale columns. */
  options: z.array(choiceOptionSchema).max(50),
  /** Statements of a Likert matrix. */
  rows: z.array(choiceOptionSchema).max(30),
  scale: scaleSchema.nullable(),
  /** Shown only when these conditions on earlier answers hold. */
  displayLogic: displayLogicSchema.nullable(),
  /** Checked in order after the question is answered; the first that holds decides (decision 029). */
  skipLogic: z.array(skipRuleSchema).max(10, 'A question has at most 10 skip rules').optional(),
  /** When this holds after the question is answered, the respondent is thanked and screened out. */
  screenOut: conditionGroupSchema.nullable().optional(),
  /** Multiple choice: how few and how many options a respondent may choose. */
  minSelections: z.number().int().min(1).max(50).nullable().optional(),
  maxSelections: z.number().int().min(1).max(50).nullable().optional(),
  /** Page break: the questions of the page it starts are shown in a random order. */
  randomizeQuestions: z.boolean().optional(),
  /** Slider: how far one move goes along its scale, a whole number (decision 048). */
  step: z
    .number()
    .int('A slider moves in whole steps: make the step a whole number')
    .min(1, 'A slider step is at least 1')
    .max(2000, 'A slider step is at most 2,000')
    .nullable()
    .optional(),
  /** Date: the earliest and latest day a teen may choose, as YYYY-MM-DD (decision 048). */
  dateMin: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the earliest date as YYYY-MM-DD')
    .nullable()
    .optional(),
  dateMax: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the latest date as YYYY-MM-DD')
    .nullable()
    .optional(),
  /** Image choice: teens may choose more than one picture (within min / max selections). */
  multiple: z.boolean().optional(),
  /** Constant sum: the points teens share out among the items, exactly (decision 048). */
  sumTotal: z
    .number()
    .int('The total to share out is a whole number')
    .min(2, 'The total to share out is at least 2')
    .max(1000, 'The total to share out is at most 1,000')
    .nullable()
    .optional(),
  /** MaxDiff: how many items each set shows, 3 to 5 (decision 048). */
  maxDiffSetSize: z
    .number()
    .int('A MaxDiff set shows a whole number of items')
    .min(3, 'A MaxDiff set shows at least 3 items')
    .max(5, 'A MaxDiff set shows at most 5 items')
    .nullable()
    .optional(),
});
export type Question = z.infer<typeof questionSchema>;

// ---- audience ------------------------------------------------------------------------------

export const genders = ['female', 'male', 'non_binary', 'prefer_to_self_describe'] as const;
export const genderLabels: Record<(typeof genders)[number], string> = {
  female: 'Girls',
  male: 'Boys',
  non_binary: 'Non-binary',
  prefer_to_self_describe: 'Self-described',
};
export const regions = ['northeast', 'midwest', 'south', 'west'] as const;
export const regionLabels: Record<(typeof regions)[number], string> = {
  northeast: 'Northeast',
  midwest: 'Midwest',
  south: 'South',
  west: 'West',
};

/**
 * A quota is a target: the maximum share of the sample for one group (an age from 13 to 19, a
 * gender, a US region). When the group's share is reached, further respondents of that group are
 * thanked and screened out; fieldwork does not wait for a group that is short.
 */
export const quotaSchema = z.object({
  attribute: z.enum(['gender', 'age', 'region']),
  value: z.string().min(1).max(40),
  /** Maximum share of the sample, in percent. */
  percent: z
    .number()
    .int('A quota is a whole percent')
    .min(1, 'A quota is at least 1%')
    .max(100, 'A quota is at most 100%'),
});

export const audienceSchema = z
  .object({
    ageMin: z.number().int().min(13, 'Respondents are at least 13').max(19),
    ageMax: z.number().int().min(13).max(19, 'Respondents are at most 19'),
    genders: z.array(z.enum(genders)),
    states: z.array(z.string().refine(isUsState, 'Choose states by their two-letter US code, such as TX')),
    regions: z.array(z.enum(regions)),
    sampleSize: z
      .number()
      .int()
      .min(50, 'A sample needs at least 50 respondents')
      .max(5000, 'Samples above 5,000 respondents need a custom quote'),
    quotas: z.array(quotaSchema).max(20),
    /** One response per device unless the author allows repeats (e.g. a shared classroom tablet). */
    allowRepeatResponses: z.boolean().optional(),
  })
  .refine((a) => a.ageMin <= a.ageMax, {
    path: ['ageMax'],
    message: 'The oldest age must not be below the youngest',
  });
export type Audience = z.infer<typeof audienceSchema>;

export const defaultAudience: Audience = {
  ageMin: 13,
  ageMax: 19,
  genders: [],
  states: [],
  regions: [],
  sampleSize: 200,
  quotas: [],
};

export const estimateSchema = z.object({
  feasible: z.boolean(),
  reachable: z.number().int(),
  priceUsd: z.number(),
  fieldDays: z.number().int(),
  warnings: z.array(z.string()),
});
export type Estimate = z.infer<typeof estimateSchema>;

// ---- lifecycle -----------------------------------------------------------------------------

export const surveyActions = [
  'submit',
  'approve',
  'reject',
  'publish',
  'pause',
  'resume',
  'close',
  'start_review',
  'release_results',
  'archive',
] as const;
export type SurveyAction = (typeof surveyActions)[number];

export interface Transition {
  from: readonly SurveyStatus[];
  to: SurveyStatus;
  permission: string;
  /** Platform-level permission only (staff), never an organisation role. */
  platformOnly?: boolean;
  label: string;
}

/** The lifecycle of ARCHITECTURE.md; the server enforces it, the screens use it to offer actions. */
export const surveyTransitions: Record<SurveyAction, Transition> = {
  submit: {
    from: ['draft', 'rejected'],
    to: 'in_moderation',
    permission: 'surveys~submit',
    label: 'Submit for moderation',
  },
  approve: {
    from: ['in_moderation'],
    to: 'approved',
    permission: 'surveys~moderate',
    platformOnly: true,
    label: 'Approve',
  },
  reject: {
    from: ['in_moderation'],
    to: 'rejected',
    permission: 'surveys~moderate',
    platformOnly: true,
    label: 'Request changes',
  },
  publish: {
    from: ['approved'],
    to: 'live',
    permission: 'surveys~publish',
    platformOnly: true,
    label: 'Publish',
  },
  pause: { from: ['live'], to: 'paused', permission: 'surveys~pause', label: 'Pause' },
  resume: { from: ['paused'], to: 'live', permission: 'surveys~pause', label: 'Resume' },
  close: { from: ['live', 'paused'], to: 'complete', permission: 'surveys~pause', label: 'Close fieldwork' },
  start_review: {
    from: ['complete'],
    to: 'in_review',
    permission: 'surveys~view_results',
    platformOnly: true,
    label: 'Start quality review',
  },
  release_results: {
    from: ['in_review'],
    to: 'results_ready',
    permission: 'surveys~publish',
    platformOnly: true,
    label: 'Release results',
  },
  archive: {
    from: [
      'draft',
      'in_moderation',
      'approved',
      'rejected',
      'paused',
      'complete',
      'in_review',
      'results_ready',
    ],
    to: 'archived',
    permission: 'surveys~archive',
    label: 'Archive',
  },
};

export const editableStatuses: readonly SurveyStatus[] = ['draft', 'rejected'];

/** A status as the end of a sentence that starts 'This survey …' ('is waiting for changes', not 'is changes requested'). */
export const surveyStatusPhrases: Record<SurveyStatus, string> = {
  draft: 'is a draft',
  in_moderation: 'is in moderation',
  approved: 'has been approved and is waiting to be published',
  rejected: 'is back with its author for the changes our moderators asked for',
  live: 'is live',
  paused: 'is paused',
  complete: 'has finished fieldwork',
  in_review: 'is in our quality review',
  results_ready: 'has its results ready',
  archived: 'is archived',
};

/** Why a survey that is not a draft cannot be edited, in words that match its actual status. */
export const notEditableMessages: Record<SurveyStatus, string> = {
  draft: 'This survey is a draft, but your role does not let you edit it.',
  rejected: 'Changes were requested on this survey, but your role does not let you edit it.',
  in_moderation: 'This survey is in moderation, so it cannot be edited until our moderators decide.',
  approved: 'This survey has been approved, so it cannot be edited.',
  live: 'This survey is live, so it cannot be edited.',
  paused: 'This survey is paused, so it cannot be edited.',
  complete: 'This survey’s fieldwork is complete, so it cannot be edited.',
  in_review: 'This survey’s responses are in our quality review, so it cannot be edited.',
  results_ready: 'This survey’s results are ready, so it cannot be edited.',
  archived: 'This survey is archived, so it cannot be edited.',
};

// ---- surveys -------------------------------------------------------------------------------

export const rejectionSchema = z.object({
  reasons: z.array(z.string()),
  note: z.string().nullable(),
  moderatorName: z.string().nullable(),
  at: z.string(),
});

export const surveySchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  projectId: z.uuid().nullable(),
  type: z.enum(surveyTypes),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(surveyStatuses),
  version: z.number().int(),
  questions: z.array(questionSchema),
  audience: audienceSchema.nullable(),
  tags: z.array(z.string()),
  rejection: rejectionSchema.nullable(),
  /** The Spanish version's texts (decision 033); the structure is the survey's own. */
  translations: surveyTranslationsSchema.optional(),
  /** What English each Spanish text was translated from (decision 045): flags a changed English. */
  translationSources: translationSourcesSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Survey = z.infer<typeof surveySchema>;

export const surveySummarySchema = surveySchema
  .pick({
    id: true,
    organizationId: true,
    organizationName: true,
    projectId: true,
    type: true,
    name: true,
    status: true,
    tags: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ questionCount: z.number().int() });
export type SurveySummary = z.infer<typeof surveySummarySchema>;

export const createSurveySchema = z.object({
  type: z.enum(surveyTypes),
  projectId: z.uuid().nullable().optional(),
});

/** Longest survey name; the builder shows a counter and refuses more rather than cutting it. */
export const SURVEY_NAME_MAX = 150;

export const surveyNameField = z
  .string()
  .trim()
  .min(1, 'Give the survey a name')
  .max(SURVEY_NAME_MAX, 'Survey names can be at most 150 characters.');

/** Autosave: the whole draft with the version it was based on. */
export const saveSurveySchema = z.object({
  version: int32().min(1),
  name: surveyNameField,
  description: z.string().max(2000).nullable(),
  questions: z.array(questionSchema).max(200, 'A survey has at most 200 questions'),
  audience: audienceSchema.nullable(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  projectId: z.uuid().nullable(),
  /** The Spanish version's texts (decision 033); left out, the saved ones stay as they are. */
  translations: surveyTranslationsSchema.optional(),
  /**
   * The builder's copy of the sources (decision 045); the server keeps its own record and takes from
   * it only a text marked 'still right' (its current English's hash).
   */
  translationSources: translationSourcesSchema.optional(),
});
export type SaveSurvey = z.infer<typeof saveSurveySchema>;

export const transitionSchema = z.object({
  action: z.enum(surveyActions),
  reasons: z.array(z.string().trim().min(1).max(500)).max(20).optional(),
  note: z.string().trim().max(2000).optional(),
});

export const statusHistoryEntrySchema = z.object({
  from: z.enum(surveyStatuses).nullable(),
  to: z.enum(surveyStatuses),
  action: z.string(),
  actorName: z.string().nullable(),
  /** The moderator's note (or another actor's explanation). */
  reason: z.string().nullable(),
  /** The reasons ticked or written when changes were requested; empty for every other action. */
  reasons: z.array(z.string()),
  at: z.string(),
});

/** What a moderator saw when they approved or rejected: kept with the decision, for the next review's diff. */
export const reviewedSurveySchema = z.object({
  version: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  questions: z.array(questionSchema),
  audience: audienceSchema.nullable(),
  /** The Spanish version's texts as reviewed (snapshots taken before it was kept have none). */
  translations: surveyTranslationsSchema.optional(),
});
export type ReviewedSurvey = z.infer<typeof reviewedSurveySchema>;

export const lastReviewSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  moderatorName: z.string().nullable(),
  reasons: z.array(z.string()),
  note: z.string().nullable(),
  at: z.string(),
  survey: reviewedSurveySchema,
});
export type LastReview = z.infer<typeof lastReviewSchema>;

// ---- pre-check -----------------------------------------------------------------------------

export const precheckCategories = [
  'personal_data',
  'sensitive_topic',
  'age_inappropriate',
  'structure',
] as const;
export const precheckFlagSchema = z.object({
  category: z.enum(precheckCategories),
  severity: z.enum(['blocker', 'warning']),
  questionId: z.string().nullable(),
  message: z.string(),
});
export type PrecheckFlag = z.infer<typeof precheckFlagSchema>;

/** What a moderator confirms before approving. */
export const moderationChecklist = [
  {
    id: 'no_personal_data',
    label: 'Asks for no personal data (names, contact details, school, social handles, photos)',
  },
  { id: 'sensitive_handled', label: 'Sensitive topics are necessary, gently worded and optional' },
  { id: 'age_appropriate', label: 'Wording suits 13–19 year-olds' },
  { id: 'neutral_wording', label: 'Questions are neutral, not leading' },
  { id: 'purpose_clear', label: 'The purpose is clear from the title and description' },
] as const;

export const moderationDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  checklist: z.record(z.string(), z.boolean()),
  reasons: z.array(z.string().trim().min(1).max(500)).max(20),
  note: z.string().trim().max(2000).optional(),
});

// ---- calls ---------------------------------------------------------------------------------

export const surveyResponseSchema = z.object({ data: surveySchema });
export const surveyListQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',') : undefined))
    .pipe(z.array(z.enum(surveyStatuses)).optional()),
  organizationId: z.uuid().optional(),
  tag: z.string().trim().max(40).optional(),
  search: z.string().trim().max(200).optional(),
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const surveyListResponseSchema = z.object({
  data: z.array(surveySummarySchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});
export const surveyHistoryResponseSchema = z.object({ data: z.array(statusHistoryEntrySchema) });
export const lastReviewResponseSchema = z.object({ data: lastReviewSchema.nullable() });
export const precheckResponseSchema = z.object({ data: z.array(precheckFlagSchema) });
export const moveSurveySchema = z.object({ organizationId: z.uuid() });

// ---- projects, tags, survey users ----------------------------------------------------------

export const projectSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  surveyCount: z.number().int(),
  users: z.array(
    z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable(), roleName: z.string() }),
  ),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectsResponseSchema = z.object({ data: z.array(projectSchema) });
export const projectResponseSchema = z.object({ data: projectSchema });
export const createProjectSchema = z.object({
  name: z.string().trim().min(3, 'Project Name should be at least 3 characters long').max(120),
  description: z.string().trim().max(1000).nullable().optional(),
});
export const addProjectUsersSchema = z.object({
  userIds: z.array(z.uuid()).min(1, 'Choose at least one person').max(50),
  roleName: z.enum(['Owner', 'Editor', 'Viewer']),
});

export const tagSchema = z.object({ name: z.string(), surveyCount: z.number().int() });
export const tagsResponseSchema = z.object({ data: z.array(tagSchema) });

export const surveyRoleNames = ['Editor', 'Viewer'] as const;
export const surveyUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  roleName: z.enum(surveyRoleNames),
});
export type SurveyUser = z.infer<typeof surveyUserSchema>;
export const surveyUsersResponseSchema = z.object({ data: z.array(surveyUserSchema) });
export const addSurveyUserSchema = z.object({
  email: z.email('Email is not valid').trim().toLowerCase(),
  roleName: z.enum(surveyRoleNames),
});
