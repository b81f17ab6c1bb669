import { z } from 'zod';

// Safeguarding: the categories an answer can raise, the help a respondent is offered for them (in
// English or Spanish, gravest first), and the incidents and withheld answers moderators work through.
// results.ts re-exports it, so `@tv/contract/results` offers it too (the lean respondent page reads it).

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
  exploitation: 'Exploitation or grooming',
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
      {
        name: 'National Human Trafficking Hotline',
        description:
          'If someone makes you carry, hide or sell things, work to pay off a debt, or keeps your papers. Free, confidential, 24/7, and you will not get in trouble for calling.',
        contact: 'Call 1-888-373-7888',
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
      {
        name: 'Línea Nacional contra la Trata de Personas',
        description:
          'Si alguien te obliga a llevar, esconder o vender cosas, a trabajar para pagar una deuda, o se queda con tus papeles. Gratis, confidencial, las 24 horas, en español, y no te vas a meter en problemas por llamar.',
        contact: 'Call 1-888-373-7888',
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
