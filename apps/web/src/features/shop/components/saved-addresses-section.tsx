import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerAddressShape } from '@tv/contract';
import { commerceApi } from '../../../lib/commerce-client';
import { commerceMessage } from '../utils/checkout-form';
import { customerQueryKey } from './saved-billing-addresses';

/** The account's saved billing addresses: each can be removed, after a confirmation. */
export function SavedAddresses() {
  const queryClient = useQueryClient();
  const customer = useQuery({
    queryKey: customerQueryKey(),
    queryFn: () => commerceApi.customer(),
    retry: false,
  });
  const remove = useMutation({
    mutationFn: (id: number) => commerceApi.removeAddress(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerQueryKey() }),
  });

  const confirmRemove = (address: CustomerAddressShape) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Remove this address?',
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {`${address.company}, ${address.street.join(' ')}, ${address.city} will no longer be offered at checkout. Orders already placed keep it.`}
        </Text>
      ),
      labels: { confirm: 'Remove address', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(address.id),
    });

  const addresses = customer.data?.addresses ?? [];
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="addresses-heading"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="addresses-heading">
          Saved billing addresses
        </Title>
        {customer.isPending ? (
          <Skeleton height={48} radius="md" aria-label="Loading saved addresses" />
        ) : customer.isError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title="Saved addresses did not load"
          >
            {commerceMessage(customer.error, 'Reload the page to try again.')}
          </Alert>
        ) : addresses.length === 0 ? (
          <Text size="sm" c="dimmed">
            No saved addresses yet. Tick 'Save this address for my next order' at checkout to keep one here.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {addresses.map((address) => (
              <Group key={address.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  <strong>{address.company}</strong>
                  {address.default_billing ? ' (used last)' : ''}
                  <br />
                  {`${address.firstname} ${address.lastname}, ${address.street.join(' ')}, ${address.city}, ${address.region.region_code} ${address.postcode}`}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => confirmRemove(address)}
                  loading={remove.isPending && remove.variables === address.id}
                  aria-label={`Remove the address of ${address.company}`}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {remove.isError ? (
          <Text size="sm" c="red" role="alert">
            {commerceMessage(remove.error, 'The address could not be removed. Try again.')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
