import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { commerceApi } from '../../../lib/commerce-client';
import { shopKeys } from '../api/shop-queries';
import { commerceMessage } from '../utils/checkout-form';

/**
 * The cart's coupon: type a code and apply it (Magento's PUT /carts/mine/coupons/{code}); the totals
 * then show the discount. A refused code is said under the field in Magento's words; an applied one
 * can be removed.
 */
export function CouponField({ appliedCode }: { appliedCode: string | null }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const refreshTotals = () => queryClient.invalidateQueries({ queryKey: shopKeys.cart() });

  const apply = useMutation({
    mutationFn: (value: string) => commerceApi.applyCoupon(value),
    onSuccess: async () => {
      setCode('');
      setError(null);
      await refreshTotals();
    },
    onError: (failure) => setError(commerceMessage(failure, 'The coupon could not be applied. Try again.')),
  });
  const remove = useMutation({
    mutationFn: () => commerceApi.removeCoupon(),
    onSuccess: refreshTotals,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const value = code.trim();
    if (value === '') {
      setError('Enter a coupon code.');
      return;
    }
    apply.mutate(value);
  };

  if (appliedCode) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="applied-coupon">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <IconTicket size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          Coupon <strong>{appliedCode}</strong> applied
        </Text>
        <Button
          size="xs"
          variant="subtle"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={`Remove coupon ${appliedCode}`}
        >
          Remove
        </Button>
      </Group>
    );
  }

  // Not a nested <form>: the checkout is a form already, so Enter here applies the coupon instead.
  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          id={`${hintId}-input`}
          label="Coupon code"
          placeholder="e.g. SPRING25"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
          error={error}
          maxLength={64}
          autoComplete="off"
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button variant="default" mt={25} loading={apply.isPending} onClick={submit}>
          Apply
        </Button>
      </Group>
    </Stack>
  );
}
