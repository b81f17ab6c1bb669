import {
  type Audience,
  defaultAudience,
  estimateAudience,
  type Question,
  type SurveyStatus,
} from '@tv/contract';
import { eq } from 'drizzle-orm';
import { findUserByEmail } from '../../modules/identity/service';
import { simulateResponses } from '../../modules/responses/simulator';
import { insertHistory, replaceQuestions } from '../../modules/surveys/service';
import type { Db } from '../client';
import { surveys } from '../schema/surveys';
import { demoAccounts, demoOrganizations } from './demo-accounts';

const option = (id: string, label: string) => ({ id, label });
const base = {
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
};

/** A long-form survey using every question type, so a newcomer sees every chart. */
const lifeAfterSchool: Question[] = [
  {
    ...base,
    id: 'clubs',
    type: 'single_choice',
    title: 'Do you take part in a club or activity after school?',
    options: [option('weekly', 'Yes, every week'), option('sometimes', 'Sometimes'), option('no', 'No')],
  },
  {
    ...base,
    id: 'activities',
    type: 'multiple_choice',
    title: 'Which of these would you join if they were near you?',
    randomizeOptions: true,
    options: [
      option('sport', 'Sport'),
      option('music', 'Music or band'),
      option('coding', 'Coding or gaming'),
      option('art', 'Art and design'),
      option('volunteering', 'Volunteering'),
      option('drama', 'Drama'),
    ],
  },
  {
    ...base,
    id: 'barrier',
    type: 'dropdown',
    title: 'What stops you most from doing more after school?',
    options: [
      option('transport', 'Getting there and back'),
      option('cost', 'It costs too much'),
      option('time', 'Homework or a job'),
      option('nothing', 'Nothing interesting nearby'),
      option('friends', 'My friends don’t go'),
    ],
  },
  {
    ...base,
    id: 'weekends',
    type: 'rating',
    title: 'How happy are you with how you spend your weekends?',
    scale: { min: 1, max: 5, minLabel: 'Not happy at all', maxLabel: 'Very happy' },
  },
  {
    ...base,
    id: 'recommend',
    type: 'nps',
    title: 'How likely are you to recommend your local youth centre to a friend?',
    scale: { min: 0, max: 10, minLabel: 'Not at all likely', maxLabel: 'Extremely likely' },
  },
  {
    ...base,
    id: 'feelings',
    type: 'likert_matrix',
    title: 'How much do you agree with these?',
    options: [
      option('sa', 'Strongly agree'),
      option('a', 'Agree'),
      option('n', 'Neither'),
      option('d', 'Disagree'),
      option('sd', 'Strongly disagree'),
    ],
    rows: [
      option('safe', 'I feel safe in my neighbourhood'),
      option('heard', 'Adults listen to what I think'),
      option('plans', 'I have things to look forward to'),
    ],
  },
  {
    ...base,
    id: 'priorities',
    type: 'ranking',
    title: 'Put these in order: what should the council spend on first?',
    options: [
      option('spaces', 'Places to hang out'),
      option('buses', 'Later buses'),
      option('sport', 'Sports facilities'),
      option('mental', 'Mental health support'),
    ],
  },
  {
    ...base,
    id: 'hours',
    type: 'number',
    title: 'About how many hours a week do you spend on activities?',
    scale: { min: 0, max: 40, minLabel: null, maxLabel: null },
  },
  { ...base, id: 'job', type: 'yes_no', title: 'Do you have a part-time job?' },
  {
    ...base,
    id: 'why-job',
    type: 'short_text',
    title: 'What is the job?',
    required: false,
    displayLogic: { match: 'all', conditions: [{ questionId: 'job', operator: 'equals', value: 'yes' }] },
  },
  {
    ...base,
    id: 'idea',
    type: 'long_text',
    title: 'If you could change one thing about after school, what would it be?',
    required: false,
  },
];

const weekendPulse: Question[] = [
  {
    ...base,
    id: 'mood',
    type: 'rating',
    title: 'How was your week, overall?',
    scale: { min: 1, max: 5, minLabel: 'Rough', maxLabel: 'Great' },
  },
  {
    ...base,
    id: 'sleep',
    type: 'single_choice',
    title: 'How many hours did you sleep last night?',
    options: [option('lt6', 'Less than 6'), option('6-8', '6 to 8'), option('gt8', 'More than 8')],
  },
  { ...base, id: 'best', type: 'short_text', title: 'What was the best part of your week?', required: false },
];

interface DemoSurvey {
  id: string;
  name: string;
  description: string;
  type: 'long_form' | 'pulse_check';
  status: SurveyStatus;
  history: SurveyStatus[];
  questions: Question[];
  audience: Audience;
  responses: number;
}

export const demoSurveys: DemoSurvey[] = [
  {
    id: '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01',
    name: 'Life after school 2026',
    description:
      'What teens in our area do after school, what stops them doing more, and what they want us to fund.',
    type: 'long_form',
    status: 'results_ready',
    history: ['in_moderation', 'approved', 'live', 'complete', 'in_review', 'results_ready'],
    questions: lifeAfterSchool,
    audience: { ...defaultAudience, sampleSize: 400 },
    responses: 400,
  },
  {
    id: '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02',
    name: 'Weekly wellbeing pulse',
    description: 'A three-question check-in on mood, sleep and the best part of the week.',
    type: 'pulse_check',
    status: 'live',
    history: ['in_moderation', 'approved', 'live'],
    questions: weekendPulse,
    audience: { ...defaultAudience, sampleSize: 500 },
    responses: 60,
  },
];

const transitionAction: Partial<Record<SurveyStatus, string>> = {
  in_moderation: 'submit',
  approved: 'approve',
  live: 'publish',
  complete: 'close',
  in_review: 'start_review',
  results_ready: 'release_results',
};

/** Surveys with real-looking responses, so the builder and the results show something at once. */
export async function seedDemoSurveys(db: Db) {
  const owner = await findUserByEmail(db, demoAccounts.northsideMember.email);
  if (!owner) return;
  for (const [index, demo] of demoSurveys.entries()) {
    const existing = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, demo.id));
    if (existing.length) continue;
    await db.transaction(async (tx) => {
      await tx.insert(surveys).values({
        id: demo.id,
        organizationId: demoOrganizations.northside.id,
        ownerId: owner.id,
        type: demo.type,
        name: demo.name,
        description: demo.description,
        status: demo.status,
        audience: demo.audience,
        estimate: estimateAudience(demo.audience, demo.questions.length),
        tags: ['demo'],
      });
      await replaceQuestions(tx, demo.id, demo.questions);
      let from: SurveyStatus = 'draft';
      for (const to of demo.history) {
        await insertHistory(tx, {
          surveyId: demo.id,
          fromStatus: from,
          toStatus: to,
          action: transitionAction[to] ?? to,
          actorId: null,
        });
        from = to;
      }
      await simulateResponses(
        tx,
        { id: demo.id, audience: demo.audience },
        demo.questions,
        demo.responses,
        2026 + index,
      );
    });
  }
}
