import { Container, SimpleGrid, Text } from '@mantine/core';
import classes from './marketing.module.css';

const facts = [
  { value: '13–19', label: 'Every age in the teen years, targetable one year at a time' },
  { value: '50', label: 'US states and DC reachable, by state or by region' },
  { value: '5+', label: 'Respondents in every breakdown cell, or the cell stays hidden' },
  { value: '100%', label: 'Of surveys reviewed by a moderator before they go live' },
];

export function SocialProof() {
  return (
    <Container size="lg" py={{ base: 40, sm: 56 }}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {facts.map((fact) => (
          <div key={fact.value} className={classes.stat}>
            <div className={classes.statValue}>{fact.value}</div>
            <Text size="sm" c="dimmed" mt={6} lh={1.5}>
              {fact.label}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Container>
  );
}
