import {
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCheck,
  IconDownload,
  IconFileDownload,
  IconMessageCircle,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { ProductRenderInfo, PublicReport, StrapiEntry } from '@tv/contract';
import { researchThemeLabels } from '@tv/contract';
import { type ReactNode, useState } from 'react';
import { AnchorLink } from '../../../components/ui/links';
import { commerceApi, commerceErrorMessage } from '../../../lib/commerce-client';
import { useCartStore } from '../../../stores/cart-store';
import { useUserStore } from '../../../stores/user-store';
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

/** A report's free sample PDF (the storefront product's sample), by the report's slug. */
const samplePath = (slug: string) => `/commerce-content/samples/${encodeURIComponent(slug)}`;

/** Related reports: the newest others of the same theme. */
export const relatedReportsQueryOptions = (theme: string) => getReportsQueryOptions({ theme, pageSize: 4 });

/**
 * The storefront's product for a report: public. Loaded with the page (on the server too, so a lite
 * page shows the price without the app, decision 018); a catalogue change renews the rendered page.
 */
export const reportProductQueryOptions = (slug: string) => ({
  queryKey: ['commerce', 'product-by-url-key', slug] as const,
  queryFn: () => commerceApi.productByUrlKey(slug),
  staleTime: 60_000,
});

const priceText = (price: number) => (price === 0 ? 'Free' : formatUsd(price));

const downloadsText = (downloads: number) =>
  downloads === 0 ? 'Unlimited' : `Up to ${formatCount(downloads)}`;

/**
 * Buying: a signed-in person gets the report in their cart and goes there; anyone else keeps it as the
 * pending product and creates an account (or signs in from there), after which it is added (spec §4).
 */
function useBuyReport(product: ProductRenderInfo | null | undefined) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const buy = async () => {
    if (!product) return;
    setError(null);
    const item = {
      sku: product.extension_attributes.sku,
      name: product.name,
      price: product.price_info.final_price,
    };
    if (useUserStore.getState().status !== 'authenticated') {
      useCartStore.getState().setPendingSku(item.sku);
      await navigate({ to: '/register', search: { redirect: '/cart' } });
      return;
    }
    setAdding(true);
    try {
      await useCartStore.getState().addToCart(item);
      await navigate({ to: '/cart' });
    } catch (failure) {
      setError(
        commerceErrorMessage(
          failure instanceof Error ? failure.cause : failure,
          'We could not add this report to your cart. Please try again.',
        ),
      );
    } finally {
      setAdding(false);
    }
  };
  return { buy, adding, error };
}

function ProductData({ report, slug }: { report: PublicReport; slug: string }) {
  const { methodology } = report;
  const product = useQuery(reportProductQueryOptions(slug));
  const { buy, adding, error } = useBuyReport(product.data);
  const loading = product.isPending;
  const salable = product.data?.is_salable === '1';
  const price = product.data?.price_info.final_price ?? null;

  const rows: [string, ReactNode][] = [
    ['Format', report.format],
    ['Pages', formatCount(report.pageCount)],
    ['Fieldwork', formatDateRange(methodology.fieldworkStart, methodology.fieldworkEnd)],
    [
      'Downloads',
      loading ? (
        <Skeleton key="downloads" h={16} w={90} radius="sm" aria-hidden />
      ) : product.data ? (
        downloadsText(product.data.extension_attributes.number_of_downloads)
      ) : (
        '—'
      ),
    ],
  ];

  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      className={research.productCard}
      component="aside"
      aria-label="Buy this report"
      aria-busy={loading || undefined}
    >
      <Stack gap="md">
        <Box h={32}>
          {loading ? (
            <Skeleton h={32} w={140} radius="sm" aria-hidden />
          ) : price !== null ? (
            <Text fw={800} fz={32} lh={1} data-testid="report-price">
              {priceText(price)}
            </Text>
          ) : (
            <Text fw={700} fz="lg" lh="32px" c="dimmed" data-testid="report-price">
              {product.isError ? 'Price unavailable' : 'Not sold online'}
            </Text>
          )}
        </Box>
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
        {loading ? (
          <Skeleton h={42} radius="md" aria-hidden />
        ) : product.isError ? (
          <Button size="md" variant="default" fullWidth onClick={() => void product.refetch()}>
            Try again
          </Button>
        ) : salable ? (
          <Button
            size="md"
            fullWidth
            loading={adding}
            leftSection={<IconShoppingCart size={18} aria-hidden />}
            onClick={() => void buy()}
          >
            {price === 0 ? 'Get free report' : 'Buy report'}
          </Button>
        ) : (
          <Button size="md" fullWidth disabled>
            Not available to buy
          </Button>
        )}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {product.data?.extension_attributes.has_sample ? (
          <Button
            component="a"
            href={samplePath(slug)}
            download
            size="md"
            variant="default"
            fullWidth
            leftSection={<IconFileDownload size={18} aria-hidden />}
          >
            Free sample (PDF)
          </Button>
        ) : null}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {product.isError || (!loading && !salable) ? (
            <>
              <IconMessageCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm" c="dimmed" lh={1.5}>
                {product.isError
                  ? 'We could not reach the shop just now. '
                  : 'This report is not on sale online right now. '}
                <AnchorLink to="/contact" inherit>
                  Talk to our team
                </AnchorLink>{' '}
                about getting a copy.
              </Text>
            </>
          ) : (
            <>
              <IconDownload size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm" c="dimmed" lh={1.5}>
                {price === 0
                  ? 'A PDF to download from your purchase history as soon as you check out, with no card or invoice needed.'
                  : 'A PDF to download from your purchase history once the order is paid. Organizations can pay by invoice.'}
              </Text>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * On a phone the product card sits after the whole description: this bar keeps the price and Buy in
 * view from the first screen. It sticks to the bottom of the page's content (not the window), so it
 * stops above the footer's links, and sits under the cookie banner; it follows the card in tab order.
 */
function BuyBar({ slug }: { slug: string }) {
  const product = useQuery(reportProductQueryOptions(slug));
  const { buy, adding } = useBuyReport(product.data);
  const price = product.data?.price_info.final_price ?? null;
  if (product.data?.is_salable !== '1' || price === null) return null;
  return (
    <Box hiddenFrom="md" className={research.buyBar} component="aside" aria-label="Price and buy">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={800} fz={22} lh={1} data-testid="buy-bar-price">
          {priceText(price)}
        </Text>
        <Button
          loading={adding}
          leftSection={<IconShoppingCart size={18} aria-hidden />}
          onClick={() => void buy()}
        >
          {price === 0 ? 'Get free report' : 'Buy report'}
        </Button>
      </Group>
    </Box>
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
            <ProductData report={report} slug={slug} />
          </Grid.Col>
        </Grid>
        <Stack mt={72}>
          <RelatedReports report={entry} />
        </Stack>
      </Container>
      <BuyBar slug={slug} />
    </>
  );
}
