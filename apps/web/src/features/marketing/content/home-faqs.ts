import type { Faq } from '../components/faq-section';

/**
 * The home page's questions before they moved to the content service (FAQ entries, placement 'home').
 * Kept only until the demo seed carries them; nothing imports this file.
 */
export const homeFaqs: readonly Faq[] = [
  {
    question: 'Who answers TeenVoice surveys?',
    answer:
      'Young people aged 13 to 19 in the United States who have joined our research panel. Each panel member is age-verified, and under-18s join with a parent or guardian’s consent.',
  },
  {
    question: 'How long does it take to get results?',
    answer:
      'Pulse checks with broad audiences usually complete within a few days of launch. Long form surveys and narrow audiences take longer; the feasibility estimate shows what to expect before you submit.',
  },
  {
    question: 'What personal data do you collect from teenagers?',
    answer:
      'None by default. Surveys cannot ask for names, contact details or other identifying information, and results are only ever shown in groups of five or more.',
  },
  {
    question: 'What happens if a teenager discloses something worrying?',
    answer:
      'Open answers are screened for safeguarding risks such as self-harm or abuse. A flagged answer opens an incident for our trained moderators and shows the respondent where to find help immediately.',
  },
  {
    question: 'Can we run the same survey again later?',
    answer:
      'Yes. Duplicate any survey to track change over time; the audience and questions carry over, and you can compare waves side by side.',
  },
];
