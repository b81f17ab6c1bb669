import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OrderShape } from '@tv/contract';
import type { ReactNode } from 'react';
import { formatUsd } from '../utils/orders';
import { type MoneyRow, MoneyRows } from './money-rows';
import classes from './shop.module.css';

/** A titled card section of an order or receipt. */
export function DetailSection({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The reports of an order with their prices. */
export function OrderLines({ items }: { items: OrderShape['items'] }) {
  return (
    <Stack gap={0} component="ul" className={classes.rows}>
      {items.map((item) => (
        <Box component="li" key={item.item_id} py="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                Downloadable report · SKU {item.sku}
              </Text>
            </div>
            <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {item.row_total === 0 ? 'Free' : formatUsd(item.row_total)}
            </Text>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

/** Subtotal, a coupon's discount, tax, total, and what was refunded, if anything. */
export function orderMoneyRows(order: {
  subtotal: number;
  /** Negative on an order (as Magento writes it), positive on a receipt: either way, what came off. */
  discount_amount?: number;
  tax_amount: number;
  grand_total: number;
  total_refunded: number;
}): MoneyRow[] {
  const discount = Math.abs(order.discount_amount ?? 0);
  const rows: MoneyRow[] = [
    { label: 'Subtotal', value: order.subtotal },
    ...(discount > 0 ? [{ label: 'Discount', value: discount, negative: true }] : []),
    { label: 'Tax', value: order.tax_amount },
    { label: 'Grand Total', value: order.grand_total, total: true },
  ];
  if (order.total_refunded > 0) rows.push({ label: 'Refunded', value: order.total_refunded, negative: true });
  return rows;
}

export function OrderTotals({ order }: { order: Parameters<typeof orderMoneyRows>[0] }) {
  return <MoneyRows rows={orderMoneyRows(order)} />;
}

/** Name, company and address lines as they appear on an invoice. */
export function BillingAddress({ address }: { address: OrderShape['billing_address'] }) {
  const lines = [
    address.company,
    `${address.firstname} ${address.lastname}`,
    ...address.street.filter(Boolean),
    `${address.city}, ${address.region_code} ${address.postcode}`,
    address.country_id === 'US' ? 'United States' : address.country_id,
  ];
  return (
    <Stack gap={2}>
      {lines.map((line, index) => (
        // Lines can repeat (a company named like its contact), so the position is part of the key.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of address lines.
        <Text key={index} size="sm" fw={index === 0 ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {address.email}
      </Text>
    </Stack>
  );
}

/** Label / value pairs (order number, date, payment) in a responsive grid. */
export function FactList({ facts }: { facts: Array<[string, ReactNode]> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {term}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
