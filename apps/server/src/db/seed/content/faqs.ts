import type { FaqAttributes } from '@tv/contract';

const faq = (
  placement: FaqAttributes['placement'],
  order: number,
  question: string,
  answer: string,
): FaqAttributes => ({ question, answer, placement, order });

export const demoFaqs: FaqAttributes[] = [
  // The home page's questions, as the page showed them before the content service.
  faq(
    'home',
    1,
    'Who answers TeenVoice surveys?',
    'Young people aged 13 to 19 in the United States who have joined our research panel. Each panel member is age-verified, and under-18s join with a parent or guardian’s consent.',
  ),
  faq(
    'home',
    2,
    'How long does it take to get results?',
    'Pulse checks with broad audiences usually complete within a few days of launch. Long form surveys and narrow audiences take longer; the feasibility estimate shows what to expect before you submit.',
  ),
  faq(
    'home',
    3,
    'What personal data do you collect from teenagers?',
    'None by default. Surveys cannot ask for names, contact details or other identifying information, and results are only ever shown in groups of five or more.',
  ),
  faq(
    'home',
    4,
    'What happens if a teenager discloses something worrying?',
    'Open answers are screened for safeguarding risks such as self-harm or abuse. A flagged answer opens an incident for our trained moderators and shows the respondent where to find help immediately.',
  ),
  faq(
    'home',
    5,
    'Can we run the same survey again later?',
    'Yes. Duplicate any survey to track change over time; the audience and questions carry over, and you can compare waves side by side.',
  ),
  faq(
    'products',
    1,
    'Should I choose a pulse check or a long-form survey?',
    'Choose a pulse check (up to five questions) when you need a quick read on one decision, such as a name or a reaction to news. Choose a long-form survey when you need to explain who thinks what and why: segments, drivers, or results you plan to publish.',
  ),
  faq(
    'products',
    2,
    'How is the price of a survey worked out?',
    'The price depends on the number of completed responses you need, the survey length and how narrow your audience is. You see the full price in US dollars, and the feasibility estimate, before you submit; nothing is charged until a moderator approves the survey.',
  ),
  faq(
    'products',
    3,
    'Can we target specific ages, states or groups?',
    'Yes. You can set ages from 13 to 19, gender, state or Census region, and screening questions of your own. If a combination is too narrow to fill, the builder tells you before you submit.',
  ),
  faq(
    'research',
    1,
    'Can we quote TeenVoice reports in our own work?',
    'Yes. Anyone may quote published findings with attribution to TeenVoice. A purchased report can be shared within your organization; it may not be resold or republished in full.',
  ),
  faq(
    'research',
    2,
    'How are the research reports made?',
    'Every report is based on a national online survey of our panel, weighted to Census estimates of age, gender, race and ethnicity, and region. Each report page lists the sample size, fieldwork dates, ages covered and margin of error.',
  ),
  faq(
    'research',
    3,
    'Can we get the data for a specific group or state?',
    'Often, yes. If a report’s sample includes enough respondents in the group you need, we can produce custom tables. Contact our sales team with the report and the cut you are interested in.',
  ),
  faq(
    'contact',
    1,
    'How quickly will someone get back to me?',
    'Our team answers messages within one business day, Monday to Friday. If your question is about a survey that is live, mention its name so we can find it quickly.',
  ),
  faq(
    'contact',
    2,
    'How do I raise a safeguarding concern?',
    'Email our safeguarding lead at safeguarding@teenvoice.com. If a young person is in immediate danger, call 911 first.',
  ),
  // The quality page's questions, as the page showed them before the content service.
  faq(
    'quality',
    1,
    'Can I see which answers were removed by quality checks?',
    'Yes. The survey summary shows how many responses were removed and why, so you can report your effective sample size accurately.',
  ),
  faq(
    'quality',
    2,
    'Why can’t I see results for small groups?',
    'With fewer than five respondents in a group it can become possible to recognize an individual teenager. Hiding those cells protects participants and keeps your study within ethical guidelines.',
  ),
  faq(
    'quality',
    3,
    'What does a moderator look for?',
    'Questions that are hard to understand at 13, that assume facts about a respondent’s life, that could cause distress without support, or that ask for identifying information.',
  ),
];
