import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconDownload,
  IconFileInvoice,
  IconFileText,
  IconReceipt,
} from '@tabler/icons-react';
import type { DownloadableProduct, OrderDocument, OrderShape } from '@tv/contract';
import type { ReactNode } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { useDownloadableProducts, useOrderDocuments, useOrders } from '../api/shop-queries';
import { commerceMessage } from '../utils/checkout-form';
import { downloadsLeft, formatOrderDate, formatUsd } from '../utils/orders';
import { DownloadButton } from './download-button';
import { OrderStatusBadge } from './order-status-badge';

function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label}>
      {[...Array(rows).keys()].map((row) => (
        <Paper key={row} withBorder radius="lg" p="md">
          <Stack gap={8}>
            <Group justify="space-between">
              <Skeleton h={18} w="35%" />
              <Skeleton h={20} w={90} />
            </Group>
            <Skeleton h={14} w="60%" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function LoadError({ query, title }: { query: { error: unknown; refetch: () => unknown }; title: string }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{commerceMessage(query.error, 'Please try again in a moment.')}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** A bordered list of rows: one card per entry, which stacks well on a phone. */
function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

const documentTitle: Record<OrderDocument['kind'], string> = {
  invoice: 'Invoice',
  receipt: 'Receipt',
  credit_note: 'Credit note',
};

/** The order's documents as PDFs: none is taken away, a refund adds its credit note. */
function OrderDocuments({ documents, order }: { documents: OrderDocument[]; order: OrderShape }) {
  if (documents.length === 0) return null;
  return (
    <Group
      gap="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`Documents of order ${order.increment_id}`}
    >
      {documents.map((document) => (
        <li key={document.number}>
          <Anchor href={document.pdf_url} target="_blank" rel="noopener" size="sm" fw={600}>
            <IconFileText size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
            {documentTitle[document.kind]} {document.number} (PDF)
          </Anchor>
        </li>
      ))}
    </Group>
  );
}

function OrderRow({ order, documents }: { order: OrderShape; documents: OrderDocument[] }) {
  const organization = order.extension_attributes.organization_name;
  const names = order.items.map((item) => item.name).join(', ');
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-testid="order-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>Order {order.increment_id}</Text>
            <OrderStatusBadge state={order.state} size="sm" />
          </Group>
          <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
            {formatUsd(order.grand_total)}
          </Text>
        </Group>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {names}
        </Text>
        <Text size="sm" c="dimmed">
          {formatOrderDate(order.created_at)}
          {organization ? ` · for ${organization}` : ''}
          {order.extension_attributes.placed_by_me
            ? ''
            : ` · placed by ${order.customer_firstname} ${order.customer_lastname}`}
        </Text>
        <Group gap="md" mt={4}>
          <AnchorLink to="/order-confirmation" search={{ order: order.entity_id }} size="sm" fw={600}>
            Order details<VisuallyHidden>{` for order ${order.increment_id}`}</VisuallyHidden>
          </AnchorLink>
          {order.extension_attributes.has_receipt ? (
            <AnchorLink
              to="/user/purchase-history/receipts/$orderId"
              params={{ orderId: String(order.entity_id) }}
              size="sm"
              fw={600}
            >
              Receipt<VisuallyHidden>{` for order ${order.increment_id}`}</VisuallyHidden>
            </AnchorLink>
          ) : null}
        </Group>
        <OrderDocuments documents={documents} order={order} />
      </Stack>
    </Paper>
  );
}

/** Every order the person placed, or placed for one of their organisations; newest first. */
export function OrderHistory() {
  const orders = useOrders();
  const documents = useOrderDocuments();
  if (orders.isPending) return <ListSkeleton label="Loading your orders" rows={2} />;
  if (orders.isError) return <LoadError query={orders} title="Your orders could not be loaded" />;
  if (orders.data.items.length === 0) {
    return (
      <EmptyStateCard
        icon={IconReceipt}
        title="No orders yet"
        description="When you buy a research report, its order, receipt and downloads appear here. Orders placed for your organization show up too."
        action={<ButtonLink to="/research">Browse research reports</ButtonLink>}
      />
    );
  }
  return (
    <RowList label="Orders">
      {orders.data.items.map((order) => (
        <OrderRow
          key={order.entity_id}
          order={order}
          documents={(documents.data?.items ?? []).filter(
            (document) => document.order_id === order.entity_id,
          )}
        />
      ))}
    </RowList>
  );
}

function DownloadRow({ link }: { link: DownloadableProduct }) {
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-testid="download-row">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" style={{ flexShrink: 0 }}>
            <IconFileText size={22} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            {link.url_key ? (
              <AnchorLink
                to="/research/reports/$report"
                params={{ report: link.url_key }}
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {link.product_name}
              </AnchorLink>
            ) : (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {link.product_name}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Order{' '}
              <AnchorLink
                to="/order-confirmation"
                search={{ order: link.order_id }}
                size="sm"
                underline="always"
              >
                {link.order_increment_id}
              </AnchorLink>{' '}
              · <span data-testid="downloads-left">{downloadsLeft(link)}</span>
            </Text>
          </Stack>
        </Group>
        <DownloadButton link={link} variant="light" />
      </Group>
    </Paper>
  );
}

/** The reports the person can download: their own purchases and their organisations'. */
export function YourDownloads() {
  const downloads = useDownloadableProducts();
  if (downloads.isPending) return <ListSkeleton label="Loading your downloads" rows={2} />;
  if (downloads.isError) return <LoadError query={downloads} title="Your downloads could not be loaded" />;
  if (downloads.data.items.length === 0) {
    return (
      <EmptyStateCard
        icon={IconDownload}
        title="No downloads yet"
        description="Reports you buy are downloaded from here as PDF files. A report bought by invoice appears as soon as you order it and unlocks when the invoice is paid."
        action={
          <ButtonLink
            to="/research"
            variant="default"
            leftSection={<IconFileInvoice size={18} aria-hidden />}
          >
            Find a report
          </ButtonLink>
        }
      />
    );
  }
  return (
    <RowList label="Downloads">
      {downloads.data.items.map((link) => (
        <DownloadRow key={link.link_hash} link={link} />
      ))}
    </RowList>
  );
}

// The account's saved billing addresses, loaded with the purchase history.
export { SavedAddresses } from './saved-addresses-section';
