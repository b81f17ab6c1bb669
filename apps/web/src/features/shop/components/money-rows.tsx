import { Group, Stack, Text } from '@mantine/core';
import { formatUsd } from '../utils/orders';
import classes from './shop.module.css';

export interface MoneyRow {
  label: string;
  value: number;
  /** The grand total: bold and set apart. */
  total?: boolean;
  /** A small note after the label, e.g. the tax rate. */
  note?: string;
  /** Shown as a deduction (refunds). */
  negative?: boolean;
}

/** Subtotal, tax and total lines, as a description list so each amount is read with its label. */
export function MoneyRows({ rows }: { rows: MoneyRow[] }) {
  return (
    <Stack gap={8} component="dl" m={0}>
      {rows.map((row) => (
        <Group
          key={row.label}
          justify="space-between"
          wrap="nowrap"
          gap="md"
          className={row.total ? classes.totalRow : undefined}
        >
          <Text
            component="dt"
            size={row.total ? 'md' : 'sm'}
            fw={row.total ? 700 : 400}
            c={row.total ? undefined : 'dimmed'}
          >
            {row.label}
            {row.note ? (
              <Text span size="xs" c="dimmed" ml={6}>
                {row.note}
              </Text>
            ) : null}
          </Text>
          <Text
            component="dd"
            m={0}
            size={row.total ? 'lg' : 'sm'}
            fw={row.total ? 800 : 500}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            data-testid={row.total ? 'grand-total' : undefined}
          >
            {row.negative ? `−${formatUsd(row.value)}` : formatUsd(row.value)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
