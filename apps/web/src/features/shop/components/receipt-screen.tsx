import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconFileDownload,
  IconPrinter,
  IconReceiptOff,
} from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import type { ReceiptShape } from '@tv/contract';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { AnchorLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { isHttpError } from '../../../lib/http-error';
import { useReceipt } from '../api/shop-queries';
import { commerceMessage } from '../utils/checkout-form';
import { formatOrderDate, formatUsd, parseOrderId } from '../utils/orders';
import { BillingAddress, OrderLines, OrderTotals } from './order-details';
import classes from './receipt.module.css';

export function ReceiptScreen() {
  const params = useParams({ strict: false }) as { orderId?: string };
  const orderId = parseOrderId(params.orderId);
  const receipt = useReceipt(orderId);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" className={classes.toolbar}>
        <AnchorLink to="/user/purchase-history" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            Purchase history
          </Group>
        </AnchorLink>
        {receipt.data ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => window.print()}
            >
              Print
            </Button>
            {/* The session cookie authenticates the PDF, so it is a plain link. */}
            <Button
              component="a"
              href={receipt.data.pdf_url}
              download={`receipt-${receipt.data.receipt_number}.pdf`}
              leftSection={<IconFileDownload size={18} aria-hidden />}
            >
              Download PDF
            </Button>
          </Group>
        ) : null}
      </Group>
      {receipt.data ? null : (
        <ScreenHeader
          area="Account"
          title="Receipt"
          description="The receipt of a paid order, to print or to keep as a PDF."
        />
      )}
      {orderId === null || (receipt.isError && isHttpError(receipt.error) && receipt.error.status === 404) ? (
        <EmptyStateCard
          icon={IconReceiptOff}
          title="There is no receipt for this order"
          description="A receipt is issued once an order is paid. An order awaiting payment gets one when its invoice is paid; an order of another account has none here. Your purchase history lists your orders and their receipts."
          action={
            <AnchorLink to="/user/purchase-history" fw={600}>
              Go to your purchase history
            </AnchorLink>
          }
        />
      ) : receipt.isPending ? (
        <Paper withBorder radius="lg" p="xl" role="status" aria-busy="true" aria-label="Loading your receipt">
          <Stack gap="md">
            <Skeleton h={28} w="40%" />
            <Skeleton h={16} w="60%" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Skeleton h={80} />
              <Skeleton h={80} />
            </SimpleGrid>
            <Skeleton h={18} />
            <Skeleton h={18} />
          </Stack>
        </Paper>
      ) : receipt.isError ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="Your receipt could not be loaded"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{commerceMessage(receipt.error, 'Please try again in a moment.')}</Text>
            <Button size="xs" variant="default" onClick={() => void receipt.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Receipt receipt={receipt.data} />
      )}
    </Stack>
  );
}

function Receipt({ receipt }: { receipt: ReceiptShape }) {
  const reference = receipt.payment.reference;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 40 }}
      className={classes.receipt}
      component="article"
      aria-labelledby="receipt-heading"
      data-testid="receipt"
    >
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={2}>
            <Text fw={800} fz="xl">
              {receipt.seller.name}
            </Text>
            {receipt.seller.address.map((line) => (
              <Text key={line} size="sm" c="dimmed">
                {line}
              </Text>
            ))}
            <Text size="sm" c="dimmed">
              {receipt.seller.email}
            </Text>
          </Stack>
          <Stack gap={2} className={classes.receiptMeta}>
            <Title order={1} fz={{ base: 26, sm: 30 }} id="receipt-heading">
              Receipt
            </Title>
            <Text size="sm">
              <Text span c="dimmed">
                Receipt number{' '}
              </Text>
              <Text span fw={600} data-testid="receipt-number">
                {receipt.receipt_number}
              </Text>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Paid{' '}
              </Text>
              <Text span fw={600}>
                {formatOrderDate(receipt.paid_at)}
              </Text>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Order{' '}
              </Text>
              <Text span fw={600}>
                {receipt.order_increment_id}
              </Text>
              <Text span c="dimmed">
                {' '}
                of {formatOrderDate(receipt.created_at)}
              </Text>
            </Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <section aria-labelledby="billed-to-heading">
            <Title order={2} fz="sm" tt="uppercase" lts={0.5} c="dimmed" mb={6} id="billed-to-heading">
              Billed to
            </Title>
            <BillingAddress address={receipt.billing_address} />
          </section>
          <section aria-labelledby="payment-heading">
            <Title order={2} fz="sm" tt="uppercase" lts={0.5} c="dimmed" mb={6} id="payment-heading">
              Payment
            </Title>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {receipt.payment.title}
              </Text>
              <Text size="sm">
                {formatUsd(receipt.payment.amount_paid)} paid on {formatOrderDate(receipt.paid_at)}
              </Text>
              {reference ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Reference {reference}
                </Text>
              ) : null}
            </Stack>
          </section>
        </SimpleGrid>

        <section aria-labelledby="receipt-items-heading">
          <Title order={2} fz="sm" tt="uppercase" lts={0.5} c="dimmed" mb={4} id="receipt-items-heading">
            Items
          </Title>
          <OrderLines items={receipt.items} />
          <Divider my="sm" />
          <OrderTotals order={receipt} />
        </section>

        {receipt.total_refunded > 0 || receipt.refunded_item_ids.length > 0 ? (
          <Text size="sm" fw={600} data-testid="receipt-refund-note">
            {receipt.items.length > 0 &&
            receipt.items.every((item) => receipt.refunded_item_ids.includes(item.item_id))
              ? `This order was refunded (${formatUsd(receipt.total_refunded)}): its downloads have ended. The credit note is in your purchase history.`
              : `Part of this order was refunded (${formatUsd(receipt.total_refunded)}): downloads of the refunded reports (${receipt.items
                  .filter((item) => receipt.refunded_item_ids.includes(item.item_id))
                  .map((item) => item.name)
                  .join(', ')}) have ended.`}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          All amounts in US dollars ({receipt.currency_code}). Keep this receipt for your records; you can
          download it again from your purchase history at any time.
        </Text>
      </Stack>
    </Paper>
  );
}
