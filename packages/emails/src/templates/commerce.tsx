import { SimpleMessage } from '../layout';
import { defineTemplate } from '../registry';

export interface OrderMailItem {
  name: string;
  /** Formatted, e.g. '$895.00'. */
  price: string;
}

export interface OrderConfirmationMailProps {
  firstName: string;
  orderNumber: string;
  /** ISO date-time the order was placed. */
  placedAt: string;
  items: OrderMailItem[];
  subtotal: string;
  tax: string;
  total: string;
  paymentMethodTitle: string;
  /** Paid at once (free or card): downloads are ready; otherwise an invoice follows. */
  paid: boolean;
  poNumber: string | null;
  /** /order-confirmation?order=… on the public address. */
  orderUrl: string;
}

/** Sent to the buyer when an order is placed. (Stub: the storefront work writes the real layout.) */
export const orderConfirmation = defineTemplate<OrderConfirmationMailProps>({
  name: 'shop/order-confirmation',
  description: 'Sent to the buyer when they place an order in the research shop.',
  subject: ({ orderNumber }) => `Your TeenVoice order #${orderNumber}`,
  component: ({ firstName, orderNumber, total, orderUrl }) => (
    <SimpleMessage
      preview={`Order #${orderNumber}`}
      heading={`Thank you, ${firstName}`}
      paragraphs={[`We received your order #${orderNumber} for ${total}.`]}
      action={{ label: 'View your order', href: orderUrl }}
    />
  ),
  sample: {
    firstName: 'Dana',
    orderNumber: '000000042',
    placedAt: '2026-11-20T15:04:00.000Z',
    items: [{ name: 'Always On: Teens, Phones and Sleep 2026', price: '$895.00' }],
    subtotal: '$895.00',
    tax: '$0.00',
    total: '$895.00',
    paymentMethodTitle: 'Invoice (purchase order)',
    paid: false,
    poNumber: 'PO-7781',
    orderUrl: 'http://localhost:3000/order-confirmation?order=42',
  },
});

export interface OrderReceiptMailProps {
  firstName: string;
  orderNumber: string;
  receiptNumber: string;
  /** ISO date-time the payment was received. */
  paidAt: string;
  items: OrderMailItem[];
  subtotal: string;
  tax: string;
  total: string;
  paymentMethodTitle: string;
  /** The printable receipt page. */
  receiptUrl: string;
  /** /user/purchase-history, where the downloads are. */
  downloadsUrl: string;
}

/** Sent when an order is paid: the receipt, and the way to the downloads. (Stub, see above.) */
export const orderReceipt = defineTemplate<OrderReceiptMailProps>({
  name: 'shop/order-receipt',
  description: 'Sent to the buyer when payment for an order is received; the reports can then be downloaded.',
  subject: ({ orderNumber }) => `Receipt for your TeenVoice order #${orderNumber}`,
  component: ({ firstName, orderNumber, total, receiptUrl }) => (
    <SimpleMessage
      preview={`Receipt for order #${orderNumber}`}
      heading={`Payment received, ${firstName}`}
      paragraphs={[`We received ${total} for order #${orderNumber}.`]}
      action={{ label: 'View your receipt', href: receiptUrl }}
    />
  ),
  sample: {
    firstName: 'Dana',
    orderNumber: '000000042',
    receiptNumber: 'R-000000042',
    paidAt: '2026-11-21T09:30:00.000Z',
    items: [{ name: 'Always On: Teens, Phones and Sleep 2026', price: '$895.00' }],
    subtotal: '$895.00',
    tax: '$0.00',
    total: '$895.00',
    paymentMethodTitle: 'Invoice (purchase order)',
    receiptUrl: 'http://localhost:3000/user/purchase-history/receipts/42',
    downloadsUrl: 'http://localhost:3000/user/purchase-history',
  },
});
