import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconEye, IconLock, IconPackage, IconPencil, IconPlus } from '@tabler/icons-react';
import type { AdminProduct } from '@tv/contract';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { QueryState } from '../../../components/ui/query-state';
import { TableCard } from '../../../components/ui/table-card';
import { useAdminProducts } from '../api/get-products';
import { formatUsd } from '../utils/format';
import { useCanManageShop } from '../utils/permissions';
import classes from './commerce-admin.module.css';
import { ProductEditor } from './product-editor';
import { ShopAdminHeader } from './shop-admin-header';

type Editing = { product: AdminProduct | null } | null;

const skeletonRow = (
  <Group gap="md" wrap="nowrap">
    <Skeleton h={18} w="15%" />
    <Skeleton h={18} w="35%" />
    <Skeleton h={18} w="12%" />
    <Skeleton h={18} w="20%" />
  </Group>
);

/** Every product of the shop, with what a buyer needs for it to be buyable: a price, a PDF, on sale. */
export function ProductsScreen() {
  const products = useAdminProducts();
  const canManage = useCanManageShop();
  const [editing, setEditing] = useState<Editing>(null);
  // Each opening starts a fresh form.
  const [session, setSession] = useState(0);

  const open = (product: AdminProduct | null) => {
    setSession((value) => value + 1);
    setEditing({ product });
  };

  const newButton = canManage ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)}>
      New product
    </Button>
  ) : null;

  return (
    <Stack gap="xl">
      <ShopAdminHeader
        current="products"
        title="Products"
        description="The reports the shop sells: their price, the report each one is linked to, the PDF buyers download, and whether it is on sale."
      />

      {canManage ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          You can see the products. Only shop managers can change them.
        </Alert>
      )}

      <Group justify="flex-end">{newButton}</Group>

      <QueryState
        query={products}
        loadingLabel="Loading products"
        skeletonRows={5}
        skeletonRow={skeletonRow}
        errorTitle="The products could not be loaded"
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyStateCard
              icon={IconPackage}
              title="No products yet"
              description="Create a product for each report you sell: set its price, link the report and upload its PDF, then put it on sale."
              action={newButton}
            />
          ) : (
            <TableCard
              minWidth={1080}
              head={
                <>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Linked report</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>On sale</Table.Th>
                  <Table.Th ta="right">Orders</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </>
              }
            >
              {list.map((product) => (
                <Table.Tr key={product.id} data-testid="product-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="xs" ff="monospace">
                      {product.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={160} maw={260}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {product.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{product.price === 0 ? 'Free' : formatUsd(product.price)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={product.categoryName ? undefined : 'dimmed'}>
                      {product.categoryName ?? 'None'}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Text size="sm" c={product.contentTitle ? undefined : 'dimmed'} lineClamp={2}>
                      {product.contentTitle ?? 'Not linked'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {product.file ? (
                      <Badge variant="light" color="teal" radius="sm" className={classes.badge}>
                        PDF
                      </Badge>
                    ) : (
                      <Badge variant="light" color="orange" radius="sm" className={classes.badge}>
                        No file
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={product.onSale ? 'green' : 'gray'}
                      radius="sm"
                      className={classes.badge}
                    >
                      {product.onSale ? 'On sale' : 'Off sale'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{product.ordersCount}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={canManage ? 'Edit' : 'View'} withArrow>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        onClick={() => open(product)}
                        aria-label={`${canManage ? 'Edit' : 'View'} ${product.sku}`}
                      >
                        {canManage ? <IconPencil size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </TableCard>
          )
        }
      </QueryState>

      {editing ? (
        <ProductEditor
          key={session}
          product={editing.product}
          canManage={canManage}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
