import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconReceipt, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { OrderStateName } from '@tv/contract';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { TableCard } from '../../../components/ui/table-card';
import { ORDERS_PAGE_SIZE, useAdminOrders } from '../api/get-orders';
import { formatDateTime, formatUsd } from '../utils/format';
import { orderStateOptions, paymentMethodLabel } from '../utils/order-states';
import { type OrdersSearch, ordersSearch, shopAdminPath } from '../utils/shop-search';
import { OrderStateBadge } from './order-state-badge';
import { ShopAdminHeader } from './shop-admin-header';

const ordersPath = `${shopAdminPath}/orders`;
const statusOptions = [{ value: '', label: 'All statuses' }, ...orderStateOptions];

/** Every order, newest first: searchable by number, email, name or organization, filtered by status. */
export function OrdersScreen() {
  const search: OrdersSearch = ordersSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const q = search.q ?? '';
  const page = search.page ?? 1;
  const orders = useAdminOrders({ q, status: search.state, page });
  const [draft, setDraft] = useState(q);
  const filtered = Boolean(q || search.state);

  const setSearch = useDebouncedCallback((value: string) => {
    // Typed just before opening an order: the search must not pull the person back to the list.
    if (window.location.pathname !== ordersPath) return;
    const text = value.trim();
    void navigate({
      to: ordersPath,
      search: (previous: OrdersSearch) => ({ ...previous, q: text || undefined, page: undefined }),
      replace: true,
    });
  }, 300);

  return (
    <Stack gap="xl">
      <ShopAdminHeader
        current="orders"
        title="Orders"
        description="Every order placed in the shop. Open one to mark an invoice paid, cancel an unpaid order or refund a paid one."
      />

      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Search orders"
          placeholder="Order number, email, name or organization"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setSearch(event.currentTarget.value);
          }}
          w={{ base: '100%', xs: 360 }}
          maxLength={200}
        />
        <Select
          label="Status"
          data={statusOptions}
          value={search.state ?? ''}
          allowDeselect={false}
          onChange={(value) =>
            void navigate({
              to: ordersPath,
              search: (previous: OrdersSearch) => ({
                ...previous,
                state: (value || undefined) as OrderStateName | undefined,
                page: undefined,
              }),
              replace: true,
            })
          }
          w={{ base: '100%', xs: 200 }}
        />
        <Button
          component="a"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          href={`/v2/admin/commerce/orders/export.csv?${new URLSearchParams({
            ...(q ? { q } : {}),
            ...(search.state ? { status: search.state } : {}),
          }).toString()}`}
          download
        >
          Export CSV<VisuallyHidden>{filtered ? ' of the orders shown' : ' of every order'}</VisuallyHidden>
        </Button>
      </Group>

      <PagedQueryList
        query={orders}
        loadingLabel="Loading orders"
        skeletonRows={6}
        errorTitle="The orders could not be loaded"
        empty={
          <EmptyStateCard
            icon={IconReceipt}
            title={filtered ? 'No orders match' : 'No orders yet'}
            description={
              filtered
                ? 'Clear the search or choose another status to see more orders.'
                : 'Orders show here as soon as someone checks out. Invoices wait here as Awaiting payment until you mark them paid.'
            }
          />
        }
        page={page}
        pageSize={ORDERS_PAGE_SIZE}
        noun="orders"
        onPageChange={(next) =>
          void navigate({
            to: ordersPath,
            search: (previous: OrdersSearch) => ({ ...previous, page: next > 1 ? next : undefined }),
          })
        }
      >
        {(rows) => (
          <TableCard
            minWidth={900}
            head={
              <>
                <Table.Th>Order</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {rows.map((order) => (
              <Table.Tr key={order.id} data-testid="order-row">
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`${ordersPath}/${order.id}`}
                    fw={600}
                    aria-label={`Order ${order.incrementId}`}
                  >
                    #{order.incrementId}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(order.createdAt)}</Text>
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm" fw={500} truncate>
                    {order.customerName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {order.customerEmail}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={order.organizationName ? undefined : 'dimmed'}>
                    {order.organizationName ?? 'None'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{paymentMethodLabel(order.paymentMethod)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatUsd(order.grandTotal)}</Text>
                </Table.Td>
                <Table.Td>
                  <OrderStateBadge state={order.state} />
                </Table.Td>
              </Table.Tr>
            ))}
          </TableCard>
        )}
      </PagedQueryList>
    </Stack>
  );
}
