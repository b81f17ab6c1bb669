import type { TestimonialAttributes } from '@tv/contract';

export const demoTestimonials: TestimonialAttributes[] = [
  // The first three are the quotes the home page showed before the content service.
  {
    quote:
      'We used to wait a whole semester for school-based fieldwork. With TeenVoice we had a consented national sample of 15–17 year-olds back in under a week.',
    name: 'Rachel Simmons',
    role: 'Head of Insight',
    organization: 'National youth charity',
    order: 1,
  },
  {
    quote:
      'The moderation step caught two questions we had worded for adults. The final survey read like it was written for teenagers, and the completion rate showed it.',
    name: 'Marcus Lee',
    role: 'Research Manager',
    organization: 'Consumer brand for young people',
    order: 2,
  },
  {
    quote:
      'Knowing that every open answer is screened for safeguarding risks is what got this study through our ethics board.',
    name: 'Dr. Priya Natarajan',
    role: 'Principal Investigator',
    organization: 'University public health team',
    order: 3,
  },
  {
    quote:
      'We run the same wellbeing survey every semester now. Comparing waves side by side showed our board exactly where the new counseling hours made a difference.',
    name: 'Angela Ruiz',
    role: 'Director of Student Services',
    organization: 'Suburban school district',
    order: 4,
  },
  {
    quote:
      'Three pulse checks in two weeks settled a naming debate that had run for months. The teens were blunt, and they were right.',
    name: 'Jordan Park',
    role: 'Product Marketing Lead',
    organization: 'Teen banking app',
    order: 5,
  },
  {
    quote:
      'The published reports give us figures we can cite with confidence: clear methodology, sensible base sizes, and a team that answers our questions the same day.',
    name: 'Elena Novak',
    role: 'Data Editor',
    organization: 'Regional news network',
    order: 6,
  },
];
