import { Box, Container, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconChartBar,
  IconClipboardCheck,
  IconEyeCheck,
  IconLock,
  IconShieldHeart,
  IconUsersGroup,
} from '@tabler/icons-react';
import { ButtonLink } from '../../../components/ui/links';
import { MarketingFormSlot } from '../../../components/ui/marketing-form-slot';
import { CreateAccountBanner } from './create-account-banner';
import { ContentFaqSection } from './faq-section';
import { type Feature, FeatureGrid } from './feature-grid';
import { HeroIllustration } from './hero-illustration';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';
import { SocialProof } from './social-proof';
import { Testimonials } from './testimonials';

const features: readonly Feature[] = [
  {
    icon: IconClipboardCheck,
    title: 'A builder made for teen surveys',
    description:
      'Long form studies, five-minute pulse checks or fully custom designs, with question types and wording guidance that work on a phone screen.',
  },
  {
    icon: IconUsersGroup,
    title: 'Verified teen audiences',
    description:
      'Target by age, gender, state or region. Respondents are age-verified panel members, so you are not guessing who answered.',
  },
  {
    icon: IconLock,
    title: 'Consent and assent, handled',
    description:
      'Parental consent for under-18s and an age-appropriate assent screen open every survey. You never manage consent forms yourself.',
  },
  {
    icon: IconShieldHeart,
    title: 'Safeguarding built in',
    description:
      'Open answers are screened for signs of risk. Concerns reach trained moderators, and the teen is shown where to get help straight away.',
  },
  {
    icon: IconEyeCheck,
    title: 'Moderated before launch',
    description:
      'Our research team reviews every survey for suitability, clarity and bias, and returns it with clear reasons if something needs to change.',
  },
  {
    icon: IconChartBar,
    title: 'Results you can share',
    description:
      'Live charts, breakdowns and exports. Any group with fewer than five respondents stays hidden, so nobody can be singled out.',
  },
];

const steps = [
  {
    title: 'Build',
    text: 'Start from a template or a blank survey and write questions with built-in guidance.',
  },
  { title: 'Target', text: 'Choose ages, genders and places. See feasibility and price before you commit.' },
  { title: 'Review', text: 'A moderator checks your survey is suitable for young people and ready to run.' },
  {
    title: 'Launch and learn',
    text: 'Answers arrive as the survey runs. Analyze, export and act on what you hear.',
  },
];

export function HomePage() {
  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={{ base: 56, sm: 96 }}>
          <Grid gap={56} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="xl">
                <span className={classes.eyebrow}>Youth research platform</span>
                <Title order={1} className={classes.heroTitle}>
                  Hear what teenagers <span className={classes.accent}>actually think.</span>
                </Title>
                <Text size="xl" c="dimmed" lh={1.6} maw={580}>
                  TeenVoice is the research platform organizations use to survey 13–19 year-olds across the
                  US, with parental consent, teen assent and safeguarding built into every study.
                </Text>
                <Group gap="sm">
                  <ButtonLink to="/research/builder" size="lg">
                    Start a survey
                  </ButtonLink>
                  <ButtonLink to="/" hash="how-it-works" size="lg" variant="default">
                    See how it works
                  </ButtonLink>
                </Group>
                <Text size="sm" c="dimmed">
                  Built for charities, universities, public bodies and brands that work with young people.
                </Text>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Box mx="auto" maw={480}>
                <HeroIllustration />
              </Box>
            </Grid.Col>
          </Grid>
        </Container>
      </section>

      <SocialProof />

      <MarketingSection
        id="features"
        eyebrow="The platform"
        title="Everything a study with young people needs"
        description="From the first draft to the final chart, TeenVoice takes care of the parts that make youth research slow, risky or expensive."
      >
        <FeatureGrid features={features} />
      </MarketingSection>

      <MarketingSection
        id="how-it-works"
        eyebrow="How it works"
        title="From question to answers in four steps"
        muted
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          {steps.map((step, index) => (
            <Stack key={step.title} gap="sm">
              <span className={classes.stepNumber}>{index + 1}</span>
              <Title order={3} fz="lg">
                {step.title}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {step.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </MarketingSection>

      <Testimonials />
      <ContentFaqSection placement="home" />
      <MarketingFormSlot source="home" />
      <CreateAccountBanner />
    </>
  );
}
