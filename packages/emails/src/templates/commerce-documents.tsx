import { Hr, Section, Text } from '@react-email/components';
import { EmailLayout, emailText } from '../layout';
import { defineTemplate } from '../registry';
import {
  Action,
  border,
  Facts,
  Fallback,
  longDate,
  muted,
  type OrderMailItem,
  OrderSummary,
} from './commerce';

export interface OrderInvoiceMailProps {
  firstName: string;
  orderNumber: string;
  invoiceNumber: string;
  /** ISO date the invoice is due. */
  dueAt: string;
  items: OrderMailItem[];
  subtotal: string;
  /** A coupon's discount as it reads ('-$89.50'); absent or null without one. */
  discount?: string | null;
  tax: string;
  total: string;
  poNumber: string | null;
  /** Bank transfer details, one line each, the order number as reference last. */
  bankLines: string[];
  /** The invoice PDF. */
  invoiceUrl: string;
  historyUrl: string;
  salesEmail: string;
}

/** Sent when an order is placed to be paid by invoice: what to pay, by when and how. */
export const orderInvoice = defineTemplate<OrderInvoiceMailProps>({
  name: 'shop/order-invoice',
  description:
    'Sent to the buyer of an order paid by invoice: the invoice PDF, the due date and bank details.',
  subject: ({ orderNumber, invoiceNumber }) =>
    `Invoice ${invoiceNumber} for your TeenVoice order #${orderNumber}`,
  component: (props) => {
    const actions = [
      { label: 'Open the invoice (PDF)', href: props.invoiceUrl },
      { label: 'Your purchase history', href: props.historyUrl },
    ];
    return (
      <EmailLayout
        preview={`Invoice ${props.invoiceNumber}: ${props.total} due by ${longDate(props.dueAt)}.`}
        heading={`Your invoice, ${props.firstName}`}
      >
        <Text style={emailText}>
          Here is the invoice for order #{props.orderNumber}. Please pay {props.total} by{' '}
          {longDate(props.dueAt)}. Your reports can be downloaded as soon as the payment arrives.
        </Text>
        <OrderSummary
          items={props.items}
          subtotal={props.subtotal}
          discount={props.discount}
          tax={props.tax}
          total={props.total}
        />
        <Facts
          facts={[
            ['Invoice number', props.invoiceNumber],
            ['Order number', `#${props.orderNumber}`],
            ...(props.poNumber ? ([['PO number', props.poNumber]] as Array<[string, string]>) : []),
            ['Due date', longDate(props.dueAt)],
          ]}
        />
        <Text style={{ ...emailText, fontWeight: 700, margin: '20px 0 4px' }}>How to pay</Text>
        <Text style={{ ...emailText, marginTop: 0 }}>Bank transfer (ACH or wire) to:</Text>
        {props.bankLines.map((line) => (
          <Text key={line} style={{ ...emailText, margin: '0' }}>
            {line}
          </Text>
        ))}
        {actions.map((action, index) => (
          <Section key={action.label} style={{ margin: index === 0 ? '24px 0 4px' : '4px 0 8px' }}>
            <Action {...action} />
          </Section>
        ))}
        <Fallback links={actions} />
        <Hr style={{ borderColor: border, margin: '16px 0' }} />
        <Text style={{ ...emailText, fontSize: 13, color: muted }}>
          Questions about this invoice? Write to {props.salesEmail} and quote {props.invoiceNumber}.
        </Text>
      </EmailLayout>
    );
  },
  sample: {
    firstName: 'Dana',
    orderNumber: '000000042',
    invoiceNumber: 'INV-000000042',
    dueAt: '2026-12-20T15:04:00.000Z',
    items: [{ name: 'Always On: Teens, Phones and Sleep 2026', price: '$895.00' }],
    subtotal: '$895.00',
    tax: '$0.00',
    total: '$895.00',
    poNumber: 'PO-7781',
    bankLines: [
      'TeenVoice, Inc., First Demo Bank, N.A.',
      'Routing number 000000000, account 000123456789',
      'Reference: order 000000042',
    ],
    invoiceUrl: 'http://localhost:3000/commerce-content/invoices/42.pdf',
    historyUrl: 'http://localhost:3000/user/purchase-history',
    salesEmail: 'sales@teenvoice.test',
  },
});

export interface OrderCreditNoteMailProps {
  firstName: string;
  orderNumber: string;
  creditNoteNumber: string;
  amount: string;
  reason: string;
  /** The reports refunded; empty for an amount refunded on the order. */
  reports: string[];
  paymentMethodTitle: string;
  /** The credit note PDF. */
  creditNoteUrl: string;
  historyUrl: string;
  salesEmail: string;
}

/** Sent when an order, or some of its reports, is refunded: the credit note and what ended. */
export const orderCreditNote = defineTemplate<OrderCreditNoteMailProps>({
  name: 'shop/order-credit-note',
  description: 'Sent to the buyer when an order or some of its reports are refunded, with the credit note.',
  subject: ({ orderNumber, creditNoteNumber }) =>
    `Refund on your TeenVoice order #${orderNumber} (credit note ${creditNoteNumber})`,
  component: (props) => {
    const actions = [
      { label: 'Open the credit note (PDF)', href: props.creditNoteUrl },
      { label: 'Your purchase history', href: props.historyUrl },
    ];
    return (
      <EmailLayout
        preview={`We refunded ${props.amount} on order #${props.orderNumber}.`}
        heading={`We refunded ${props.amount}, ${props.firstName}`}
      >
        <Text style={emailText}>
          We refunded {props.amount} on order #{props.orderNumber} ({props.paymentMethodTitle}). Reason:{' '}
          {props.reason}
        </Text>
        {props.reports.length > 0 ? (
          <>
            <Text style={{ ...emailText, fontWeight: 700, margin: '16px 0 4px' }}>Refunded reports</Text>
            {props.reports.map((name) => (
              <Text key={name} style={{ ...emailText, margin: 0 }}>
                {name}
              </Text>
            ))}
            <Text style={emailText}>
              The downloads of these reports have ended. Any other reports on the order stay in your purchase
              history.
            </Text>
          </>
        ) : null}
        <Facts
          facts={[
            ['Credit note', props.creditNoteNumber],
            ['Order number', `#${props.orderNumber}`],
            ['Amount refunded', props.amount],
          ]}
        />
        {actions.map((action, index) => (
          <Section key={action.label} style={{ margin: index === 0 ? '24px 0 4px' : '4px 0 8px' }}>
            <Action {...action} />
          </Section>
        ))}
        <Fallback links={actions} />
        <Hr style={{ borderColor: border, margin: '16px 0' }} />
        <Text style={{ ...emailText, fontSize: 13, color: muted }}>
          A card refund can take 5 to 10 business days to show on your statement. Questions? Write to{' '}
          {props.salesEmail} and quote {props.creditNoteNumber}.
        </Text>
      </EmailLayout>
    );
  },
  sample: {
    firstName: 'Dana',
    orderNumber: '000000042',
    creditNoteNumber: 'CN-000000042-1',
    amount: '$895.00',
    reason: 'Bought twice by mistake.',
    reports: ['Always On: Teens, Phones and Sleep 2026'],
    paymentMethodTitle: 'Credit or debit card',
    creditNoteUrl: 'http://localhost:3000/commerce-content/credit-notes/CN-000000042-1.pdf',
    historyUrl: 'http://localhost:3000/user/purchase-history',
    salesEmail: 'sales@teenvoice.test',
  },
});
