import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconFileInvoice,
  IconMailForward,
  IconReceiptOff,
} from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import type { OrderShape } from '@tv/contract';
import { useEffect, useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useCardPayment, useDownloadableProducts, useOrders } from '../api/shop-queries';
import { commerceMessage } from '../utils/checkout-form';
import { formatOrderDate, isPaid, orderStatusLabel, parseOrderId } from '../utils/orders';
import { DownloadButton } from './download-button';
import { BillingAddress, DetailSection, FactList, OrderLines, OrderTotals } from './order-details';
import { OrderStatusBadge } from './order-status-badge';
import classes from './shop.module.css';

export function OrderConfirmationScreen() {
  const search = useSearch({ strict: false }) as { order?: unknown };
  const orderId = parseOrderId(search.order);
  if (orderId === null) return <OrderNotFound reason="missing" />;
  return <OrderConfirmation orderId={orderId} />;
}

function OrderNotFound({ reason }: { reason: 'missing' | 'unknown' }) {
  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Shop"
        title="Order confirmation"
        description="A summary of your order and the report downloads it unlocked."
      />
      <EmptyStateCard
        icon={IconReceiptOff}
        title="We could not find that order"
        description={
          reason === 'missing'
            ? 'This address does not name an order. Your purchase history lists every order you placed, with its downloads.'
            : 'It is not one of your orders or your organizations’ orders. Check that you are signed in with the account that placed it, or open your purchase history.'
        }
        action={<ButtonLink to="/user/purchase-history">Go to your purchase history</ButtonLink>}
      />
    </Stack>
  );
}

function ConfirmationSkeleton() {
  return (
    <Stack gap="xl" role="status" aria-busy="true" aria-label="Loading your order">
      <Stack gap={8}>
        <Skeleton h={14} w={80} />
        <Skeleton h={34} w="60%" />
        <Skeleton h={18} w="40%" />
      </Stack>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Skeleton h={20} w="30%" />
          <Skeleton h={16} />
          <Skeleton h={16} w="70%" />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Skeleton h={20} w="25%" />
          <Skeleton h={18} />
          <Skeleton h={18} />
        </Stack>
      </Paper>
    </Stack>
  );
}

function OrderConfirmation({ orderId }: { orderId: number }) {
  const orders = useOrders();
  if (orders.isPending) return <ConfirmationSkeleton />;
  if (orders.isError) {
    return (
      <Stack gap="xl">
        <ScreenHeader
          area="Shop"
          title="Order confirmation"
          description="A summary of your order and the report downloads it unlocked."
        />
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="Your order could not be loaded"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {commerceMessage(orders.error, 'Please try again in a moment.')} The order itself is safe: it is
              in your purchase history.
            </Text>
            <Button size="xs" variant="default" onClick={() => void orders.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  const order = orders.data.items.find((item) => item.entity_id === orderId);
  // A list read before the order was placed is being read again: wait for it before saying 'not found'.
  if (!order && orders.isFetching) return <ConfirmationSkeleton />;
  if (!order) return <OrderNotFound reason="unknown" />;
  if (order.payment.method === 'stripe_payments' && order.state === 'pending_payment')
    return <CardPaymentPending order={order} onPaid={() => void orders.refetch()} />;
  return <ConfirmedOrder order={order} />;
}

/**
 * Back from Stripe's page before its webhook reached us: 'payment processing', asked again every two
 * seconds until the order is paid (then the confirmation shows), or back on Stripe's page if unpaid.
 */
function CardPaymentPending({ order, onPaid }: { order: OrderShape; onPaid: () => void }) {
  const payment = useCardPayment(order.entity_id, true);
  const state = payment.data?.state;
  useEffect(() => {
    if (state && state !== 'pending_payment') onPaid();
  }, [state, onPaid]);
  const [since] = useState(() => Date.now());
  const gaveUp = payment.data?.state === 'pending_payment' && payment.dataUpdatedAt - since > 110_000;
  return (
    <Stack gap="xl" className={classes.wrapAnywhere}>
      <ScreenHeader
        area="Shop"
        title="Payment processing"
        description={`Order ${order.increment_id} for ${order.customer_email}.`}
      />
      <DetailSection
        id="next-heading"
        title="Your card payment"
        action={<OrderStatusBadge state={order.state} size="lg" />}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Stack gap={4}>
            <Text data-testid="payment-processing">
              {gaveUp
                ? 'Stripe has not confirmed the payment yet. If you paid, your receipt arrives by email as soon as it does; nothing is charged twice.'
                : 'We are waiting for Stripe to confirm your payment. This page updates by itself; it usually takes a few seconds.'}
            </Text>
            {payment.data?.url ? (
              <Text size="sm">
                Not paid yet? <Anchor href={payment.data.url}>Return to the card payment page</Anchor>.
              </Text>
            ) : null}
          </Stack>
        </Group>
      </DetailSection>
      <DetailSection id="items-heading" title="Items">
        <OrderLines items={order.items} />
        <OrderTotals order={order} />
      </DetailSection>
    </Stack>
  );
}

function NextSteps({ order }: { order: OrderShape }) {
  const label = orderStatusLabel(order.state);
  if (label === 'Paid') {
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" radius="xl" size={36}>
          <IconCircleCheck size={20} aria-hidden />
        </ThemeIcon>
        <Text>
          {order.grand_total === 0 ? 'Nothing to pay.' : 'Paid in full.'} Your reports are ready to download
          below, and always from your purchase history.
          {order.extension_attributes.organization_name
            ? ` Everyone in ${order.extension_attributes.organization_name} can download them too.`
            : ''}
        </Text>
      </Group>
    );
  }
  if (label === 'Awaiting payment') {
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="yellow" variant="light" radius="xl" size={36}>
          <IconMailForward size={20} aria-hidden />
        </ThemeIcon>
        <Stack gap={4}>
          <Text data-testid="next-steps">
            We have emailed the invoice to {order.billing_address.email}, with bank transfer details and its
            due date; it is also in your purchase history. Your downloads unlock as soon as payment arrives.
          </Text>
          {order.payment.po_number ? (
            <Text size="sm" c="dimmed">
              Purchase order number: {order.payment.po_number}
            </Text>
          ) : null}
        </Stack>
      </Group>
    );
  }
  return (
    <Text>
      {label === 'Refunded'
        ? 'This order was refunded, so its downloads are closed. Your purchase history shows the refund.'
        : 'This order was canceled before it was paid, so it has no downloads. Nothing was charged.'}
    </Text>
  );
}

function OrderDownloads({ order }: { order: OrderShape }) {
  const downloads = useDownloadableProducts();
  if (downloads.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your downloads">
        {order.items.map((item) => (
          <Skeleton key={item.item_id} h={36} />
        ))}
      </Stack>
    );
  }
  if (downloads.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="Downloads could not be loaded"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{commerceMessage(downloads.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="default" onClick={() => void downloads.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const links = downloads.data.items.filter((link) => link.order_id === order.entity_id);
  if (links.length === 0 && downloads.isFetching) {
    return <Skeleton h={36} role="status" aria-label="Loading your downloads" />;
  }
  if (links.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The downloads of this order are not ready yet. Reload the page in a moment, or open your purchase
        history.
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" className={classes.rows}>
      {links.map((link) => (
        <Box component="li" key={link.link_hash} py="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Text fw={600} style={{ flex: '1 1 220px', overflowWrap: 'anywhere' }}>
              {link.product_name}
            </Text>
            <DownloadButton link={link} />
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

function ConfirmedOrder({ order }: { order: OrderShape }) {
  const paid = isPaid(order);
  const pending = orderStatusLabel(order.state) === 'Awaiting payment';
  return (
    <Stack gap="xl" className={classes.wrapAnywhere}>
      <ScreenHeader
        area="Shop"
        title={pending || paid ? 'Thank you for your order' : `Order ${order.increment_id}`}
        description={`Order ${order.increment_id}, placed ${formatOrderDate(order.created_at)}. A confirmation is on its way to ${order.customer_email}.`}
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <DetailSection
              id="next-heading"
              title="What happens next"
              action={<OrderStatusBadge state={order.state} size="lg" />}
            >
              <NextSteps order={order} />
            </DetailSection>
            {paid ? (
              <DetailSection id="downloads-heading" title="Your downloads">
                <OrderDownloads order={order} />
              </DetailSection>
            ) : null}
            <DetailSection id="items-heading" title="Items">
              <OrderLines items={order.items} />
              <OrderTotals order={order} />
            </DetailSection>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <DetailSection id="order-heading" title="Order details">
              <FactList
                facts={[
                  ['Order number', order.increment_id],
                  ['Date', formatOrderDate(order.created_at)],
                  ['Payment', order.payment.title],
                  ...(order.payment.po_number
                    ? ([['Purchase order', order.payment.po_number]] as Array<[string, string]>)
                    : []),
                  ...(order.extension_attributes.organization_name
                    ? ([['Ordered for', order.extension_attributes.organization_name]] as Array<
                        [string, string]
                      >)
                    : []),
                ]}
              />
            </DetailSection>
            <DetailSection id="billing-heading" title="Billed to">
              <BillingAddress address={order.billing_address} />
            </DetailSection>
            <Stack gap="sm">
              {paid && order.extension_attributes.has_receipt ? (
                <ButtonLink
                  to="/user/purchase-history/receipts/$orderId"
                  params={{ orderId: String(order.entity_id) }}
                  variant="light"
                  leftSection={<IconFileInvoice size={18} aria-hidden />}
                >
                  View receipt
                </ButtonLink>
              ) : null}
              <Text size="sm" ta="center">
                <AnchorLink to="/user/purchase-history">Go to your purchase history</AnchorLink>
              </Text>
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
