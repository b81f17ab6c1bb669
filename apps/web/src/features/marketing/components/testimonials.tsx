import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';

const quotes = [
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

export function Testimonials() {
  return (
    <MarketingSection
      id="testimonials"
      eyebrow="What teams say"
      title="Research teams trust TeenVoice with young people's voices"
      muted
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {quotes.map((item) => (
          <figure key={item.role} className={classes.quote} style={{ margin: 0 }}>
            <Stack gap="md" h="100%" justify="space-between">
              <Stack gap="sm">
                <IconQuote size={28} color="var(--mantine-color-anchor)" aria-hidden />
                <Text component="blockquote" m={0} lh={1.65}>
                  {item.quote}
                </Text>
              </Stack>
              <Text component="figcaption" size="sm">
                <Text component="span" fw={700} size="sm">
                  {item.role}
                </Text>
                <Text component="span" c="dimmed" size="sm">
                  {' · '}
                  {item.organization}
                </Text>
              </Text>
            </Stack>
          </figure>
        ))}
      </SimpleGrid>
    </MarketingSection>
  );
}
