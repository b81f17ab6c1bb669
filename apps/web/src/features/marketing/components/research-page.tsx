import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook,
  IconBuildingBank,
  IconCash,
  IconDeviceMobile,
  IconHeartbeat,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { ButtonLink } from '../../../components/ui/links';
import { MarketingFormSlot } from '../../../components/ui/marketing-form-slot';
import { CreateAccountBanner } from './create-account-banner';
import { ContentFaqSection } from './faq-section';
import { LibrarySection } from './library-section';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';
import { PageHero } from './page-hero';
import { ResearchFeed } from './research-feed';

const themes = [
  {
    icon: IconDeviceMobile,
    title: 'Digital life',
    text: 'Social platforms, screen time, gaming and how teens feel about the apps that shape their days.',
  },
  {
    icon: IconHeartbeat,
    title: 'Health and wellbeing',
    text: 'Sleep, stress, body image and where young people turn when they need support.',
  },
  {
    icon: IconCash,
    title: 'Money and work',
    text: 'First jobs, saving and spending, financial worries and expectations of the future.',
  },
  {
    icon: IconBook,
    title: 'Learning',
    text: 'School, college choices, studying with AI and the skills teens believe they will need.',
  },
  {
    icon: IconSpeakerphone,
    title: 'Brands and media',
    text: 'Discovery, trust and loyalty: what wins attention, and what loses it for good.',
  },
  {
    icon: IconBuildingBank,
    title: 'Civic life',
    text: 'Voting intentions, activism, climate and the issues teenagers want adults to act on.',
  },
];

export function ResearchPage() {
  return (
    <>
      <PageHero
        eyebrow="Research"
        title="What America’s teenagers are telling us"
        description="Reports and articles from our own nationwide studies of 13–19 year-olds, written for the people who design services, products and policy for them."
        actions={
          <ButtonLink to="/contact" size="md" variant="default">
            Commission a study
          </ButtonLink>
        }
      />

      <MarketingSection
        id="latest"
        eyebrow="Latest research"
        title="Reports and articles"
        description="Filter by theme or tag, or search titles and summaries. Reports are full studies you can buy; articles are free to read."
      >
        <ResearchFeed />
      </MarketingSection>

      <MarketingSection
        id="themes"
        eyebrow="Our themes"
        title="Six areas we study year after year"
        description="Recurring questions let us show how young people’s lives are changing, not just how they look today."
        muted
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {themes.map((theme) => (
            <Card key={theme.title} withBorder radius="lg" padding="xl" className={classes.card}>
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <theme.icon size={24} stroke={1.7} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {theme.title}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {theme.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </MarketingSection>

      <MarketingSection
        id="method"
        eyebrow="How our reports are made"
        title="The same standards we hold your surveys to"
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing={40}>
          <Text lh={1.7}>
            Every report is based on a moderated survey of a verified, consented sample of US teenagers,
            weighted to national figures for age, gender and region.
          </Text>
          <Text lh={1.7}>
            Each one publishes its questionnaire, sample size, fieldwork dates and method, so you can judge
            the evidence for yourself and cite it with confidence.
          </Text>
          <Text lh={1.7}>
            Reports are sold individually: buy one online, pay by invoice, and download the PDF from your
            purchase history as soon as payment arrives. Some reports are free.
          </Text>
        </SimpleGrid>
      </MarketingSection>

      <LibrarySection />
      <ContentFaqSection placement="research" title="Questions about our research" />
      <MarketingFormSlot source="research" />

      <CreateAccountBanner
        title="Need answers our reports don’t cover?"
        description="Run your own survey with the same audience and safeguards, or ask our team to design a study for you."
      />
    </>
  );
}
