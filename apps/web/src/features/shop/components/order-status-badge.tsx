import { Badge, type BadgeProps } from '@mantine/core';
import type { OrderStateName } from '@tv/contract';
import { orderStatusColor, orderStatusLabel } from '../utils/orders';

/** An order's state in words ('Paid', 'Awaiting payment', 'Refunded', 'Canceled'), coloured the same everywhere. */
export function OrderStatusBadge({
  state,
  size = 'md',
}: {
  state: OrderStateName;
  size?: BadgeProps['size'];
}) {
  const label = orderStatusLabel(state);
  return (
    <Badge variant="light" color={orderStatusColor[label]} radius="sm" size={size} data-testid="order-status">
      {label}
    </Badge>
  );
}
