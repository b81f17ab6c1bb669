import { z } from 'zod';
import { surveyStatuses } from './surveys';

/**
 * Trackers (issue 13, decision 032): the same questions asked again in waves (one survey per wave),
 * compared across them. And a survey's schedule: when an approved survey opens by itself and when a
 * live one closes.
 */

export const TRACKER_NAME_MIN = 3;
export const TRACKER_NAME_MAX = 120;
export const WAVE_LABEL_MAX = 60;
export const TRACKER_MAX_WAVES = 20;

const trackerName = z
  .string()
  .trim()
  .min(TRACKER_NAME_MIN, `Give the tracker a name of at least ${TRACKER_NAME_MIN} characters.`)
  .max(TRACKER_NAME_MAX, `Keep the tracker's name to ${TRACKER_NAME_MAX} characters or fewer.`);
const trackerDescription = z
  .string()
  .trim()
  .max(1000, 'Keep the description to 1,000 characters or fewer.')
  .nullable()
  .optional();
export const waveLabelSchema = z
  .string()
  .trim()
  .min(1, 'Give the wave a label, such as “Spring 2026”.')
  .max(WAVE_LABEL_MAX, `Keep the wave's label to ${WAVE_LABEL_MAX} characters or fewer.`);

/** POST /v2/organizations/:organizationId/trackers */
export const createTrackerSchema = z.object({ name: trackerName, description: trackerDescription });
export type CreateTracker = z.infer<typeof createTrackerSchema>;
/** PATCH /v2/trackers/:trackerId */
export const updateTrackerSchema = createTrackerSchema;
/** POST /v2/trackers/:trackerId/waves */
export const addWaveSchema = z.object({ surveyId: z.uuid('Choose a survey.'), label: waveLabelSchema });
/** PATCH /v2/trackers/:trackerId/waves/:surveyId */
export const updateWaveSchema = z.object({ label: waveLabelSchema });
/** PUT /v2/trackers/:trackerId/waves/order: every wave's survey, first wave first. */
export const reorderWavesSchema = z.object({
  surveyIds: z
    .array(z.uuid())
    .min(1, 'List the waves in their new order.')
    .max(TRACKER_MAX_WAVES, `A tracker has at most ${TRACKER_MAX_WAVES} waves.`),
});

export const organizationParamSchema = z.object({ organizationId: z.uuid('Invalid input') });
export const trackerParamSchema = z.object({ trackerId: z.uuid('Invalid input') });
export const waveParamSchema = z.object({
  trackerId: z.uuid('Invalid input'),
  surveyId: z.uuid('Invalid input'),
});

export const trackerWaveSchema = z.object({
  surveyId: z.uuid(),
  label: z.string(),
  /** 0 for the first wave. */
  position: z.number().int(),
  surveyName: z.string(),
  surveyStatus: z.enum(surveyStatuses),
  /** Whether the survey's results are released (only those waves are compared). */
  resultsReleased: z.boolean(),
  /** Whether the caller may see this survey's results. */
  canViewResults: z.boolean(),
  addedAt: z.string(),
});
export type TrackerWave = z.infer<typeof trackerWaveSchema>;

export const trackerSummarySchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  waveCount: z.number().int(),
  /** The last wave's label, or null without waves. */
  latestWaveLabel: z.string().nullable(),
  createdAt: z.string(),
});
export type TrackerSummary = z.infer<typeof trackerSummarySchema>;

/** Question types whose answers can be compared across waves, as shares per option. */
export const trackerComparableTypes = [
  'single_choice',
  'dropdown',
  'yes_no',
  'multiple_choice',
  'rating',
  'nps',
] as const;

export const trackerQuestionSchema = z.object({
  /** The question's id in the first wave (what `compare?question=` takes). */
  id: z.string(),
  title: z.string(),
  type: z.string(),
  /** How many waves ask the same question (the first wave included). */
  matchedWaves: z.number().int(),
});
export type TrackerQuestion = z.infer<typeof trackerQuestionSchema>;

export const trackerSchema = trackerSummarySchema.extend({
  waves: z.array(trackerWaveSchema),
  /** The first wave's comparable questions. */
  questions: z.array(trackerQuestionSchema),
});
export type Tracker = z.infer<typeof trackerSchema>;

export const trackersResponseSchema = z.object({ data: z.array(trackerSummarySchema) });
export const trackerResponseSchema = z.object({ data: trackerSchema });

/** GET /v2/trackers/:trackerId/compare?question=<question id in the first wave> */
export const trackerCompareQuerySchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Choose a question to compare.')
    .max(200, 'Choose a question to compare.'),
  /**
   * Weighted figures ('true') or unweighted ('false'). Left out, each wave follows its results page:
   * weighted for an audience survey (issue 26).
   */
  weighted: z
    .enum(['true', 'false'], { error: 'Choose weighted (true) or unweighted (false) figures.' })
    .transform((value) => value === 'true')
    .optional(),
});

/** The significance level of every test on the tracker screen. */
export const TRACKER_ALPHA = 0.05;
/** A wave is tested against the one before only when both have at least this many answers. */
export const TRACKER_MIN_TEST_BASE = 30;

export const trackerMatchRule =
  'A question is the same in another wave when its type is the same and its text is the same, ignoring case, extra spaces and punctuation at the ends (a rating also needs the same scale). Answer options are matched by their labels the same way.';
export const trackerOptionTestName = `Two-proportion z-test (pooled, two-sided), each option against the previous wave shown, α = ${TRACKER_ALPHA}, no correction for the number of options`;
export const trackerDistributionTestName = `Pearson's chi-square test of the whole distribution (options asked in both waves), against the previous wave shown, α = ${TRACKER_ALPHA}`;

const changeSchema = z.object({
  /** The wave compared against (the previous wave shown). */
  versusLabel: z.string(),
  /** This wave's share minus the previous one's, in points. */
  difference: z.number(),
  z: z.number(),
  pValue: z.number(),
  significant: z.boolean(),
  /** 'up' or 'down' when significant, else null. */
  direction: z.enum(['up', 'down']).nullable(),
});
export type TrackerChange = z.infer<typeof changeSchema>;

export const trackerWaveOptionSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** False when this wave did not offer the option. */
  asked: z.boolean(),
  count: z.number().int().nullable(),
  percent: z.number().nullable(),
  /** Half-width of the 95% confidence interval, in points. */
  marginOfError: z.number().nullable(),
  change: changeSchema.nullable(),
});

export const trackerWaveStates = [
  'compared',
  'not_released',
  'no_access',
  'not_asked',
  'suppressed',
] as const;

export const trackerWaveComparisonSchema = z.object({
  surveyId: z.uuid(),
  label: z.string(),
  state: z.enum(trackerWaveStates),
  /** Why a wave has no figures, in plain words (null when it has them). */
  note: z.string().nullable(),
  /** The matching question's id and text in this wave. */
  questionId: z.string().nullable(),
  questionTitle: z.string().nullable(),
  /** Respondents who answered the question (null when not shown). */
  base: z.number().int().nullable(),
  /** Whether this wave's percentages and margins are weighted, as on its results page (issue 26). */
  weighted: z.boolean(),
  /** Weighted: the Kish effective base of those who answered, which the margins and tests use. */
  effectiveBase: z.number().nullable(),
  options: z.array(trackerWaveOptionSchema),
  distributionTest: z
    .object({
      versusLabel: z.string(),
      statistic: z.number(),
      df: z.number().int(),
      pValue: z.number(),
      significant: z.boolean(),
      /** Set when more than 20% of expected counts are under 5, or one is under 1 (Cochran). */
      warning: z.string().nullable(),
    })
    .nullable(),
  /** Why this wave was not tested against the previous one (null when it was, or for the first). */
  notTestedReason: z.string().nullable(),
});
export type TrackerWaveComparison = z.infer<typeof trackerWaveComparisonSchema>;

export const trackerComparisonSchema = z.object({
  trackerId: z.uuid(),
  question: z.object({ id: z.string(), title: z.string(), type: z.string() }),
  options: z.array(z.object({ key: z.string(), label: z.string() })),
  waves: z.array(trackerWaveComparisonSchema),
  matchRule: z.string(),
  tests: z.object({
    option: z.string(),
    /** Null for multiple-choice questions, whose options are not one distribution. */
    distribution: z.string().nullable(),
    alpha: z.number(),
    minBase: z.number().int(),
  }),
  disclosureRule: z.string(),
  /** Whether the figures are weighted, and to what, in words, beside the results page's (issue 26). */
  weighting: z.object({ weighted: z.boolean(), note: z.string() }),
});
export type TrackerComparison = z.infer<typeof trackerComparisonSchema>;
export const trackerComparisonResponseSchema = z.object({ data: trackerComparisonSchema });

// ── Schedule ───────────────────────────────────────────────────────────────────────────────────────

/** How far ahead a survey can be scheduled to open or close. */
export const SCHEDULE_MAX_DAYS = 365;

const instant = z.iso.datetime({ offset: true, message: 'Enter a date and time.' }).nullable();

/** PUT /v2/surveys/:id/schedule: null clears a time. */
export const surveyScheduleInputSchema = z.object({ opensAt: instant, closesAt: instant });
export type SurveyScheduleInput = z.infer<typeof surveyScheduleInputSchema>;

export const surveyScheduleSchema = z.object({
  surveyId: z.uuid(),
  status: z.enum(surveyStatuses),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Whether the opening time may still change (not yet live). */
  opensEditable: z.boolean(),
  /** Whether the closing time may still change (not yet closed). */
  closesEditable: z.boolean(),
  /** What the schedule will do next, in plain words (null without a schedule). */
  summary: z.string().nullable(),
});
export type SurveySchedule = z.infer<typeof surveyScheduleSchema>;
export const surveyScheduleResponseSchema = z.object({ data: surveyScheduleSchema });

/** Statuses in which the opening time may change: before the survey is live. */
export const scheduleOpenEditableStatuses = ['draft', 'rejected', 'in_moderation', 'approved'] as const;
/** Statuses in which the closing time may change: before fieldwork has ended. */
export const scheduleCloseEditableStatuses = [...scheduleOpenEditableStatuses, 'live', 'paused'] as const;

export const OPENED_ON_SCHEDULE = 'Opened on schedule';
export const CLOSED_ON_SCHEDULE = 'Closed on schedule';
