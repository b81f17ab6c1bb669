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
      /** What the weights are raked to, in words. */
      targets: z.string(),
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
/**
 * incident: raised, help shown and moderators mailed. concern: scored just below the raise threshold
 * (the grey band): held from the organisation for a moderator's look, no help shown and no mail.
 */
export const incidentKinds = ['incident', 'concern'] as const;
export type IncidentKind = (typeof incidentKinds)[number];
export const incidentKindLabels: Record<IncidentKind, string> = {
  incident: 'Incidents',
  concern: 'Possible concerns',
};

/** The language a risky answer was written in; help is offered in it where a service has it. */
export const helpLanguages = ['en', 'es'] as const;
export type HelpLanguage = (typeof helpLanguages)[number];
interface SupportService {
  name: string;
  description: string;
  /** Written the way people say it, so the page can make one-tap links ('Call or text 988'). */
  contact: string;
  language?: HelpLanguage;
}
const crisisLine: SupportService = {
  name: '988 Suicide & Crisis Lifeline',
  description: 'Free, confidential support 24/7 if you are struggling or thinking about hurting yourself.',
  contact: 'Call or text 988',
};
const crisisLineSpanish: SupportService = {
  name: '988 Lifeline: Ayuda en español',
  description:
    'Apoyo gratis y confidencial, las 24 horas, en español. Llama al 988 y marca 2, o envía AYUDA al 988.',
  contact: 'Call 988 or text AYUDA to 988',
  language: 'es',
};
const emergency: SupportService = {
  name: 'Emergency services',
  description: 'If you or someone else is in danger right now.',
  contact: 'Call 911',
};
const emergencySpanish: SupportService = {
  name: 'Emergencias: 911',
  description: 'Si tú u otra persona están en peligro ahora mismo. Puedes pedir un intérprete en español.',
  contact: 'Call 911',
  language: 'es',
};
const supportServices: Record<IncidentCategory, { en: SupportService[]; es: SupportService[] }> = {
  self_harm: {
    en: [
      crisisLine,
      {
        name: 'Crisis Text Line',
        description: 'Text with a trained volunteer about anything that is hard right now.',
        contact: 'Text HOME to 741741',
      },
    ],
    es: [
      crisisLineSpanish,
      {
        name: 'Crisis Text Line en español',
        description: 'Escribe con una persona voluntaria capacitada, gratis y en español.',
        contact: 'Text AYUDA to 741741',
        language: 'es',
      },
    ],
  },
  abuse: {
    en: [
      {
        name: 'Childhelp National Child Abuse Hotline',
        description: 'If someone is hurting you or you do not feel safe at home. Free, 24/7.',
        contact: 'Call or text 1-800-422-4453',
      },
    ],
    es: [
      {
        name: 'Childhelp: Línea Nacional de Abuso Infantil',
        description:
          'Si alguien te hace daño o no te sientes seguro en casa. Gratis, 24 horas, con intérpretes en español.',
        contact: 'Call or text 1-800-422-4453',
        language: 'es',
      },
    ],
  },
  exploitation: {
    en: [
      {
        name: 'NCMEC CyberTipline',
        description:
          'If an adult or anyone online asks you for pictures, threatens you, or wants to meet. Report it at report.cybertip.org; it is not your fault.',
        contact: 'Report at report.cybertip.org or call 1-800-843-5678',
      },
    ],
    es: [
      {
        name: 'NCMEC CyberTipline',
        description:
          'Si un adulto o alguien en internet te pide fotos, te amenaza o quiere verte. Repórtalo en report.cybertip.org; no es tu culpa.',
        contact: 'Report at report.cybertip.org or call 1-800-843-5678',
        language: 'es',
      },
    ],
  },
  danger_to_others: { en: [emergency], es: [emergencySpanish] },
  running_away: {
    en: [
      {
        name: 'National Runaway Safeline',
        description:
          'If you are thinking about leaving home, have left, or have nowhere safe to stay. Free, 24/7.',
        contact: 'Call 1-800-786-2929',
      },
    ],
    es: [
      {
        name: 'National Runaway Safeline',
        description:
          'Si piensas irte de casa, ya te fuiste o no tienes un lugar seguro donde quedarte. Gratis, 24 horas.',
        contact: 'Call 1-800-786-2929',
        language: 'es',
      },
    ],
  },
  eating_disorder: {
    en: [
      {
        name: 'Crisis Text Line (recommended by NEDA)',
        description:
          'If food, eating or your body feel hard to handle. Text NEDA to reach a trained volunteer.',
        contact: 'Text NEDA to 741741',
      },
    ],
    es: [
      {
        name: 'Crisis Text Line en español',
        description: 'Si la comida o tu cuerpo te hacen sentir mal. Escribe AYUDA para hablar en español.',
        contact: 'Text AYUDA to 741741',
        language: 'es',
      },
    ],
  },
  substance_use: {
    en: [
      {
        name: 'SAMHSA National Helpline',
        description: 'Free, confidential help with alcohol, vaping or drugs, 24/7, in English and Spanish.',
        contact: 'Call 1-800-662-4357',
      },
    ],
    es: [
      {
        name: 'SAMHSA: Línea Nacional de Ayuda',
        description: 'Ayuda gratis y confidencial con alcohol, vapeo o drogas, 24 horas, en español.',
        contact: 'Call 1-800-662-4357',
        language: 'es',
      },
    ],
  },
  bullying: {
    en: [
      {
        name: 'StopBullying.gov',
        description:
          'Tell a trusted adult (a parent, teacher or school counselor). StopBullying.gov explains what you can do and how others can help.',
        contact: 'Visit stopbullying.gov',
      },
    ],
    es: [
      {
        name: 'StopBullying.gov en español',
        description:
          'Habla con un adulto de confianza (tu familia, un maestro o el consejero escolar). StopBullying.gov explica qué puedes hacer.',
        contact: 'Visit stopbullying.gov/es',
        language: 'es',
      },
    ],
  },
};

/**
 * The order help is offered in, gravest first: danger to others, then self-harm, then the rest as
 * `incidentCategories` lists them. A threat raised together with bullying leads with 911, not with
 * StopBullying. (`incidentCategories` keeps its own order: the classifier and its model are indexed by it.)
 */
export const helpCategoryOrder: readonly IncidentCategory[] = [
  'danger_to_others',
  'self_harm',
  ...incidentCategories.filter((c) => c !== 'danger_to_others' && c !== 'self_harm'),
];

/** The categories raised, once each, gravest first (`helpCategoryOrder`). */
export function orderForHelp(categories: readonly IncidentCategory[]): IncidentCategory[] {
  return helpCategoryOrder.filter((c) => categories.includes(c));
}

/**
 * The help a respondent is offered after a risky answer: the services for what was raised, gravest
 * first (`helpCategoryOrder`), then always a crisis line and 911. `language` is the language help is
 * offered in (the answer's, or Spanish for a Spanish response); `screen` is the language of the
 * respondent's screen. A Spanish screen gets Spanish services only; an English screen with a Spanish
 * answer gets the Spanish lines first and the English 988 Lifeline too.
 */
export function supportServicesFor(
  categories: readonly IncidentCategory[],
  language: HelpLanguage = 'en',
  screen: HelpLanguage = 'en',
): SupportService[] {
  const help: HelpLanguage = screen === 'es' ? 'es' : language;
  const list = [
    ...orderForHelp(categories).flatMap((c) => supportServices[c][help]),
    help === 'es' ? crisisLineSpanish : crisisLine,
    ...(help === 'es' && screen !== 'es' ? [crisisLine] : []),
    help === 'es' ? emergencySpanish : emergency,
  ];
  return list.filter((s, i) => list.findIndex((o) => o.name === s.name) === i);
}

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
  kind: z.enum(incidentKinds),
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
/** GET /v2/admin/incidents: every filter is optional; a bad value is refused with its own message. */
export const incidentsQuerySchema = z.object({
  kind: z.enum(incidentKinds, { error: `one of: ${incidentKinds.join(', ')}` }).optional(),
  status: z.enum(incidentStatuses, { error: `one of: ${incidentStatuses.join(', ')}` }).optional(),
  surveyId: z.uuid('a survey id, as a UUID').optional(),
  category: z.enum(incidentCategories, { error: `one of: ${incidentCategories.join(', ')}` }).optional(),
  severity: z.enum(incidentSeverities, { error: `one of: ${incidentSeverities.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type IncidentsQuery = z.infer<typeof incidentsQuerySchema>;
export const incidentsResponseSchema = z.object({
  data: z.array(incidentSchema),
  meta: z.object({
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    /** How many of each kind match the other filters (status, survey, category, severity): the tabs' counts. */
    counts: z.object({ incident: z.number(), concern: z.number() }),
    /** The surveys that have anything in either queue, for the survey filter. */
    surveys: z.array(z.object({ id: z.uuid(), name: z.string(), organizationName: z.string().nullable() })),
  }),
});
export const incidentResponseSchema = z.object({ data: incidentSchema });
export const triageIncidentSchema = z.object({
  severity: z.enum(incidentSeverities),
  note: z.string().trim().min(3, 'Write what you did or decided').max(2000),
});
export const resolveIncidentSchema = z.object({
  resolution: z.string().trim().min(3, 'Write how the incident was resolved').max(2000),
});
/** POST /v2/admin/incidents/:id/escalate: a possible concern becomes an incident, and moderators are mailed. */
export const escalateIncidentSchema = z.object({
  /** The severity it is escalated with; its own when left out. */
  severity: z.enum(incidentSeverities).optional(),
  note: z.string().trim().min(3, 'Write why this needs to be an incident').max(2000),
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

/** Audience attributes a cross-tab can use; a question is named `q:<questionId>`. */
export const crossTabAttributes = ['age', 'gender', 'region'] as const;
export const crossTabAttributeLabels: Record<(typeof crossTabAttributes)[number], string> = {
  age: 'Age',
  gender: 'Gender',
  region: 'US region',
};
const crossTabVariableSchema = z
  .string()
  .min(1, 'Choose what to show')
  .max(80)
  .regex(/^(age|gender|region|q:[A-Za-z0-9_-]{1,64})$/, 'Choose an audience attribute or a choice question');

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
