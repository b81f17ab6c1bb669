import { Card, SimpleGrid, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconHeartHandshake, IconMinus, IconScale, IconStopwatch } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/ui/links';
import { CreateAccountBanner } from './create-account-banner';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';
import { PageHero } from './page-hero';

const pillars = [
  {
    icon: IconHeartHandshake,
    title: 'Teens first, always',
    text: 'Consent from parents, assent from teens, plain language and short surveys. Young people are treated as participants, not a data source, and it shows in the quality of their answers.',
  },
  {
    icon: IconScale,
    title: 'Evidence you can defend',
    text: 'Verified ages, attention checks, moderated questionnaires and minimum group sizes mean your findings stand up in a board meeting, a funding bid or a peer review.',
  },
  {
    icon: IconStopwatch,
    title: 'Fast, without shortcuts',
    text: 'Self-serve building and instant feasibility estimates cut weeks out of fieldwork, while moderation makes sure speed never comes at a young person’s expense.',
  },
];

const comparison: { label: string; teenVoice: boolean; panel: boolean }[] = [
  { label: 'Audience made up only of 13–19 year-olds', teenVoice: true, panel: false },
  { label: 'Parental consent and teen assent included', teenVoice: true, panel: false },
  { label: 'Every survey reviewed by a youth research moderator', teenVoice: true, panel: false },
  { label: 'Open answers screened for safeguarding risks', teenVoice: true, panel: false },
  { label: 'Groups under five respondents always hidden', teenVoice: true, panel: false },
  { label: 'Self-serve survey builder', teenVoice: true, panel: true },
  { label: 'Price and feasibility shown before launch', teenVoice: true, panel: true },
];

function Mark({ yes }: { yes: boolean }) {
  return yes ? (
    <ThemeIcon size={26} radius="xl" variant="light" role="img" aria-label="Yes">
      <IconCheck size={16} aria-hidden />
    </ThemeIcon>
  ) : (
    <ThemeIcon size={26} radius="xl" variant="light" color="gray" role="img" aria-label="No">
      <IconMinus size={16} aria-hidden />
    </ThemeIcon>
  );
}

export function WhyUsPage() {
  return (
    <>
      <PageHero
        eyebrow="Why TeenVoice"
        title="Youth research that is quick to run and right to run"
        description="General survey panels were built for adults. TeenVoice was built from the first line for the legal, ethical and practical realities of hearing from teenagers."
        actions={
          <>
            <ButtonLink to="/register" size="md">
              Create an account
            </ButtonLink>
            <ButtonLink to="/quality" size="md" variant="default">
              Our quality standards
            </ButtonLink>
          </>
        }
      />

      <MarketingSection
        id="principles"
        eyebrow="What sets us apart"
        title="Three promises behind every survey"
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {pillars.map((pillar) => (
            <Card key={pillar.title} withBorder radius="lg" padding="xl" className={classes.card}>
              <ThemeIcon size={48} radius="md" mb="md">
                <pillar.icon size={26} stroke={1.7} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="xl" mb="xs">
                {pillar.title}
              </Title>
              <Text c="dimmed" lh={1.65}>
                {pillar.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </MarketingSection>

      <MarketingSection
        id="comparison"
        eyebrow="Side by side"
        title="TeenVoice compared with a general online panel"
        description="What you get with every TeenVoice survey, and what you would otherwise have to arrange, check and pay for separately."
        muted
      >
        <Card withBorder radius="lg" padding={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="md" horizontalSpacing="lg" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Included</Table.Th>
                  <Table.Th scope="col" ta="center">
                    TeenVoice
                  </Table.Th>
                  <Table.Th scope="col" ta="center">
                    General panel
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {comparison.map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Th scope="row" fw={500}>
                      {row.label}
                    </Table.Th>
                    <Table.Td>
                      <Mark yes={row.teenVoice} />
                    </Table.Td>
                    <Table.Td>
                      <Mark yes={row.panel} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </MarketingSection>

      <CreateAccountBanner />
    </>
  );
}
