import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCartStore } from '../../../stores/cart-store';
import { useUserStore } from '../../../stores/user-store';

/** 'Cart, 2 items': what a screen reader says for the header's cart link. */
export const cartLabel = (count: number) =>
  count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * The header's cart link with the number of reports in the cart. The count is the cart store's; it is
 * reloaded when the header mounts for a signed-in user (anonymous visitors have no cart to ask about).
 * The count is not persisted, so the server's HTML and the browser's first render agree (0, no badge).
 */
export function CartButton() {
  const count = useCartStore((state) => state.itemsCount);
  const authenticated = useUserStore((state) => state.status === 'authenticated');
  const userId = useUserStore((state) => state.user?.id ?? null);

  useEffect(() => {
    if (!authenticated || !userId) return;
    // The badge is a convenience: a failed reload keeps the last count rather than showing an error.
    useCartStore
      .getState()
      .refreshCount()
      .catch(() => {});
  }, [authenticated, userId]);

  const label = cartLabel(count);
  return (
    <Indicator
      label={<span aria-hidden>{count > 99 ? '99+' : count}</span>}
      disabled={count === 0}
      size={18}
      offset={3}
      color="green"
      withBorder
      inline
      zIndex={1}
    >
      <ActionIcon component={Link} to="/cart" variant="default" size="lg" radius="md" aria-label={label}>
        <IconShoppingCart size={18} stroke={1.8} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
