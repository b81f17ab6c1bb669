import type { LibraryItemAttributes, ResearchTheme } from '@tv/contract';

export interface LibraryItemSeed {
  publishedAt: string;
  /** Only picks the cover's palette; library items have no theme of their own. */
  coverTheme: ResearchTheme;
  /** Gated items ask for the lead form first; a webinar has a video link, the others a PDF. */
  attributes: Omit<LibraryItemAttributes, 'cover' | 'file' | 'videoUrl' | 'gated'> & {
    gated: boolean;
    videoUrl?: string;
  };
  /** The PDF's sections (not for a webinar, which links its recording). */
  points: { heading: string; text: string }[];
}

export const demoLibraryItems: LibraryItemSeed[] = [
  {
    publishedAt: '2026-01-20T15:00:00.000Z',
    coverTheme: 'learning',
    attributes: {
      title: 'A guide to writing surveys for 13–19 year-olds',
      slug: 'guide-writing-surveys-for-teens',
      summary:
        'Plain-language wording, answer scales that work on a phone, and the question types teens skip. Twelve pages of advice from our moderators, with before-and-after examples.',
      kind: 'guide',
      tags: ['questionnaire design', 'wording', 'mobile'],
      gated: true,
    },
    points: [
      {
        heading: 'Write the way teens talk',
        text: 'Use short sentences and everyday words. Replace "How frequently do you engage in..." with "How often do you...". Read every question aloud: if it sounds like a form from school, rewrite it.',
      },
      {
        heading: 'One idea per question',
        text: 'A question that asks about two things ("Do you like and trust...") cannot be answered honestly. Split it, and keep each answer list about a single dimension.',
      },
      {
        heading: 'Scales that fit a phone',
        text: 'Five labelled points fit a phone screen without scrolling sideways. Label every point, not only the ends, and keep the same direction throughout the survey.',
      },
      {
        heading: 'Question types teens skip',
        text: 'Long grids, ranking more than five items and open questions early in the survey lose respondents. Put at most two open questions near the end, and say why you ask them.',
      },
      {
        heading: 'Before and after',
        text: 'Before: "To what extent do you agree that your school adequately supports your wellbeing?" After: "Does your school help you when you are stressed?" with the answers Yes, a lot / Yes, a little / No / Not sure.',
      },
    ],
  },
  {
    publishedAt: '2026-02-10T15:00:00.000Z',
    coverTheme: 'health-and-wellbeing',
    attributes: {
      title: 'Safeguarding checklist for youth research',
      slug: 'safeguarding-checklist-youth-research',
      summary:
        'The checks our moderators run before a survey goes live: sensitive topics, support signposting, consent wording and what to do if a young person discloses harm.',
      kind: 'toolkit',
      tags: ['safeguarding', 'ethics', 'consent'],
      gated: false,
    },
    points: [
      {
        heading: 'Sensitive topics',
        text: 'List the topics that could upset a respondent (self-harm, abuse, eating, bullying) and decide for each whether it is needed. Ask only what you will use.',
      },
      {
        heading: 'Support signposting',
        text: 'Every survey that touches a sensitive topic ends with where to find help: a crisis line, a text service and a trusted adult. Check that each link works before launch.',
      },
      {
        heading: 'Consent wording',
        text: 'Say in plain words what the survey is about, how long it takes, that answers are anonymous and that any question may be skipped.',
      },
      {
        heading: 'When a young person discloses harm',
        text: 'Our moderators read flagged answers within one business day and follow the escalation steps in the incident procedure. Never contact a respondent directly.',
      },
    ],
  },
  {
    publishedAt: '2026-03-31T15:00:00.000Z',
    coverTheme: 'digital-life',
    attributes: {
      title: 'Pulse check template: reaction to a new idea',
      slug: 'pulse-check-template-new-idea',
      summary:
        'A five-question template for testing a name, a campaign or a product idea with teens in 48 hours, with the audience settings we recommend.',
      kind: 'template',
      tags: ['pulse check', 'concept testing', 'template'],
      gated: false,
    },
    points: [
      {
        heading: 'First reaction',
        text: '"What is the first word that comes to mind when you see this?" An open question with a single short answer.',
      },
      {
        heading: 'Appeal',
        text: '"How much do you like this idea?" on a five-point labelled scale.',
      },
      {
        heading: 'Relevance',
        text: '"Is this for someone like you?" Yes / Maybe / No.',
      },
      {
        heading: 'What to change',
        text: '"If you could change one thing about it, what would it be?"',
      },
      {
        heading: 'Audience settings',
        text: 'Ages 13 to 19, balanced by age and gender, 300 completes, fielded for 48 hours.',
      },
    ],
  },
  {
    publishedAt: '2026-05-12T15:00:00.000Z',
    coverTheme: 'civic-life',
    attributes: {
      title: 'Tracking survey template: wellbeing and school life',
      slug: 'tracking-survey-template-wellbeing-school',
      summary:
        'A long-form template built to be repeated each semester: validated wellbeing items, school belonging and workload questions, ready to duplicate for every wave.',
      kind: 'template',
      tags: ['tracking', 'wellbeing', 'schools'],
      gated: true,
    },
    points: [
      {
        heading: 'Validated wellbeing items',
        text: 'Five items on mood and energy over the last two weeks, with the same wording every wave so trends are comparable.',
      },
      {
        heading: 'School belonging',
        text: 'Four items on feeling safe, known and supported at school.',
      },
      {
        heading: 'Workload',
        text: 'How many hours of homework a week, and how manageable it feels.',
      },
      {
        heading: 'Repeating each semester',
        text: 'Duplicate the survey for every wave, keep the question order, and change only the wave name.',
      },
    ],
  },
  {
    publishedAt: '2026-08-18T15:00:00.000Z',
    coverTheme: 'brands-and-media',
    attributes: {
      title: 'Reporting teen research: a toolkit for communications teams',
      slug: 'reporting-teen-research-toolkit',
      summary:
        'How to turn survey results into a credible press release or board slide: base sizes, margins of error, chart templates and wording that respects respondents.',
      kind: 'toolkit',
      tags: ['reporting', 'charts', 'communications'],
      gated: true,
    },
    points: [
      {
        heading: 'Base sizes',
        text: 'Always show how many teens answered a question, and do not report a percentage on fewer than 50.',
      },
      {
        heading: 'Margins of error',
        text: 'For a sample of 1,000 the margin of error is about 3 points: a difference of 2 points is not a finding.',
      },
      {
        heading: 'Chart templates',
        text: 'One message per chart, the headline states the finding, the axis starts at zero.',
      },
      {
        heading: 'Respectful wording',
        text: 'Write "teens who said they felt lonely", not "lonely teens". Quote open answers only with the words that cannot identify anyone.',
      },
    ],
  },
  {
    publishedAt: '2026-10-27T15:00:00.000Z',
    coverTheme: 'money-and-work',
    attributes: {
      title: 'Webinar: what 2026 taught us about researching teens',
      slug: 'webinar-what-2026-taught-us-researching-teens',
      summary:
        'A 45-minute recording with our research and safeguarding leads: the year’s headline findings, the methods that worked, and questions from the audience.',
      kind: 'webinar',
      tags: ['webinar', 'methodology', 'trends'],
      gated: false,
      videoUrl: 'https://videos.teenvoice.example/webinars/what-2026-taught-us',
    },
    points: [],
  },
];
