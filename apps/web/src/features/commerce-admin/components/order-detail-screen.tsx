import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconCash,
  IconCircleCheck,
  IconCircleDot,
  IconReceiptRefund,
  IconX,
} from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import type { AdminOrderDetail } from '@tv/contract';
import { adminRefundSchema } from '@tv/contract';
import { type ReactNode, useState } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import { QueryState } from '../../../components/ui/query-state';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { serverMessage } from '../../../lib/backend-client';
import { useAdminOrder } from '../api/get-order';
import { useOrderAction } from '../api/order-actions';
import { formatDateTime, formatUsd } from '../utils/format';
import {
  availableOrderActions,
  downloadStatusLabel,
  historyStatusLabel,
  type OrderAction,
  paymentMethodLabel,
} from '../utils/order-states';
import { useCanManageShop } from '../utils/permissions';
import { shopAdminPath } from '../utils/shop-search';
import classes from './commerce-admin.module.css';
import { OrderStateBadge } from './order-state-badge';

const ordersPath = `${shopAdminPath}/orders`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function MoneyRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

const actionNotices: Record<OrderAction, { title: string; message: (order: AdminOrderDetail) => string }> = {
  'mark-paid': {
    title: 'Marked paid',
    message: (order) =>
      `Order #${order.incrementId} is paid; the downloads are open and the receipt is on its way.`,
  },
  cancel: { title: 'Order canceled', message: (order) => `Order #${order.incrementId} is canceled.` },
  refund: {
    title: 'Order refunded',
    message: (order) => `Order #${order.incrementId} is refunded; its downloads have stopped.`,
  },
};

function OrderActions({ order }: { order: AdminOrderDetail }) {
  const action = useOrderAction(order.id);
  const [open, setOpen] = useState<OrderAction | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const refundable = order.items.filter((item) => !item.refunded);
  const [lines, setLines] = useState<string[]>([]);
  const actions = availableOrderActions(order);

  const start = (next: OrderAction) => {
    action.reset();
    setReason('');
    setReasonError(null);
    setLines(refundable.map((item) => String(item.id)));
    setOpen(next);
  };
  const close = () => {
    if (!action.isPending) setOpen(null);
  };
  const run = (kind: OrderAction, extra: { reason?: string; itemIds?: number[] } = {}) =>
    action.mutate(
      { action: kind, version: order.version, ...extra },
      {
        onSuccess: (changed) => {
          setOpen(null);
          notifications.show({
            color: 'green',
            title: actionNotices[kind].title,
            message: actionNotices[kind].message(changed),
          });
        },
      },
    );

  if (actions.length === 0) return null;
  return (
    <>
      <Group gap="sm">
        {actions.includes('mark-paid') ? (
          <Button
            leftSection={<IconCash size={16} aria-hidden />}
            color="green.8"
            onClick={() => start('mark-paid')}
          >
            Mark paid
          </Button>
        ) : null}
        {actions.includes('cancel') ? (
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => start('cancel')}
          >
            Cancel order
          </Button>
        ) : null}
        {actions.includes('refund') ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconReceiptRefund size={16} aria-hidden />}
            onClick={() => start('refund')}
          >
            Refund
          </Button>
        ) : null}
      </Group>

      <FormModal
        opened={open === 'mark-paid'}
        title={`Mark order #${order.incrementId} paid?`}
        onClose={close}
        onSubmit={(event) => {
          event.preventDefault();
          run('mark-paid');
        }}
        pending={action.isPending}
        error={action.error}
        submitLabel="Mark paid"
        submitColor="green.8"
      >
        <Text size="sm">
          Do this once the invoice's {formatUsd(order.grandTotal)} has arrived. The downloads open at once and
          the receipt mail goes to {order.customerEmail}.
        </Text>
      </FormModal>

      <FormModal
        opened={open === 'cancel'}
        title={`Cancel order #${order.incrementId}?`}
        onClose={close}
        onSubmit={(event) => {
          event.preventDefault();
          run('cancel');
        }}
        pending={action.isPending}
        error={action.error}
        submitLabel="Cancel order"
        submitColor="red.9"
        cancelLabel="Keep order"
      >
        <Text size="sm">
          The order stays in the list as Canceled and its reports can never be downloaded. This cannot be
          undone: the buyer would have to order again.
        </Text>
      </FormModal>

      <ReasonModal
        opened={open === 'refund'}
        title={`Refund order #${order.incrementId}?`}
        onClose={close}
        onSubmit={() => {
          const parsed = adminRefundSchema.shape.reason.safeParse(reason);
          if (!parsed.success) {
            setReasonError(parsed.error.issues[0]?.message ?? 'Say why the order is refunded.');
            return;
          }
          if (lines.length === 0) {
            setReasonError('Choose at least one report to refund.');
            return;
          }
          setReasonError(null);
          const whole = lines.length === refundable.length;
          run('refund', { reason: parsed.data, ...(whole ? {} : { itemIds: lines.map(Number) }) });
        }}
        label="Reason"
        description="Kept in the order's history. The buyer's downloads stop at once."
        placeholder="For example: bought twice by mistake"
        value={reason}
        onChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
        error={
          reasonError ?? (action.isError ? serverMessage(action.error, 'The refund did not work.') : null)
        }
        submitLabel={
          lines.length === refundable.length
            ? `Refund ${formatUsd(order.amountPaid - order.amountRefunded)}`
            : `Refund ${lines.length} of ${refundable.length} reports`
        }
        submitColor="red.9"
        pending={action.isPending}
      >
        <Checkbox.Group label="Reports to refund" value={lines} onChange={setLines}>
          <Stack gap={6} mt={6}>
            {refundable.map((item) => (
              <Checkbox
                key={item.id}
                value={String(item.id)}
                label={`${item.name} (${formatUsd(item.price * item.qty)})`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="sm">
          {order.paymentMethod === 'stripe_payments'
            ? 'Stripe refunds the card at once: each report gives back its share of what was paid, tax included.'
            : `Each report gives back its share of what was paid; pay the money back by ${paymentMethodLabel(order.paymentMethod).toLowerCase()} as usual.`}{' '}
          The buyer is emailed a credit note and the refunded downloads stop. Refunding every report closes
          the order.
        </Text>
      </ReasonModal>
    </>
  );
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const canManage = useCanManageShop();
  const address = order.billingAddress;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
            Platform admin · Shop
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Order #{order.incrementId}
          </Title>
          <Group gap="sm">
            <OrderStateBadge state={order.state} size="lg" />
            <Text size="sm" c="dimmed">
              Placed {formatDateTime(order.createdAt)}
            </Text>
          </Group>
        </Stack>
        {canManage ? <OrderActions order={order} /> : null}
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Section title="Reports">
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Report</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.items.map((item) => (
                    <Table.Tr key={item.sku}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {item.name}
                          {item.qty > 1 ? ` × ${item.qty}` : ''}
                        </Text>
                        {item.refunded ? (
                          <Badge color="gray" variant="light" size="sm">
                            Refunded
                          </Badge>
                        ) : null}
                        <Text size="xs" c="dimmed" ff="monospace">
                          {item.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatUsd(item.price * item.qty)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Stack gap={4}>
                <MoneyRow label="Subtotal" value={formatUsd(order.subtotal)} />
                <MoneyRow label="Tax" value={formatUsd(order.taxAmount)} />
                <MoneyRow label="Grand total" value={formatUsd(order.grandTotal)} strong />
              </Stack>
            </Section>

            {order.creditNotes.length > 0 ? (
              <Section title="Credit notes">
                <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {order.creditNotes.map((note) => (
                    <li key={note.number}>
                      <Anchor href={note.pdfUrl} target="_blank" rel="noopener" size="sm" fw={600}>
                        Credit note {note.number} (PDF)
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {formatUsd(note.amount)} on {formatDateTime(note.createdAt)}: {note.reason}
                      </Text>
                    </li>
                  ))}
                </Stack>
              </Section>
            ) : null}

            <Section title="History">
              {order.history.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nothing has happened to this order yet.
                </Text>
              ) : (
                <Timeline bulletSize={22} lineWidth={2} active={order.history.length - 1}>
                  {order.history.map((entry, index) => (
                    <Timeline.Item
                      // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end, so a place keeps its entry
                      key={`${entry.createdAt}-${index}`}
                      bullet={
                        index === order.history.length - 1 ? (
                          <IconCircleCheck size={14} aria-hidden />
                        ) : (
                          <IconCircleDot size={14} aria-hidden />
                        )
                      }
                      title={
                        <Text size="sm" fw={600}>
                          {historyStatusLabel(entry.status)}
                        </Text>
                      }
                    >
                      {entry.comment ? <Text size="sm">{entry.comment}</Text> : null}
                      <Text size="xs" c="dimmed">
                        {formatDateTime(entry.createdAt)}
                        {entry.actorName ? ` · by ${entry.actorName}` : ''}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title="Billing address">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {address.company}
                </Text>
                <Text size="sm">
                  {address.firstname} {address.lastname}
                </Text>
                {address.street.map((line) => (
                  <Text size="sm" key={line}>
                    {line}
                  </Text>
                ))}
                <Text size="sm">
                  {address.city}, {address.region_code} {address.postcode}
                </Text>
                <Text size="sm">United States</Text>
                <Anchor href={`mailto:${address.email}`} size="sm" mt={4} style={{ wordBreak: 'break-all' }}>
                  {address.email}
                </Anchor>
                {address.telephone ? <Text size="sm">{address.telephone}</Text> : null}
              </Stack>
              <Text size="sm" c="dimmed">
                Organization: {order.organizationName ?? 'none'}
              </Text>
            </Section>

            <Section title="Payment">
              <Stack gap={4}>
                <MoneyRow label="Method" value={paymentMethodLabel(order.paymentMethod)} />
                {order.paymentReference ? (
                  <MoneyRow
                    label={order.paymentMethod === 'purchaseorder' ? 'PO number' : 'Reference'}
                    value={order.paymentReference}
                  />
                ) : null}
                <MoneyRow label="Paid" value={formatUsd(order.amountPaid)} />
                <MoneyRow label="Refunded" value={formatUsd(order.amountRefunded)} />
              </Stack>
              {order.refundReason ? (
                <Text size="sm">
                  <Text span fw={600}>
                    Refund reason:
                  </Text>{' '}
                  {order.refundReason}
                </Text>
              ) : null}
            </Section>

            <Section title="Downloads">
              {order.downloads.length === 0 ? (
                <Text size="sm" c="dimmed">
                  This order has no downloads.
                </Text>
              ) : (
                <Stack gap="sm">
                  {order.downloads.map((download, index) => (
                    <Group
                      // biome-ignore lint/suspicious/noArrayIndexKey: one link per order item, listed in a fixed order
                      key={`${download.linkTitle}-${index}`}
                      justify="space-between"
                      gap="sm"
                      wrap="nowrap"
                    >
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500}>
                          {download.linkTitle}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {download.bought === 0
                            ? `${download.used} downloaded, unlimited`
                            : `${download.used} of ${download.bought} downloads used`}
                        </Text>
                      </div>
                      <Badge
                        variant="light"
                        radius="sm"
                        className={classes.badge}
                        color={
                          download.status === 'available'
                            ? 'green'
                            : download.status === 'expired'
                              ? 'gray'
                              : 'yellow'
                        }
                      >
                        {downloadStatusLabel(download.status)}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

const detailSkeleton = (
  <Stack gap="sm">
    <Skeleton h={28} w="40%" />
    <Skeleton h={18} w="70%" />
    <Skeleton h={18} w="55%" />
  </Stack>
);

/** One order for staff: what was bought, by whom, how it was paid, what happened to it, and its actions. */
export function OrderDetailScreen() {
  const params = useParams({ strict: false }) as { orderId?: string };
  const id = Number(params.orderId);
  const order = useAdminOrder(id);
  return (
    <Stack gap="lg">
      <Anchor renderRoot={(props) => <Link {...props} to={ordersPath} />} size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          All orders
        </Group>
      </Anchor>
      <QueryState
        query={order}
        loadingLabel="Loading the order"
        skeletonRows={3}
        skeletonRow={detailSkeleton}
        errorTitle="The order could not be loaded"
      >
        {(data) => <OrderDetail order={data} />}
      </QueryState>
    </Stack>
  );
}
