/**
 * The home page's testimonials before they moved to the content service. Kept only until the demo
 * seed carries them; nothing imports this file.
 */
export const testimonials = [
  {
    quote:
      'We used to wait a term for school-based fieldwork. With TeenVoice we had a consented national sample of 15–17 year-olds back in under a week.',
    role: 'Head of Insight',
    organization: 'National youth charity',
  },
  {
    quote:
      'The moderation step caught two questions we had worded for adults. The final survey read like it was written for teenagers, and the completion rate showed it.',
    role: 'Research Manager',
    organization: 'Consumer brand for young people',
  },
  {
    quote:
      'Knowing that every open answer is screened for safeguarding risks is what got this study through our ethics board.',
    role: 'Principal Investigator',
    organization: 'University public health team',
  },
];
