import { Alert, Button, Container, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconShoppingCart } from '@tabler/icons-react';
import type { ProductRenderInfo } from '@tv/contract';
import { useEffect, useMemo, useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useCartStore } from '../../../stores/cart-store';
import { useUserStore } from '../../../stores/user-store';
import { useCardReturn } from '../api/card-return';
import { useCart, useCartTotals, useCatalogProducts, useRefreshShop } from '../api/shop-queries';
import { commerceMessage } from '../utils/checkout-form';
import { formatUsd } from '../utils/orders';
import { CheckoutForm } from './checkout-form';

export function CartScreen() {
  const status = useUserStore((state) => state.status);
  return (
    <Container size="lg" py={{ base: 40, sm: 56 }}>
      <Stack gap="xl">
        <ScreenHeader
          area="Shop"
          title="Your cart"
          description="Research reports you have picked, ready for checkout in US dollars."
        />
        {status === 'authenticated' ? <SignedInCart /> : <SignedOutCart />}
      </Stack>
    </Container>
  );
}

/** The pending report's catalog entry (name, price), for a visitor who picked one before signing in. */
function usePendingProduct(): { sku: string | null; product: ProductRenderInfo | null; loading: boolean } {
  const sku = useCartStore((state) => state.pendingSku);
  const skus = useMemo(() => (sku ? [sku] : []), [sku]);
  const products = useCatalogProducts(skus);
  return {
    sku,
    product: products.data?.find((item) => item.extension_attributes.sku === sku) ?? null,
    loading: products.isPending && skus.length > 0,
  };
}

/** Visitors without an account: the report they picked waits for them to sign up or sign in. */
function SignedOutCart() {
  const { sku, product, loading } = usePendingProduct();
  const setPendingSku = useCartStore((state) => state.setPendingSku);
  const accountLinks = (
    <Group gap="sm">
      <ButtonLink to="/register" search={{ redirect: '/cart' }}>
        Create an account
      </ButtonLink>
      <ButtonLink to="/login" search={{ redirect: '/cart' }} variant="default">
        Sign in
      </ButtonLink>
    </Group>
  );

  if (sku) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="md">
          {loading ? (
            <Skeleton h={22} w="70%" role="status" aria-label="Loading the report you picked" />
          ) : (
            <div>
              <Text fw={700} fz="lg" data-testid="pending-report">
                {product?.name ?? 'The report you picked'}
              </Text>
              {product ? (
                <Text c="dimmed" size="sm">
                  {formatUsd(product.price_info.final_price)} · waiting for your account
                </Text>
              ) : null}
            </div>
          )}
          <Text>
            Reports are bought with a TeenVoice account, so your receipts and downloads are kept in one place.
            Create a free account or sign in, and we will put this report in your cart.
          </Text>
          <Group justify="space-between" gap="sm">
            {accountLinks}
            <Button variant="subtle" color="gray" onClick={() => setPendingSku(null)}>
              Remove this report
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <EmptyStateCard
      icon={IconShoppingCart}
      title="Your cart is empty"
      description="Pick a research report to buy it here. Reports are bought with a TeenVoice account, so sign in or create one when you are ready."
      action={
        <Group gap="sm" justify="center">
          <ButtonLink to="/research">Browse research reports</ButtonLink>
          <ButtonLink to="/login" search={{ redirect: '/cart' }} variant="default">
            Sign in
          </ButtonLink>
        </Group>
      }
    />
  );
}

/** A report picked before signing in is added once here (sign-in may be adding it already). */
function usePendingAdd() {
  const pendingSku = useCartStore((state) => state.pendingSku);
  const addPendingSkuToCart = useCartStore((state) => state.addPendingSkuToCart);
  const refreshShop = useRefreshShop();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the add on 'Try again'.
  useEffect(() => {
    if (!pendingSku) return;
    let live = true;
    setAdding(true);
    setError(null);
    addPendingSkuToCart()
      .then(() => refreshShop())
      .catch((failure: unknown) => {
        if (live) setError(failure);
      })
      .finally(() => {
        if (live) setAdding(false);
      });
    return () => {
      live = false;
    };
  }, [pendingSku, attempt]);

  return { adding, error, retry: () => setAttempt((value) => value + 1) };
}

function CartSkeleton() {
  return (
    <Grid gap="xl" role="status" aria-busy="true" aria-label="Loading your cart">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Skeleton h={22} w="40%" />
            <Group wrap="nowrap" align="flex-start">
              <Skeleton h={40} w={72} />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton h={18} w="80%" />
                <Skeleton h={14} w="30%" />
                <Skeleton h={16} w="20%" />
              </Stack>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Skeleton h={22} w="50%" />
            <Skeleton h={14} />
            <Skeleton h={14} />
            <Skeleton h={24} />
            <Skeleton h={42} mt="sm" />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function SignedInCart() {
  const cart = useCart();
  const refreshShop = useRefreshShop();
  const cardReturn = useCardReturn(refreshShop);
  const pending = usePendingAdd();
  const pendingProduct = usePendingProduct();
  const items = cart.data?.items ?? [];
  const skus = useMemo(() => items.map((item) => item.sku), [items]);
  const products = useCatalogProducts(skus);
  const totals = useCartTotals(items.length > 0);
  const productMap = useMemo(
    () => new Map((products.data ?? []).map((product) => [product.extension_attributes.sku, product])),
    [products.data],
  );

  const returned =
    cardReturn.state === 'restored' ? (
      <Alert
        color="blue"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="Nothing was charged"
        role="status"
      >
        You left the card payment page, so the order was not paid. Your reports are back in your cart: choose
        how to pay and place the order again.
      </Alert>
    ) : cardReturn.state === 'failed' ? (
      <Alert
        color="yellow"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="Back from the card payment page"
      >
        {cardReturn.message}
      </Alert>
    ) : null;

  const addFailure = pending.error ? (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
      title="A report could not be added"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {pendingProduct.product?.name ?? 'The report you picked'}:{' '}
          {commerceMessage(pending.error, 'the cart could not be reached.')}
        </Text>
        {pendingProduct.sku ? (
          <Button size="xs" variant="default" onClick={pending.retry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  ) : null;

  if (cart.isPending || cardReturn.state === 'restoring' || (pending.adding && items.length === 0))
    return <CartSkeleton />;

  if (cart.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="Your cart could not be loaded"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{commerceMessage(cart.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="default" onClick={() => void cart.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (!cart.data || items.length === 0) {
    return (
      <Stack gap="lg">
        {returned}
        {addFailure}
        <EmptyStateCard
          icon={IconShoppingCart}
          title="Your cart is empty"
          description="Our research reports cover how teenagers live, learn, spend and feel. Pick one and it waits here for checkout."
          action={<ButtonLink to="/research">Browse research reports</ButtonLink>}
        />
      </Stack>
    );
  }

  const totalsError = totals.isError ? (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} aria-hidden />}
      title="The total could not be worked out"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{commerceMessage(totals.error, 'Please try again in a moment.')}</Text>
        <Button size="xs" variant="default" onClick={() => void totals.refetch()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  ) : null;

  return (
    <Stack gap="lg">
      {returned}
      {addFailure}
      <CheckoutForm
        cart={cart.data}
        totals={totals.data}
        totalsLoading={totals.isPending}
        totalsError={totalsError}
        products={productMap}
      />
    </Stack>
  );
}
