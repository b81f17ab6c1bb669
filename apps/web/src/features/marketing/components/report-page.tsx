import {
  Badge,
  Container,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { PublicReport, StrapiEntry } from '@tv/contract';
import { researchThemeLabels } from '@tv/contract';
import { ButtonLink } from '../../../components/ui/links';
import { useReport } from '../api/get-report';
import { getReportsQueryOptions, type ReportCard } from '../api/get-reports';
import { formatCount, formatDateRange, formatLongDate, formatUsd } from '../utils/format';
import { mixFeed } from '../utils/research-feed';
import { mediaImage } from '../utils/strapi';
import { ContentHeader } from './content-header';
import classes from './marketing.module.css';
import { PreviewViewer } from './preview-viewer';
import research from './research.module.css';
import { ResearchCard } from './research-card';
import { RichText } from './rich-text';

/** Related reports: the newest others of the same theme. */
export const relatedReportsQueryOptions = (theme: string) => getReportsQueryOptions({ theme, pageSize: 4 });

function ProductData({ report }: { report: PublicReport }) {
  const { methodology } = report;
  const rows: [string, string][] = [
    ['Format', report.format],
    ['Pages', formatCount(report.pageCount)],
    ['Fieldwork', formatDateRange(methodology.fieldworkStart, methodology.fieldworkEnd)],
  ];
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      className={research.productCard}
      component="aside"
      aria-label="Buy this report"
    >
      <Stack gap="md">
        <Text fw={800} fz={32} lh={1} data-testid="report-price">
          {formatUsd(report.listPrice)}
        </Text>
        <Table variant="vertical" withRowBorders={false} verticalSpacing={6} horizontalSpacing={0}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={100} c="dimmed" fw={500} bg="transparent">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <ButtonLink
          to="/contact"
          size="md"
          fullWidth
          h="auto"
          py={10}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
        >
          Available to buy soon — talk to us
        </ButtonLink>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size="sm" c="dimmed" lh={1.5}>
            Online checkout opens in early 2027; until then our team sends it with an invoice.
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function Methodology({ report }: { report: PublicReport }) {
  const { methodology } = report;
  const facts: [string, string][] = [
    ['Sample size', `${formatCount(methodology.sampleSize)} teenagers`],
    ['Ages', methodology.ages],
    ['Regions', methodology.regions],
    [
      'Fieldwork',
      `${formatLongDate(methodology.fieldworkStart)} to ${formatLongDate(methodology.fieldworkEnd)}`,
    ],
  ];
  return (
    <section aria-labelledby="methodology-heading">
      <Title order={2} id="methodology-heading" fz={26} mb="md">
        Methodology
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mb="md">
        {facts.map(([label, value]) => (
          <div key={label} className={classes.stat}>
            <Text size="xs" fw={700} tt="uppercase" lts={0.6} c="dimmed">
              {label}
            </Text>
            <Text fw={600} mt={4}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {methodology.method ? (
        <Text lh={1.7} c="dimmed">
          {methodology.method}
        </Text>
      ) : null}
    </section>
  );
}

function RelatedReports({ report }: { report: StrapiEntry<ReportCard> }) {
  const { data } = useSuspenseQuery(relatedReportsQueryOptions(report.attributes.theme));
  const related = mixFeed(undefined, data)
    .filter((item) => item.id !== report.id)
    .slice(0, 3);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
      <Title order={2} id="related-heading" fz={26} mb="lg">
        More {researchThemeLabels[report.attributes.theme]?.toLowerCase()} research
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {related.map((item) => (
          <ResearchCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
    </section>
  );
}

export function ReportPage() {
  const { report: slug = '' } = useParams({ strict: false });
  const { data: entry } = useReport(slug);
  // The route's loader turns an unknown slug into the 'Page Not Found' screen before this renders.
  if (!entry) return null;
  const report = entry.attributes;

  return (
    <>
      <ContentHeader
        eyebrow={
          <Group gap="xs">
            <Badge radius="sm">Report</Badge>
            <Text size="sm" fw={700} tt="uppercase" lts={0.6} c="var(--mantine-color-anchor)">
              {researchThemeLabels[report.theme]}
            </Text>
          </Group>
        }
        title={report.title}
        summary={report.summary}
        cover={mediaImage(report.cover, `Cover of ${report.title}`)}
      />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Grid gap={{ base: 40, md: 56 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap={48}>
              <section aria-label="About this report">
                <RichText html={report.description} />
              </section>
              {report.keyFindings.length > 0 ? (
                <section aria-labelledby="findings-heading">
                  <Title order={2} id="findings-heading" fz={26} mb="md">
                    Key findings
                  </Title>
                  <List
                    spacing="sm"
                    center={false}
                    icon={
                      <ThemeIcon size={22} radius="xl" variant="light">
                        <IconCheck size={14} aria-hidden />
                      </ThemeIcon>
                    }
                  >
                    {report.keyFindings.map((finding) => (
                      <List.Item key={finding}>
                        <Text lh={1.6}>{finding}</Text>
                      </List.Item>
                    ))}
                  </List>
                </section>
              ) : null}
              <Methodology report={report} />
              {report.previewPages.data.length > 0 ? (
                <section aria-labelledby="preview-heading">
                  <Title order={2} id="preview-heading" fz={26} mb="md">
                    Look inside
                  </Title>
                  <PreviewViewer pages={report.previewPages} title={report.title} />
                </section>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ProductData report={report} />
          </Grid.Col>
        </Grid>
        <Stack mt={72}>
          <RelatedReports report={entry} />
        </Stack>
      </Container>
    </>
  );
}
