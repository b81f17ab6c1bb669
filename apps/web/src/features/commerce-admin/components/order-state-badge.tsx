import { Badge, type BadgeProps } from '@mantine/core';
import type { OrderStateName } from '@tv/contract';
import { orderStateColor, orderStateLabel } from '../utils/order-states';
import classes from './commerce-admin.module.css';

/** An order's state, in the words and colors every shop screen uses. */
export function OrderStateBadge({ state, size }: { state: OrderStateName; size?: BadgeProps['size'] }) {
  return (
    <Badge
      size={size}
      variant="light"
      color={orderStateColor(state)}
      radius="sm"
      className={classes.badge}
      data-testid="order-state"
    >
      {orderStateLabel(state)}
    </Badge>
  );
}
