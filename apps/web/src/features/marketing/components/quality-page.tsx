import { Card, Table, Text, Timeline, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChecklist,
  IconEyeOff,
  IconFilter,
  IconId,
  IconMessageCheck,
} from '@tabler/icons-react';
import { CreateAccountBanner } from './create-account-banner';
import { ContentFaqSection } from './faq-section';
import { MarketingSection } from './marketing-section';
import { PageHero } from './page-hero';

const stages = [
  {
    icon: IconId,
    title: 'Verified recruitment',
    text: 'Panel members confirm their date of birth when they join, and under-18s join with the consent of a parent or guardian.',
  },
  {
    icon: IconChecklist,
    title: 'Moderated questionnaires',
    text: 'A youth research moderator reviews every survey for age-appropriate language, leading or loaded questions, and topics that need extra care.',
  },
  {
    icon: IconFilter,
    title: 'Screeners and attention checks',
    text: 'Screener questions confirm each respondent fits your audience, and attention checks remove rushed or careless answers before they reach your results.',
  },
  {
    icon: IconAlertTriangle,
    title: 'Safeguarding review',
    text: 'Open answers are scanned for signs of risk. Anything flagged is reviewed by trained staff, and the respondent sees help resources straight away.',
  },
  {
    icon: IconMessageCheck,
    title: 'Response quality review',
    text: 'When fieldwork closes, our team checks the completed sample for duplicates, straight-lining and inconsistent answers before results are released.',
  },
  {
    icon: IconEyeOff,
    title: 'Privacy-safe reporting',
    text: 'No breakdown ever shows a group of fewer than five respondents, and no personal data is collected unless a study has explicit approval.',
  },
];

const standards = [
  { check: 'Minimum group size in any breakdown', standard: '5 respondents' },
  { check: 'Age range', standard: '13 to 19, verified at sign-up' },
  { check: 'Consent for under-18s', standard: 'Parent or guardian, before first survey' },
  { check: 'Assent', standard: 'Shown at the start of every survey' },
  { check: 'Questionnaire review', standard: 'Every survey, before launch' },
  { check: 'Open-text safeguarding scan', standard: 'Every answer, as it arrives' },
];

export function QualityPage() {
  return (
    <>
      <PageHero
        eyebrow="Data quality"
        title="Every answer checked, every teenager protected"
        description="Good youth research depends on two things: data you can trust and participants who are safe. Our quality process is designed to deliver both on every survey."
      />

      <MarketingSection
        id="process"
        eyebrow="Our process"
        title="Quality at every stage of a survey"
        description="Six checks run on every study, from the moment a teen joins the panel to the moment you open your results."
      >
        <Timeline active={stages.length} bulletSize={40} lineWidth={2} maw={760}>
          {stages.map((stage) => (
            <Timeline.Item key={stage.title} bullet={<stage.icon size={20} aria-hidden />}>
              <Title order={3} fz="lg" mb={4}>
                {stage.title}
              </Title>
              <Text c="dimmed" lh={1.65} mb="lg">
                {stage.text}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </MarketingSection>

      <MarketingSection id="standards" eyebrow="Standards" title="The numbers we hold ourselves to" muted>
        <Card withBorder radius="lg" padding={0} maw={820}>
          <Table verticalSpacing="md" horizontalSpacing="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Check</Table.Th>
                <Table.Th scope="col">Our standard</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {standards.map((row) => (
                <Table.Tr key={row.check}>
                  <Table.Th scope="row" fw={500}>
                    {row.check}
                  </Table.Th>
                  <Table.Td fw={600}>{row.standard}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </MarketingSection>

      <ContentFaqSection placement="quality" title="Questions about quality" />
      <CreateAccountBanner />
    </>
  );
}
