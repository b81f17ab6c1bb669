import type { LibraryItemAttributes, ResearchTheme } from '@tv/contract';

export interface LibraryItemSeed {
  publishedAt: string;
  /** Only picks the cover's palette; library items have no theme of their own. */
  coverTheme: ResearchTheme;
  attributes: Omit<LibraryItemAttributes, 'cover' | 'file'>;
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
    },
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
    },
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
    },
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
    },
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
    },
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
    },
  },
];
