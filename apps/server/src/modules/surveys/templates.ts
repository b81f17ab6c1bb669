import { randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';

const option = (label: string) => ({ id: randomUUID().slice(0, 8), label });

/** The starting set of a pulse check: five short questions a team can edit or remove. */
export function pulseCheckTemplate(): Question[] {
  const base = {
    description: null,
    required: true,
    randomizeOptions: false,
    options: [],
    rows: [],
    scale: null,
    displayLogic: null,
  };
  return [
    {
      ...base,
      id: randomUUID(),
      type: 'rating',
      title: 'Overall, how do you feel about this topic right now?',
      scale: { min: 1, max: 5, minLabel: 'Not good at all', maxLabel: 'Really good' },
    },
    {
      ...base,
      id: randomUUID(),
      type: 'single_choice',
      title: 'Compared with a month ago, is it…',
      options: [option('Better'), option('About the same'), option('Worse'), option('Not sure')],
    },
    {
      ...base,
      id: randomUUID(),
      type: 'multiple_choice',
      title: 'What has made the biggest difference?',
      required: false,
      randomizeOptions: true,
      options: [
        option('Friends'),
        option('Family'),
        option('School'),
        option('Online life'),
        option('Something else'),
      ],
    },
    {
      ...base,
      id: randomUUID(),
      type: 'nps',
      title: 'How likely are you to recommend it to a friend?',
      scale: { min: 0, max: 10, minLabel: 'Not at all likely', maxLabel: 'Extremely likely' },
    },
    {
      ...base,
      id: randomUUID(),
      type: 'long_text',
      title: 'Is there anything else you want to tell us?',
      required: false,
    },
  ];
}
