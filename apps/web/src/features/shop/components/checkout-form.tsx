import {
  Alert,
  Anchor,
  Button,
  Grid,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { CartShape, CartTotals, Organization, PaymentMethodCode, ProductRenderInfo } from '@tv/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CompanyFormFields } from '../../../components/ui/company-form-fields';
import { commerceApi } from '../../../lib/commerce-client';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useCartStore } from '../../../stores/cart-store';
import { useUserStore } from '../../../stores/user-store';
import { usePlaceOrder, useRefreshShop } from '../api/shop-queries';
import {
  type CheckoutValues,
  checkoutProblems,
  paymentInformation,
  validateCheckout,
} from '../utils/checkout-form';
import { CartItems } from './cart-items';
import { CouponField } from './coupon-field';
import { MoneyRows } from './money-rows';
import { SavedBillingAddresses } from './saved-billing-addresses';
import classes from './shop.module.css';

const JUST_ME = 'just-me';

const paymentHelp: Record<PaymentMethodCode, string> = {
  free: 'Nothing to pay: your downloads unlock as soon as you place the order.',
  purchaseorder:
    'We email an invoice to the billing email address. Your downloads unlock as soon as the invoice is paid.',
  stripe_payments:
    'Pay now on Stripe’s secure payment page; we never see your card. You come back here once it is paid, and your downloads unlock at once.',
};

/** Stripe's smallest charge: below it the card is not offered for a reason other than our setup. */
const CARD_MINIMUM = 0.5;

interface CheckoutFormProps {
  cart: CartShape;
  totals: CartTotals | undefined;
  totalsLoading: boolean;
  totalsError: ReactNode;
  products: Map<string, ProductRenderInfo>;
}

function initialValues(
  user: { firstName: string | null; lastName: string | null; email: string | null } | null,
  organization: Organization | null,
): CheckoutValues {
  return {
    company: organization?.name ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    state: undefined,
    street: '',
    city: '',
    postcode: '',
    organizationId: organization?.id ?? '',
    paymentMethod: '',
    poNumber: '',
  };
}

/** The cart's items, the billing details, how to pay and the order summary, placed as one order. */
export function CheckoutForm({ cart, totals, totalsLoading, totalsError, products }: CheckoutFormProps) {
  const user = useUserStore((state) => state.user);
  const organizations = useUserStore((state) => state.userOrganizations);
  const selected = useUserStore((state) => state.selectedOrganization);
  const resetCart = useCartStore((state) => state.reset);
  const refreshCount = useCartStore((state) => state.refreshCount);
  const refreshShop = useRefreshShop();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const submitting = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The organisation the person works in now, when they are a member of it (platform staff act as 'Admin').
  const defaultOrganization = organizations.find((organization) => organization.id === selected?.id) ?? null;
  const form = useForm<CheckoutValues>({
    initialValues: initialValues(user, defaultOrganization),
    validate: (values) => validateCheckout(values),
    validateInputOnBlur: true,
  });

  const methods = totals?.extension_attributes.payment_methods ?? [];
  // The server offers the card only when Stripe is set up: otherwise say so plainly.
  const cardsNotAccepted =
    totals !== undefined &&
    totals.grand_total >= CARD_MINIMUM &&
    !methods.some((method) => method.code === 'stripe_payments');
  const methodCodes = methods.map((method) => method.code).join(',');
  // The methods follow the total (free only at $0): keep the choice while it is offered, else the first.
  useEffect(() => {
    const offered = methodCodes ? (methodCodes.split(',') as PaymentMethodCode[]) : [];
    const current = form.getValues().paymentMethod;
    if (current && offered.includes(current)) return;
    form.setFieldValue('paymentMethod', offered[0] ?? '');
  }, [methodCodes, form.getValues, form.setFieldValue]);

  const chooseOrganization = (value: string | null) => {
    const id = !value || value === JUST_ME ? '' : value;
    const values = form.getValues();
    const previous = organizations.find((organization) => organization.id === values.organizationId);
    const next = organizations.find((organization) => organization.id === id);
    form.setFieldValue('organizationId', id);
    // The company follows the organisation unless the person typed their own.
    if (next && (values.company.trim() === '' || values.company === previous?.name)) {
      form.setFieldValue('company', next.name);
    }
  };

  const focusFirstError = () => focusFirstInvalid(formRef.current);

  const submit = form.onSubmit(async (values) => {
    // A second click while the first is on its way does nothing (the server makes one order anyway).
    if (submitting.current) return;
    submitting.current = true;
    try {
      const orderId = await place.mutateAsync(paymentInformation(values));
      if (values.paymentMethod === 'stripe_payments') {
        // The card is paid on Stripe's page; Stripe sends the buyer back to the order confirmation.
        const payment = await commerceApi.cardPayment(orderId);
        if (payment.url) {
          setLeaving(true);
          window.location.assign(payment.url);
          return;
        }
      }
      await navigate({ to: '/order-confirmation', search: { order: orderId } });
      resetCart();
      void refreshCount().catch(() => {});
      void refreshShop();
    } catch (error) {
      const { fields } = checkoutProblems(error);
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        focusFirstError();
      }
    } finally {
      submitting.current = false;
    }
  }, focusFirstError);

  // Problems that belong to no field (an empty cart, a refused payment, a lost connection) are said above the button.
  const unplaced = place.isError ? checkoutProblems(place.error).other : [];
  const chosen = form.values.paymentMethod;
  const segments = totals?.total_segments ?? [];
  const taxRate = totals?.extension_attributes.tax_rate ?? 0;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Checkout">
      <Grid gap={{ base: 'lg', md: 'xl' }} align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <CartItems items={cart.items} products={products} />

            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="billing-heading"
            >
              <Stack gap="md">
                <div>
                  <Title order={2} fz="lg" id="billing-heading">
                    Billing details
                  </Title>
                  <Text size="sm" c="dimmed">
                    Who the invoice and receipt are made out to. We can only bill US addresses for now.
                  </Text>
                </div>
                {organizations.length > 0 ? (
                  <Select
                    label="Order for"
                    description={
                      form.values.organizationId
                        ? 'Everyone in this organization can download the reports.'
                        : 'Only you can see this order and download the reports.'
                    }
                    data={[
                      ...organizations.map((organization) => ({
                        value: organization.id,
                        label: organization.name,
                      })),
                      { value: JUST_ME, label: 'Just me' },
                    ]}
                    value={form.values.organizationId || JUST_ME}
                    onChange={chooseOrganization}
                    allowDeselect={false}
                    error={form.errors.organizationId}
                    comboboxProps={{ withinPortal: true }}
                  />
                ) : null}
                <SavedBillingAddresses form={form} />
                <CompanyFormFields form={form} labels={{ email: 'Billing email' }} />
                <TextInput
                  label="Street address"
                  autoComplete="street-address"
                  required
                  maxLength={200}
                  {...form.getInputProps('street')}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <TextInput
                    label="City"
                    autoComplete="address-level2"
                    required
                    maxLength={200}
                    {...form.getInputProps('city')}
                  />
                  <TextInput
                    label="ZIP code"
                    autoComplete="postal-code"
                    inputMode="numeric"
                    required
                    maxLength={10}
                    {...form.getInputProps('postcode')}
                  />
                </SimpleGrid>
              </Stack>
            </Paper>

            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="payment-heading"
            >
              <Stack gap="md">
                <Title order={2} fz="lg" id="payment-heading">
                  Payment
                </Title>
                {totalsLoading ? (
                  <Text size="sm" c="dimmed">
                    Checking the payment methods for this order…
                  </Text>
                ) : methods.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Payment methods appear once the order total is known.
                  </Text>
                ) : (
                  <Radio.Group
                    label="Payment method"
                    required
                    value={chosen}
                    onChange={(value) => form.setFieldValue('paymentMethod', value as PaymentMethodCode)}
                    error={form.errors.paymentMethod}
                  >
                    <Stack gap="sm" mt="xs">
                      {methods.map((method) => (
                        <Radio
                          key={method.code}
                          value={method.code}
                          label={method.title}
                          description={paymentHelp[method.code]}
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                )}
                {cardsNotAccepted ? (
                  <Text size="sm" c="dimmed" data-testid="cards-not-accepted">
                    We do not accept card payments at the moment. Pay by invoice: we email it at once, with
                    bank transfer details and its due date.
                  </Text>
                ) : null}
                {chosen === 'purchaseorder' ? (
                  <TextInput
                    label="Purchase order number"
                    description="Optional. We print it on the invoice, if your organization uses them."
                    maxLength={64}
                    {...form.getInputProps('poNumber')}
                  />
                ) : null}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }} className={classes.summary}>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="summary-heading"
          >
            <Stack gap="md">
              <Title order={2} fz="lg" id="summary-heading">
                Order summary
              </Title>
              {totalsError ? (
                totalsError
              ) : totals ? (
                <MoneyRows
                  rows={segments.map((segment) => ({
                    label: segment.title,
                    value: segment.value,
                    total: segment.code === 'grand_total',
                    ...(segment.code === 'tax' && taxRate > 0 ? { note: `${taxRate}%` } : {}),
                  }))}
                />
              ) : (
                <Text size="sm" c="dimmed" aria-busy="true">
                  Adding up your order…
                </Text>
              )}
              {totals ? <CouponField appliedCode={totals.coupon_code ?? null} /> : null}
              <Text size="xs" c="dimmed">
                Prices are in US dollars (USD).
              </Text>
              {unplaced.length > 0 ? (
                <Alert
                  color="red"
                  icon={<IconAlertCircle size={18} aria-hidden />}
                  title="Your order was not placed"
                  role="alert"
                >
                  {unplaced.join(' ')} Your cart is unchanged, so you can try again.
                </Alert>
              ) : null}
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={place.isPending || leaving}
                disabled={!totals}
                leftSection={<IconLock size={18} aria-hidden />}
              >
                {chosen === 'stripe_payments' ? 'Continue to card payment' : 'Place order'}
              </Button>
              <Text size="xs" c="dimmed">
                By placing the order you agree to our{' '}
                <Anchor
                  href="/legal/commercial-terms-and-conditions"
                  target="_blank"
                  rel="noopener"
                  size="xs"
                  underline="always"
                >
                  commercial terms and conditions
                </Anchor>
                .
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}
