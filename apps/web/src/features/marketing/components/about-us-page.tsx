import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconEar, IconLockSquareRounded, IconUsers } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/ui/links';
import { CreateAccountBanner } from './create-account-banner';
import { MarketingSection } from './marketing-section';
import { PageHero } from './page-hero';

const values = [
  {
    icon: IconEar,
    title: 'Listen first',
    text: 'Young people are the experts on their own lives. Our job is to ask good questions and carry their answers faithfully to the people making decisions.',
  },
  {
    icon: IconLockSquareRounded,
    title: 'Protect by default',
    text: 'Privacy, consent and safeguarding are not settings you switch on. They are how the platform works, for every survey and every customer.',
  },
  {
    icon: IconBulb,
    title: 'Make it useful',
    text: 'Research only matters if it changes something. We design results to be shared, understood and acted on, not filed away.',
  },
  {
    icon: IconUsers,
    title: 'Open to everyone',
    text: 'A small charity deserves the same quality of evidence as a national brand. Self-serve tools keep careful research within reach.',
  },
];

export function AboutUsPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Young people are studied constantly and asked rarely. We are changing that."
        description="TeenVoice connects organizations that make decisions about young people with the young people themselves, safely, quickly and with respect."
        actions={
          <ButtonLink to="/contact" size="md" variant="default">
            Get in touch
          </ButtonLink>
        }
      />

      <MarketingSection
        id="mission"
        eyebrow="Our mission"
        title="Put teenagers’ own words in the room where decisions are made"
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Text size="lg" lh={1.75}>
            Schools, charities, health services, public bodies and brands shape the lives of 13–19 year-olds
            every day. Too often they do it on the strength of assumptions, adult proxies or research that
            took so long the moment had passed.
          </Text>
          <Text size="lg" lh={1.75}>
            TeenVoice makes it straightforward to ask teenagers directly. We handle consent, safeguarding and
            quality so that research teams can focus on the questions, and young people can trust that taking
            part is safe and worth their time.
          </Text>
        </SimpleGrid>
      </MarketingSection>

      <MarketingSection
        id="values"
        eyebrow="What we value"
        title="The principles we build and research by"
        muted
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={40}>
          {values.map((value) => (
            <Stack key={value.title} gap="sm">
              <ThemeIcon size={44} radius="md" variant="light">
                <value.icon size={24} stroke={1.7} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="xl">
                {value.title}
              </Title>
              <Text c="dimmed" lh={1.65}>
                {value.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </MarketingSection>

      <CreateAccountBanner
        title="Working on something for young people?"
        description="Tell us what you need to learn. We will help you shape the questions, the audience and the timeline."
      />
    </>
  );
}
