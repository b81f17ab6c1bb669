import { Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconCheck, IconFileAnalytics, IconListDetails, IconPuzzle } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/ui/links';
import { TalkToSalesButton } from '../../../components/ui/talk-to-sales-button';
import { CreateAccountBanner } from './create-account-banner';
import { ContentFaqSection } from './faq-section';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';
import { PageHero } from './page-hero';

const surveyTypes = [
  {
    id: 'long-form',
    icon: IconListDetails,
    name: 'Long form survey',
    badge: 'Deep dives',
    summary: 'For studies that need depth: attitudes, behaviors and the reasons behind them.',
    points: [
      'Every question type, from rating scales to open text',
      'Display logic and screener questions',
      'Weighted results with full breakdowns and exports',
    ],
  },
  {
    id: 'pulse-check',
    icon: IconBolt,
    name: 'Pulse check',
    badge: 'Fast answers',
    summary: 'A short survey of a few questions that comes back quickly, for decisions that cannot wait.',
    points: [
      'A handful of questions, about five minutes for respondents',
      'Ready-made templates to start from',
      'Repeat it as often as you like to track change',
    ],
  },
  {
    id: 'custom',
    icon: IconPuzzle,
    name: 'Custom study',
    badge: 'Designed with you',
    summary: 'Multi-wave trackers, hard-to-reach audiences or mixed methods, scoped with our research team.',
    points: [
      'A named researcher from brief to debrief',
      'Quotas, boosts and custom weighting',
      'Presentation-ready report of the findings',
    ],
  },
];

const included = [
  'Parental consent and teen assent',
  'Questionnaire moderation before launch',
  'Safeguarding scan of every open answer',
  'Feasibility and price before you submit',
  'Live results as answers arrive',
  'CSV and Excel exports',
];

export function ProductsPage() {
  return (
    <>
      <PageHero
        eyebrow="Products"
        title="The right kind of survey for every question"
        description="Choose a long form survey, a pulse check or a custom study. Every option includes consent, moderation and safeguarding as standard."
        actions={
          <>
            <ButtonLink to="/research/builder" size="md">
              Open the survey builder
            </ButtonLink>
            <TalkToSalesButton size="md" variant="default">
              Plan a custom study
            </TalkToSalesButton>
          </>
        }
      />

      <MarketingSection id="survey-types" eyebrow="Survey builder" title="Three ways to hear from teenagers">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {surveyTypes.map((type) => (
            <Card key={type.id} id={type.id} withBorder radius="lg" padding="xl" className={classes.typeCard}>
              <Stack gap="md">
                <Group justify="space-between">
                  <ThemeIcon size={44} radius="md" variant="light">
                    <type.icon size={24} stroke={1.7} aria-hidden />
                  </ThemeIcon>
                  <Badge variant="light" radius="sm">
                    {type.badge}
                  </Badge>
                </Group>
                <Title order={3} fz="xl">
                  {type.name}
                </Title>
                <Text c="dimmed" lh={1.6}>
                  {type.summary}
                </Text>
                <List
                  spacing={8}
                  size="sm"
                  icon={
                    <ThemeIcon size={20} radius="xl" variant="light">
                      <IconCheck size={12} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {type.points.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </MarketingSection>

      <MarketingSection
        id="included"
        eyebrow="Always included"
        title="No add-ons for the things that matter"
        description="The safeguards that make youth research responsible are part of every survey, not extras on an invoice."
        muted
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {included.map((item) => (
            <Group key={item} gap="sm" wrap="nowrap">
              <ThemeIcon size={28} radius="xl">
                <IconCheck size={16} aria-hidden />
              </ThemeIcon>
              <Text fw={500}>{item}</Text>
            </Group>
          ))}
        </SimpleGrid>
      </MarketingSection>

      <MarketingSection
        id="reports"
        eyebrow="Research reports"
        title="Ready-made insight, when you need answers today"
        description="Our own studies of teenage life in the US, published as reports you can buy and download straight away."
      >
        <Card withBorder radius="lg" padding="xl">
          <Group justify="space-between" gap="xl">
            <Group gap="lg" wrap="nowrap" maw={640}>
              <ThemeIcon size={56} radius="md" variant="light">
                <IconFileAnalytics size={30} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Text lh={1.6}>
                Each report covers one theme in depth, with the full questionnaire, sample details and charts
                you can reuse with attribution.
              </Text>
            </Group>
            <ButtonLink to="/research" variant="light">
              Browse our research
            </ButtonLink>
          </Group>
        </Card>
      </MarketingSection>

      <ContentFaqSection placement="products" title="Questions about our products" />
      <CreateAccountBanner />
    </>
  );
}
