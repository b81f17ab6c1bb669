import type { AdminOrderDetail, OrderStateName, PaymentMethodCode } from '@tv/contract';

export const orderStateOptions: { value: OrderStateName; label: string }[] = [
  { value: 'pending_payment', label: 'Awaiting payment' },
  { value: 'complete', label: 'Paid' },
  { value: 'closed', label: 'Refunded' },
  { value: 'canceled', label: 'Canceled' },
];

const labels: Record<OrderStateName, string> = {
  new: 'Awaiting payment',
  pending_payment: 'Awaiting payment',
  processing: 'Paid',
  complete: 'Paid',
  closed: 'Refunded',
  canceled: 'Canceled',
};

const colors: Record<OrderStateName, string> = {
  new: 'yellow',
  pending_payment: 'yellow',
  processing: 'green',
  complete: 'green',
  closed: 'gray',
  canceled: 'red',
};

/** An order's state in the words buyers see on their purchase history. */
export const orderStateLabel = (state: OrderStateName) => labels[state] ?? state;
export const orderStateColor = (state: OrderStateName) => colors[state] ?? 'gray';

const methods: Record<PaymentMethodCode, string> = {
  free: 'No payment required',
  purchaseorder: 'Invoice (purchase order)',
  stripe_payments: 'Card',
};
export const paymentMethodLabel = (method: PaymentMethodCode) => methods[method] ?? method;

export type OrderAction = 'mark-paid' | 'cancel' | 'refund';

/** The staff actions an order's state allows: the screen shows no button that would be refused. */
export function availableOrderActions(
  order: Pick<AdminOrderDetail, 'state' | 'amountPaid' | 'grandTotal'>,
): OrderAction[] {
  if (order.state === 'pending_payment' || order.state === 'new') return ['mark-paid', 'cancel'];
  if ((order.state === 'complete' || order.state === 'processing') && order.amountPaid > 0) return ['refund'];
  return [];
}

/** History statuses, which are order statuses, in words. */
export function historyStatusLabel(status: string): string {
  return status in labels ? labels[status as OrderStateName] : status.replaceAll('_', ' ');
}

const downloadLabels = { pending_payment: 'Waiting for payment', available: 'Available', expired: 'Stopped' };
export const downloadStatusLabel = (status: keyof typeof downloadLabels) => downloadLabels[status];
