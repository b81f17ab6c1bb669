import { Box, Button, Group, Image, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileText } from '@tabler/icons-react';
import type { CartItemShape, ProductRenderInfo } from '@tv/contract';
import { useRef, useState } from 'react';
import { AnchorLink } from '../../../components/ui/links';
import { useCartStore } from '../../../stores/cart-store';
import { useRefreshShop } from '../api/shop-queries';
import { commerceMessage } from '../utils/checkout-form';
import { formatUsd } from '../utils/orders';
import classes from './shop.module.css';

interface CartItemsProps {
  items: CartItemShape[];
  /** The catalog's render info by SKU: format, pages, cover and the report's page. */
  products: Map<string, ProductRenderInfo>;
}

/** What the catalog says about a report's file: 'PDF · 48 pages'. */
export function productFacts(product: ProductRenderInfo | undefined): string {
  if (!product) return 'Downloadable report';
  const { format, page_count: pages } = product.extension_attributes;
  return [format, pages ? `${pages} pages` : null].filter(Boolean).join(' · ') || 'Downloadable report';
}

/**
 * The reports in the cart, each removable. Removing is easy to take back, so there is no confirmation:
 * the notification offers 'Undo', which puts the report back.
 */
export function CartItems({ items, products }: CartItemsProps) {
  const removeFromCart = useCartStore((state) => state.removeFromCart);
  const addToCart = useCartStore((state) => state.addToCart);
  const refreshShop = useRefreshShop();
  const [removing, setRemoving] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  async function undo(item: CartItemShape, notificationId: string) {
    notifications.hide(notificationId);
    try {
      await addToCart({ sku: item.sku, name: item.name, price: item.price });
      await refreshShop();
      notifications.show({
        color: 'green',
        title: 'Back in your cart',
        message: item.name,
        closeButtonProps: { 'aria-label': 'Dismiss' },
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `${item.name} could not be put back`,
        closeButtonProps: { 'aria-label': 'Dismiss' },
        message: commerceMessage(error, 'Open the report page and add it again.'),
      });
    }
  }

  async function remove(item: CartItemShape) {
    setRemoving(item.item_id);
    try {
      await removeFromCart({ item_id: item.item_id, sku: item.sku, name: item.name, price: item.price });
      await refreshShop();
      // The button that had focus is gone: the list's heading takes it, so the keyboard stays in place.
      headingRef.current?.focus();
      const id = `cart-removed-${item.item_id}`;
      notifications.show({
        id,
        title: 'Removed from your cart',
        closeButtonProps: { 'aria-label': 'Dismiss' },
        autoClose: 10_000,
        message: (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" lineClamp={2}>
              {item.name}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => void undo(item, id)}>
              Undo
            </Button>
          </Group>
        ),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `${item.name} is still in your cart`,
        closeButtonProps: { 'aria-label': 'Dismiss' },
        message: commerceMessage(error, 'It could not be removed. Please try again.'),
      });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="cart-items-heading"
    >
      <Title order={2} fz="lg" mb="sm" id="cart-items-heading" ref={headingRef} tabIndex={-1}>
        Reports in your cart ({items.length})
      </Title>
      <Stack gap={0} component="ul" className={classes.rows}>
        {items.map((item) => {
          const product = products.get(item.sku);
          const cover = product?.images[0];
          const urlKey = product?.extension_attributes.url_key;
          return (
            <Box component="li" key={item.item_id} py="md" data-testid="cart-item">
              <Group wrap="nowrap" align="flex-start" gap="md">
                {cover ? (
                  <Image
                    src={cover.url}
                    alt=""
                    w={72}
                    h={40}
                    radius="sm"
                    fit="cover"
                    style={{ flexShrink: 0 }}
                  />
                ) : (
                  <ThemeIcon size={40} w={72} radius="md" variant="light" style={{ flexShrink: 0 }}>
                    <IconFileText size={24} aria-hidden />
                  </ThemeIcon>
                )}
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  {urlKey ? (
                    <AnchorLink
                      to="/research/reports/$report"
                      params={{ report: urlKey }}
                      fw={600}
                      lh={1.35}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {item.name}
                    </AnchorLink>
                  ) : (
                    <Text fw={600} lh={1.35} style={{ overflowWrap: 'anywhere' }}>
                      {item.name}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {productFacts(product)}
                  </Text>
                  <Group justify="space-between" gap="xs" mt={4}>
                    <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {item.price === 0 ? 'Free' : formatUsd(item.price)}
                    </Text>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => void remove(item)}
                      loading={removing === item.item_id}
                      disabled={removing !== null && removing !== item.item_id}
                      aria-label={`Remove ${item.name} from your cart`}
                    >
                      Remove
                    </Button>
                  </Group>
                </Stack>
              </Group>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
