import { randomUUID } from 'node:crypto';
import type { ChoiceOption, Question, SurveyTemplate, SurveyType, TemplateSource } from '@tv/contract';

/**
 * The template gallery (issue 13, decision 030): starting questionnaires for common teen research
 * topics, built only from public-domain or openly licensed, validated question sets. Each template
 * names its sources, and the gallery shows them. Wording is adapted for 13–19 year-olds where the
 * source was written for another audience, and every adaptation is said in the source's note.
 *
 * Questions get fresh ids every time a template is used, so two surveys never share an id.
 */

const option = (label: string, exclusive = false): ChoiceOption => ({
  id: randomUUID().slice(0, 8),
  label,
  ...(exclusive ? { exclusive: true } : {}),
});

type QuestionSeed = Omit<Question, 'id' | 'options' | 'rows'> & {
  options: { label: string; exclusive?: boolean }[];
  rows: string[];
};

const base = {
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
} satisfies Partial<QuestionSeed>;

const labels = (list: readonly string[]) => list.map((label) => ({ label }));

const single = (
  title: string,
  answers: readonly string[],
  extra: Partial<QuestionSeed> = {},
): QuestionSeed => ({
  ...base,
  type: 'single_choice',
  title,
  options: labels(answers),
  ...extra,
});

const multiple = (
  title: string,
  answers: readonly string[],
  exclusiveAnswer: string | null,
  extra: Partial<QuestionSeed> = {},
): QuestionSeed => ({
  ...base,
  type: 'multiple_choice',
  title,
  options: [...labels(answers), ...(exclusiveAnswer ? [{ label: exclusiveAnswer, exclusive: true }] : [])],
  ...extra,
});

const matrix = (
  title: string,
  statements: readonly string[],
  columns: readonly string[],
  extra: Partial<QuestionSeed> = {},
): QuestionSeed => ({
  ...base,
  type: 'likert_matrix',
  title,
  options: labels(columns),
  rows: [...statements],
  ...extra,
});

const openText = (title: string, extra: Partial<QuestionSeed> = {}): QuestionSeed => ({
  ...base,
  type: 'long_text',
  title,
  required: false,
  ...extra,
});

// ---- answer scales used by more than one template ----------------------------------------------

const who5Frequency = [
  'All of the time',
  'Most of the time',
  'More than half of the time',
  'Less than half of the time',
  'Some of the time',
  'At no time',
];
const agreement4 = ['Strongly agree', 'Agree', 'Disagree', 'Strongly disagree'];
const pewFrequency = [
  'Almost constantly',
  'Several times a day',
  'About once a day',
  'Several times a week',
  'Less often',
  'Never',
];
const daysOfWeek = ['0 days', '1 day', '2 days', '3 days', '4 days', '5 days', '6 days', '7 days'];

// ---- sources -------------------------------------------------------------------------------------

const sources = {
  who5: {
    name: 'WHO-5 Well-Being Index',
    author:
      'WHO Collaborating Centre in Mental Health, Psychiatric Centre North Zealand; World Health Organization',
    year: 1998,
    licence: 'Free to use without permission; WHO publication under CC BY-NC-SA 3.0 IGO',
    url: 'https://www.who.int/publications/m/item/WHO-UCN-MSD-MHE-2024.01',
    note: 'All five items with the original six answer points; each item is asked as its own question so it reads well on a phone screen.',
  },
  edscls: {
    name: 'ED School Climate Surveys (EDSCLS), student survey',
    author: 'U.S. Department of Education, National Center on Safe Supportive Learning Environments',
    year: 2016,
    licence: 'Public domain (work of the U.S. federal government)',
    url: 'https://safesupportivelearning.ed.gov/edscls',
    note: 'A selection of items from the engagement and safety domains, with the original four-point agreement scale.',
  },
  pewTeens2023: {
    name: 'Teens, Social Media and Technology 2023 (survey questions)',
    author: 'Pew Research Center',
    year: 2023,
    licence: 'Free to reuse with attribution (Pew Research Center terms of use); adapted',
    url: 'https://www.pewresearch.org/internet/2023/12/11/teens-social-media-and-technology-2023/',
    note: 'Adapted from Pew Research Center; Pew bears no responsibility for the adaptation or its use.',
  },
  pewScreenTime2018: {
    name: 'How Teens and Parents Navigate Screen Time and Device Distractions (survey questions)',
    author: 'Pew Research Center',
    year: 2018,
    licence: 'Free to reuse with attribution (Pew Research Center terms of use); adapted',
    url: 'https://www.pewresearch.org/internet/2018/08/22/how-teens-and-parents-navigate-screen-time-and-device-distractions/',
    note: '“Cellphone” is written “smartphone”. Adapted from Pew Research Center; Pew bears no responsibility for the adaptation or its use.',
  },
  yrbs: {
    name: 'Youth Risk Behavior Survey (YRBS), 2023 high school questionnaire',
    author: 'Centers for Disease Control and Prevention (CDC)',
    year: 2023,
    licence: 'Public domain (work of the U.S. federal government)',
    url: 'https://www.cdc.gov/yrbs/data/index.html',
    note: 'Items used as published, with minor wording changes for a screen (“smart phone” is written “smartphone”).',
  },
  pisa2018: {
    name: 'PISA 2018 Student Questionnaire and Financial Literacy Questionnaire',
    author: 'OECD Programme for International Student Assessment (PISA)',
    year: 2018,
    licence:
      'Openly published by the OECD; reuse with acknowledgement of the source (OECD terms and conditions)',
    url: 'https://www.oecd.org/en/about/programmes/pisa/pisa-data.html',
    note: 'Items adapted for U.S. teens (U.S. education levels, U.S. money terms).',
  },
  hsls: {
    name: 'High School Longitudinal Study of 2009 (HSLS:09), student questionnaire',
    author: 'U.S. Department of Education, National Center for Education Statistics (NCES)',
    year: 2009,
    licence: 'Public domain (work of the U.S. federal government)',
    url: 'https://nces.ed.gov/surveys/hsls09/',
    note: 'The educational expectation item, with its answer levels shortened.',
  },
  ucla3: {
    name: 'Three-Item Loneliness Scale (short form of the UCLA Loneliness Scale)',
    author:
      'Hughes, M. E., Waite, L. J., Hawkley, L. C., & Cacioppo, J. T. (Research on Aging, 26(6), 655–672)',
    year: 2004,
    licence:
      'Freely available; the items are published in the article and in the public Health and Retirement Study questionnaires',
    url: 'https://doi.org/10.1177/0164027504268574',
    note: 'The three items with their three answer points, as published.',
  },
  pisaBelonging: {
    name: 'PISA 2018 Student Questionnaire, sense of belonging at school',
    author: 'OECD Programme for International Student Assessment (PISA)',
    year: 2018,
    licence:
      'Openly published by the OECD; reuse with acknowledgement of the source (OECD terms and conditions)',
    url: 'https://www.oecd.org/en/about/programmes/pisa/pisa-data.html',
    note: 'The six belonging statements with the original four-point agreement scale.',
  },
  hickman2021: {
    name: 'Climate anxiety in children and young people and their beliefs about government responses to climate change: a global survey',
    author:
      'Hickman, C., Marks, E., Pihkala, P., Clayton, S., et al. (The Lancet Planetary Health, 5(12), e863–e873)',
    year: 2021,
    licence: 'CC BY 4.0',
    url: 'https://doi.org/10.1016/S2542-5196(21)00278-3',
    note: 'A selection of the survey’s items on worry, feelings and thoughts about climate change.',
  },
  rosenberg: {
    name: 'Rosenberg Self-Esteem Scale',
    author: 'Morris Rosenberg (Society and the Adolescent Self-Image, Princeton University Press)',
    year: 1965,
    licence:
      'Free to use without permission for research and education (University of Maryland, Department of Sociology)',
    url: 'https://socy.umd.edu/about-us/using-rosenberg-self-esteem-scale',
    note: 'All ten items with the original four-point scale. Items 2, 5, 6, 8 and 9 are reverse-scored.',
  },
} satisfies Record<string, TemplateSource>;

interface TemplateDefinition {
  id: string;
  name: string;
  description: string;
  type: SurveyType;
  topics: string[];
  sources: TemplateSource[];
  questions: QuestionSeed[];
}

// ---- the gallery -------------------------------------------------------------------------------

const definitions: TemplateDefinition[] = [
  {
    id: 'wellbeing-pulse',
    name: 'Wellbeing pulse (WHO-5)',
    description:
      'The WHO-5 Well-Being Index: five quick items on how teens have felt over the last two weeks. Short enough to repeat every month.',
    type: 'pulse_check',
    topics: ['Wellbeing', 'Mental health'],
    sources: [sources.who5],
    questions: [
      'I have felt cheerful and in good spirits.',
      'I have felt calm and relaxed.',
      'I have felt active and vigorous.',
      'I woke up feeling fresh and rested.',
      'My daily life has been filled with things that interest me.',
    ].map((statement) =>
      single(statement, who5Frequency, {
        description: 'Over the last two weeks, how often has this been true for you?',
      }),
    ),
  },
  {
    id: 'school-climate',
    name: 'School climate',
    description:
      'How teens experience their school: relationships with teachers, respect between students, belonging and feeling safe. From the U.S. Department of Education’s school climate surveys.',
    type: 'long_form',
    topics: ['School', 'Belonging', 'Safety'],
    sources: [sources.edscls],
    questions: [
      matrix(
        'How much do you agree or disagree with these statements about your school?',
        [
          'Teachers understand my problems.',
          'Teachers are available when I need to talk with them.',
          'Adults working at this school treat all students respectfully.',
          'Students respect one another.',
          'Students like one another.',
          'I feel like I belong.',
        ],
        agreement4,
      ),
      matrix(
        'How much do you agree or disagree with these statements about safety?',
        [
          'I feel safe at this school.',
          'Students at this school are teased or picked on about their race or ethnicity.',
          'I sometimes stay home because I don’t feel safe at school.',
        ],
        agreement4,
        { required: false },
      ),
      single('How much do you agree: “I like this school.”', agreement4),
      openText('What is one thing that would make your school a better place to learn?'),
    ],
  },
  {
    id: 'digital-life',
    name: 'Digital life',
    description:
      'How often teens use the big platforms, whether they feel they spend too much time online, and how social media affects people their age. Adapted from Pew Research Center’s teen surveys.',
    type: 'long_form',
    topics: ['Digital life', 'Social media'],
    sources: [sources.pewTeens2023],
    questions: [
      single('How often are you online, on any device?', pewFrequency.slice(0, 5)),
      matrix(
        'How often do you use each of these?',
        ['YouTube', 'TikTok', 'Instagram', 'Snapchat'],
        pewFrequency,
      ),
      single(
        'Do you think you spend too much time, too little time, or about the right amount of time on social media?',
        ['Too much time', 'Too little time', 'About the right amount of time'],
      ),
      single('How easy or hard would it be for you to give up social media?', [
        'Very easy',
        'Somewhat easy',
        'Somewhat hard',
        'Very hard',
      ]),
      single('Overall, what effect do you think social media has on people your age?', [
        'Mostly positive',
        'Mostly negative',
        'Neither positive nor negative',
      ]),
      openText('What is the best and the worst thing about being online for you?'),
    ],
  },
  {
    id: 'careers',
    name: 'Careers and future plans',
    description:
      'What teens expect to do after school, how far they expect to go in education, and what they have done to explore careers. From the OECD’s PISA questionnaire and the U.S. HSLS:09 study.',
    type: 'long_form',
    topics: ['Careers', 'Education', 'Future'],
    sources: [sources.pisa2018, sources.hsls],
    questions: [
      openText('What kind of job do you expect to have when you are about 30 years old?', {
        description:
          'Write the job title or describe the work, for example “nurse” or “designing video games”.',
      }),
      single('As things stand now, how far in school do you think you will actually get?', [
        'Less than high school',
        'High school diploma or GED',
        'A certificate from a trade or technical school',
        'A two-year college degree',
        'A four-year college degree',
        'A master’s degree or higher',
        'I don’t know',
      ]),
      multiple(
        'Have you done any of the following to find out about future study or types of work?',
        [
          'Did an internship',
          'Went job shadowing or on a work-site visit',
          'Visited a job fair',
          'Spoke to a career advisor',
          'Completed a questionnaire about my interests and abilities',
          'Looked up information about careers online',
          'Went on an organized tour of a college',
        ],
        'None of these',
      ),
      single('How sure are you about the kind of work you want to do?', [
        'Very sure',
        'Somewhat sure',
        'Not very sure',
        'Not sure at all',
      ]),
    ],
  },
  {
    id: 'sleep-and-screens',
    name: 'Sleep and screen time',
    description:
      'Hours of sleep on school nights, daily screen time, and screen habits around waking and sleeping. From the CDC’s Youth Risk Behavior Survey and Pew Research Center.',
    type: 'long_form',
    topics: ['Sleep', 'Screen time', 'Health'],
    sources: [sources.yrbs, sources.pewScreenTime2018],
    questions: [
      single('On an average school night, how many hours of sleep do you get?', [
        '4 or less hours',
        '5 hours',
        '6 hours',
        '7 hours',
        '8 hours',
        '9 hours',
        '10 or more hours',
      ]),
      single(
        'On an average school day, about how many hours do you spend in front of a TV, computer, smartphone, or other electronic device watching shows or videos, playing games, accessing the Internet, or using social media (also called “screen time”)?',
        [
          'Less than 1 hour per day',
          '1 hour per day',
          '2 hours per day',
          '3 hours per day',
          '4 hours per day',
          '5 or more hours per day',
        ],
        { description: 'Do not count time spent doing schoolwork.' },
      ),
      matrix(
        'How often, if ever, do you do each of these?',
        [
          'Check for messages or notifications as soon as you wake up',
          'Feel anxious when you don’t have your smartphone with you',
          'Lose focus in class because you are checking your smartphone',
        ],
        ['Often', 'Sometimes', 'Rarely', 'Never'],
      ),
      single(
        'Do you think you spend too much time, too little time, or about the right amount of time on your smartphone?',
        ['Too much time', 'Too little time', 'About the right amount of time'],
      ),
    ],
  },
  {
    id: 'belonging-loneliness',
    name: 'Belonging and loneliness',
    description:
      'The three-item loneliness scale and PISA’s sense of belonging at school: how connected teens feel to the people around them.',
    type: 'long_form',
    topics: ['Belonging', 'Loneliness', 'Wellbeing'],
    sources: [sources.ucla3, sources.pisaBelonging],
    questions: [
      ...[
        'How often do you feel that you lack companionship?',
        'How often do you feel left out?',
        'How often do you feel isolated from others?',
      ].map((title) => single(title, ['Hardly ever', 'Some of the time', 'Often'])),
      matrix(
        'Thinking about your school, how much do you agree or disagree with these statements?',
        [
          'I feel like an outsider (or left out of things) at school.',
          'I make friends easily at school.',
          'I feel like I belong at school.',
          'I feel awkward and out of place at school.',
          'Other students seem to like me.',
          'I feel lonely at school.',
        ],
        agreement4,
      ),
    ],
  },
  {
    id: 'physical-activity',
    name: 'Physical activity',
    description:
      'Days of activity, muscle strengthening, PE classes and sports teams, asked exactly as the CDC’s Youth Risk Behavior Survey asks them, so results compare with national figures.',
    type: 'long_form',
    topics: ['Physical activity', 'Health', 'Sport'],
    sources: [sources.yrbs],
    questions: [
      single(
        'During the past 7 days, on how many days were you physically active for a total of at least 60 minutes per day?',
        daysOfWeek,
        {
          description:
            'Add up all the time you spent in any kind of physical activity that increased your heart rate and made you breathe hard some of the time.',
        },
      ),
      single(
        'During the past 7 days, on how many days did you do exercises to strengthen or tone your muscles, such as push-ups, sit-ups, or weight lifting?',
        daysOfWeek,
      ),
      single(
        'In an average week when you are in school, on how many days do you go to physical education (PE) classes?',
        ['0 days', '1 day', '2 days', '3 days', '4 days', '5 days'],
      ),
      single(
        'During the past 12 months, on how many sports teams did you play?',
        ['0 teams', '1 team', '2 teams', '3 or more teams'],
        {
          description: 'Count any teams run by your school or community groups.',
        },
      ),
    ],
  },
  {
    id: 'money-confidence',
    name: 'Money and financial confidence',
    description:
      'Where teens’ money comes from, what they do when they cannot afford something, and how confident they feel with everyday money tasks. From PISA’s financial literacy questionnaire.',
    type: 'long_form',
    topics: ['Money', 'Financial literacy'],
    sources: [sources.pisa2018],
    questions: [
      multiple(
        'Do you get money from any of these?',
        [
          'An allowance for doing chores at home',
          'An allowance without having to do any chores',
          'Working outside school hours (for example, a summer job or part-time work)',
          'Working in a family business',
          'Occasional informal jobs (for example, babysitting or gardening)',
          'Gifts of money from friends or relatives',
          'Selling things (for example, at markets or online)',
        ],
        'None of these',
      ),
      single('Do you have a bank account?', ['Yes', 'No', 'I don’t know']),
      single('If you wanted to buy something but did not have enough money, what would you most likely do?', [
        'Buy it anyway with money borrowed from family or friends',
        'Save up to buy it',
        'Not buy it',
        'Buy a cheaper version',
        'Something else',
      ]),
      matrix(
        'How confident would you feel about doing the following things?',
        [
          'Making a money transfer (for example, paying a bill)',
          'Filling in forms at a bank',
          'Understanding bank statements',
          'Keeping track of my account balance',
          'Planning my spending with my current money situation in mind',
        ],
        ['Very confident', 'Confident', 'Not very confident', 'Not at all confident'],
      ),
    ],
  },
  {
    id: 'climate-feelings',
    name: 'Climate worries',
    description:
      'How worried teens are about climate change, what it makes them feel and think, and whether it affects daily life. From the global survey of young people by Hickman and colleagues (2021).',
    type: 'long_form',
    topics: ['Climate', 'Wellbeing', 'Future'],
    sources: [sources.hickman2021],
    questions: [
      single('How worried are you that climate change threatens people and the planet?', [
        'Not worried',
        'A little worried',
        'Moderately worried',
        'Very worried',
        'Extremely worried',
      ]),
      multiple(
        'Does climate change make you feel any of the following?',
        ['Sad', 'Afraid', 'Anxious', 'Angry', 'Powerless', 'Guilty', 'Optimistic', 'Indifferent'],
        'None of these',
        { required: false },
      ),
      matrix(
        'Do you agree or disagree with these thoughts about climate change?',
        [
          'People have failed to care for the planet.',
          'The future is frightening.',
          'I won’t have access to the same opportunities my parents had.',
          'Things I value most will be destroyed.',
        ],
        ['Yes', 'No'],
      ),
      single('Do your feelings about climate change negatively affect your daily life?', [
        'Yes, a lot',
        'Yes, a little',
        'No',
      ]),
    ],
  },
  {
    id: 'self-esteem',
    name: 'Self-esteem (Rosenberg)',
    description:
      'The Rosenberg Self-Esteem Scale: ten statements about how teens feel about themselves, widely used with adolescents. Optional, so no one has to answer.',
    type: 'long_form',
    topics: ['Self-esteem', 'Wellbeing'],
    sources: [sources.rosenberg],
    questions: [
      matrix(
        'How much do you agree or disagree with each statement about how you feel about yourself?',
        [
          'On the whole, I am satisfied with myself.',
          'At times I think I am no good at all.',
          'I feel that I have a number of good qualities.',
          'I am able to do things as well as most other people.',
          'I feel I do not have much to be proud of.',
          'I certainly feel useless at times.',
          'I feel that I’m a person of worth, at least on an equal plane with others.',
          'I wish I could have more respect for myself.',
          'All in all, I am inclined to feel that I am a failure.',
          'I take a positive attitude toward myself.',
        ],
        agreement4,
        { required: false },
      ),
    ],
  },
];

/** The template's questions with fresh question, option and statement ids. */
function build(definition: TemplateDefinition): Question[] {
  return definition.questions.map((seed) => ({
    ...seed,
    id: randomUUID(),
    options: seed.options.map((o) => option(o.label, o.exclusive)),
    rows: seed.rows.map((label) => option(label)),
  }));
}

const toTemplate = (definition: TemplateDefinition): SurveyTemplate => ({
  id: definition.id,
  name: definition.name,
  description: definition.description,
  type: definition.type,
  questionCount: definition.questions.length,
  topics: definition.topics,
  sources: definition.sources,
  questions: build(definition),
});

/** Every template, with its questions for the gallery's preview. */
export const listTemplates = (): SurveyTemplate[] => definitions.map(toTemplate);

/** One template with fresh ids, ready to become a draft; null for an unknown id. */
export function instantiateTemplate(id: string): SurveyTemplate | null {
  const definition = definitions.find((candidate) => candidate.id === id);
  return definition ? toTemplate(definition) : null;
}
