import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { type AdminCoupon, adminCouponInputSchema } from '@tv/contract';
import { serverFieldErrors } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { useCoupons, useCreateCoupon, useDeactivateCoupon } from '../api/coupons';
import { ShopAdminHeader } from './shop-admin-header';

interface CouponFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  amount: number | string;
  expiresOn: string;
  usesLimit: number | string;
}

const statusLabel: Record<AdminCoupon['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  used_up: { label: 'Used up', color: 'gray' },
  inactive: { label: 'Deactivated', color: 'red' },
};

const worth = (c: AdminCoupon) => (c.kind === 'percent' ? `${c.amount}% off` : `$${c.amount.toFixed(2)} off`);

/** Staff's coupons: create one (a code, a percentage or an amount, an expiry date, a use limit), see uses, deactivate. */
export function CouponsScreen() {
  const coupons = useCoupons();
  const create = useCreateCoupon();
  const deactivate = useDeactivateCoupon();
  const canManage = (useUserStore((s) => s.user?.platform.permissions) ?? []).includes('commerce~manage');
  const form = useForm<CouponFormValues>({
    initialValues: { code: '', kind: 'percent', amount: '', expiresOn: '', usesLimit: '' },
  });

  const submit = form.onSubmit((values) => {
    const input = {
      code: values.code.trim(),
      kind: values.kind,
      amount: values.amount === '' ? Number.NaN : Number(values.amount),
      expiresOn: values.expiresOn === '' ? null : values.expiresOn,
      usesLimit: values.usesLimit === '' ? null : Number(values.usesLimit),
    };
    const parsed = adminCouponInputSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'code');
        errors[field] ??=
          field === 'amount' && Number.isNaN(input.amount)
            ? 'Enter how much the coupon takes off.'
            : issue.message;
      }
      form.setErrors(errors);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => form.reset(),
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  });

  const confirmDeactivate = (coupon: AdminCoupon) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Deactivate ${coupon.code}?`,
      children: (
        <Text size="sm">
          Buyers can no longer apply it, and carts that hold it cannot check out with it. This cannot be
          undone: make a new coupon to offer a discount again.
        </Text>
      ),
      labels: { confirm: 'Deactivate coupon', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => deactivate.mutate(coupon.id),
    });

  return (
    <Stack gap="xl">
      <ShopAdminHeader
        current="coupons"
        title="Coupons"
        description="Discount codes buyers type in their cart."
      />
      {canManage ? (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="new-coupon"
        >
          <form onSubmit={submit} noValidate aria-labelledby="new-coupon">
            <Stack gap="md">
              <Title order={2} fz="lg" id="new-coupon">
                New coupon
              </Title>
              <Group align="flex-start" gap="md" wrap="wrap">
                <TextInput
                  label="Code"
                  required
                  maxLength={32}
                  style={{ flex: '1 1 160px' }}
                  {...form.getInputProps('code')}
                />
                <Stack gap={4} style={{ flex: '1 1 200px' }}>
                  <Text size="sm" fw={500} id="coupon-kind">
                    Discount
                  </Text>
                  <SegmentedControl
                    aria-labelledby="coupon-kind"
                    data={[
                      { value: 'percent', label: 'Percentage' },
                      { value: 'fixed', label: 'Fixed amount' },
                    ]}
                    {...form.getInputProps('kind')}
                  />
                </Stack>
                <NumberInput
                  label={form.values.kind === 'percent' ? 'Percent off' : 'Dollars off'}
                  required
                  min={0}
                  decimalScale={form.values.kind === 'percent' ? 0 : 2}
                  style={{ flex: '1 1 120px' }}
                  {...form.getInputProps('amount')}
                />
                <TextInput
                  label="Last day it works"
                  description="Leave empty for no end"
                  type="date"
                  style={{ flex: '1 1 160px' }}
                  {...form.getInputProps('expiresOn')}
                />
                <NumberInput
                  label="Use limit"
                  description="Leave empty for no limit"
                  min={1}
                  allowDecimal={false}
                  style={{ flex: '1 1 120px' }}
                  {...form.getInputProps('usesLimit')}
                />
              </Group>
              {create.isError && Object.keys(serverFieldErrors(create.error)).length === 0 ? (
                <Alert
                  color="red"
                  icon={<IconAlertCircle size={18} aria-hidden />}
                  title="The coupon was not created"
                  role="alert"
                >
                  {create.error.message}
                </Alert>
              ) : null}
              <Group>
                <Button type="submit" loading={create.isPending}>
                  Create coupon
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}

      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="coupon-list"
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id="coupon-list">
            All coupons
          </Title>
          {coupons.isPending ? (
            <Stack gap="xs" aria-label="Loading coupons">
              <Skeleton height={32} />
              <Skeleton height={32} />
            </Stack>
          ) : coupons.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title="Coupons did not load">
              Reload the page to try again.
            </Alert>
          ) : coupons.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No coupons yet. Create one above, then share its code with buyers.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Discount</Table.Th>
                    <Table.Th>Last day</Table.Th>
                    <Table.Th>Uses</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {coupons.data.map((coupon) => (
                    <Table.Tr key={coupon.id}>
                      <Table.Td fw={600}>{coupon.code}</Table.Td>
                      <Table.Td>{worth(coupon)}</Table.Td>
                      <Table.Td>{coupon.expiresOn ?? 'No end'}</Table.Td>
                      <Table.Td>
                        {coupon.usesLimit === null
                          ? `${coupon.timesUsed}`
                          : `${coupon.timesUsed} of ${coupon.usesLimit}`}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={statusLabel[coupon.status].color}>
                          {statusLabel[coupon.status].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {canManage && coupon.isActive ? (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => confirmDeactivate(coupon)}
                            aria-label={`Deactivate ${coupon.code}`}
                          >
                            Deactivate
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
