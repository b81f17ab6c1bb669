import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useTestimonials } from '../api/get-testimonials';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';

/** Quotes from research teams, from the content service, in the editors' order. */
export function Testimonials() {
  const { data } = useTestimonials();
  const quotes = data.data;
  if (quotes.length === 0) return null;
  return (
    <MarketingSection
      id="testimonials"
      eyebrow="What teams say"
      title="Research teams trust TeenVoice with young people's voices"
      muted
    >
      <SimpleGrid cols={{ base: 1, md: Math.min(3, quotes.length) }} spacing="lg">
        {quotes.map(({ id, attributes: item }) => (
          <figure key={id} className={classes.quote} style={{ margin: 0 }}>
            <Stack gap="md" h="100%" justify="space-between">
              <Stack gap="sm">
                <IconQuote size={28} color="var(--mantine-color-anchor)" aria-hidden />
                <Text component="blockquote" m={0} lh={1.65}>
                  {item.quote}
                </Text>
              </Stack>
              <Text component="figcaption" size="sm">
                <Text component="span" fw={700} size="sm" display="block">
                  {item.name}
                </Text>
                <Text component="span" c="dimmed" size="sm">
                  {item.role}
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
