import { Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { SalesOverview } from '@tv/contract';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { QueryState } from '../../../components/ui/query-state';
import { TableCard } from '../../../components/ui/table-card';
import { useSalesOverview } from '../api/get-sales';
import { formatLongMonth, formatMonth, formatUsd, formatWholeUsd } from '../utils/format';
import { BarChart } from './bar-chart';
import { ShopAdminHeader } from './shop-admin-header';

function TotalCard({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text fz={{ base: 22, sm: 28 }} fw={700} lh={1.2} data-testid="sales-total">
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </Stack>
    </Paper>
  );
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function Sales({ sales }: { sales: SalesOverview }) {
  const { totals } = sales;
  const monthTotal = sales.byMonth.reduce((sum, month) => sum + month.revenue, 0);
  const sold = sales.byProduct.filter((product) => product.orders > 0);
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
        <TotalCard
          label="Net revenue"
          value={formatUsd(totals.revenue)}
          note={`All time: ${formatUsd(totals.grossRevenue)} paid minus ${formatUsd(totals.refunded)} refunded`}
        />
        <TotalCard
          label="Paid orders"
          value={totals.paidOrders.toLocaleString('en-US')}
          note={`Of ${plural(totals.orders, 'order', 'orders')} placed; ${plural(totals.refundedOrders, 'order', 'orders')} refunded in full`}
        />
        <TotalCard
          label="Awaiting payment"
          value={formatUsd(totals.pendingRevenue)}
          note="Invoices not paid yet"
        />
        <TotalCard
          label="Refunded"
          value={formatUsd(totals.refunded)}
          note="All time, whole orders and single reports"
        />
      </SimpleGrid>

      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="sales-by-month"
      >
        <Stack gap="md">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} fz="lg" id="sales-by-month">
              Revenue by month
            </Title>
            <Text size="sm" c="dimmed">
              Last 12 months: {formatUsd(monthTotal)}
            </Text>
          </Group>
          <BarChart
            title="Revenue by month, last 12 months"
            valueName="Revenue"
            formatValue={formatUsd}
            formatAxis={formatWholeUsd}
            data={sales.byMonth.map((month) => ({
              label: formatMonth(month.month).split(' ')[0] ?? month.month,
              sublabel: month.month.slice(0, 4),
              longLabel: formatLongMonth(month.month),
              value: month.revenue,
              details: { 'Paid orders': month.orders.toLocaleString('en-US') },
            }))}
          />
          {monthTotal === 0 ? (
            <Text size="sm" c="dimmed">
              No paid orders in the last 12 months yet. Revenue shows here the month an order is paid.
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <Stack gap="md" component="section" aria-labelledby="sales-by-report">
        <Title order={2} fz="lg" id="sales-by-report">
          Revenue by report
        </Title>
        {sold.length === 0 ? (
          <EmptyStateCard
            icon={IconChartBar}
            title="No report sold yet"
            description="Each report's revenue shows here once its first order is paid. Check that products are on sale and have their PDF."
          />
        ) : (
          <TableCard
            minWidth={520}
            head={
              <>
                <Table.Th>Report</Table.Th>
                <Table.Th ta="right">Paid orders</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
              </>
            }
          >
            {sales.byProduct.map((product) => (
              <Table.Tr key={product.sku} data-testid="sales-report-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {product.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {product.sku}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{product.orders.toLocaleString('en-US')}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatUsd(product.revenue)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </TableCard>
        )}
      </Stack>
    </Stack>
  );
}

const salesSkeleton = (
  <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
    <Skeleton h={90} />
    <Skeleton h={90} />
    <Skeleton h={90} />
    <Skeleton h={90} />
  </SimpleGrid>
);

/** Revenue at a glance: totals, the last 12 months as a chart, and each report's share. */
export function SalesScreen() {
  const sales = useSalesOverview();
  return (
    <Stack gap="xl">
      <ShopAdminHeader
        current="sales"
        title="Sales"
        description="What the shop has earned: revenue is what buyers paid minus what was refunded, counted in the month of payment."
      />
      <QueryState
        query={sales}
        loadingLabel="Loading sales"
        skeletonRows={2}
        skeletonRow={salesSkeleton}
        errorTitle="The sales could not be loaded"
      >
        {(data) => <Sales sales={data} />}
      </QueryState>
    </Stack>
  );
}
