import { Alert, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { commerceApi } from '../../../lib/commerce-client';
import { useCartStore } from '../../../stores/cart-store';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * On the sign-up and sign-in screens after "Buy report": which report waits for the new account (spec
 * §4 adds it to the cart once the person is signed in). The auth screens render in the browser only, so
 * the stored SKU can be read at once.
 */
export function PendingPurchaseNote({
  redirect,
  action,
}: {
  redirect: string | undefined;
  action: 'Create your account' | 'Sign in';
}) {
  const sku = useCartStore((state) => state.pendingSku);
  const shown = Boolean(sku) && redirect === '/cart';
  const product = useQuery({
    queryKey: ['commerce', 'product-by-sku', sku],
    queryFn: async () => (await commerceApi.productsBySku([sku!]))[0] ?? null,
    enabled: shown,
    staleTime: 60_000,
  });
  if (!shown) return null;

  const item = product.data;
  const price = item ? item.price_info.final_price : null;
  return (
    <Alert
      variant="light"
      color="green"
      icon={<IconShoppingCart size={18} aria-hidden />}
      title="Your report is saved"
    >
      <Text size="sm">
        {action} and{' '}
        {item ? (
          <>
            <Text span fw={600} inherit>
              {item.name}
            </Text>{' '}
            ({price === 0 ? 'free' : usd.format(price!)})
          </>
        ) : (
          'the report you picked'
        )}{' '}
        goes straight into your cart.
      </Text>
    </Alert>
  );
}
