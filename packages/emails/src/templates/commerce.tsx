import { Button, Column, Hr, Row, Section, Text } from '@react-email/components';
import { EmailLayout, emailButton, emailText } from '../layout';
import { defineTemplate } from '../registry';

export interface OrderMailItem {
  name: string;
  /** Formatted, e.g. '$895.00'. */
  price: string;
}

export const muted = '#616e7c';
export const border = '#e4e7eb';
const panel = '#f5f7fa';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** 'November 20, 2026'; the text as given when it is not a date. */
export const longDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

/** Another page on the same site as `url` (the purchase history from the order's address). */
const sameSite = (url: string, path: string) => {
  try {
    return new URL(path, url).toString();
  } catch {
    return path;
  }
};

const cell = { ...emailText, margin: 0, padding: '8px 0' };

/** The reports bought and what they came to: one row per report, then subtotal, any discount, tax and total. */
export function OrderSummary(props: {
  items: OrderMailItem[];
  subtotal: string;
  /** A coupon's discount as it reads ('-$89.50'), or null without one. */
  discount?: string | null;
  tax: string;
  total: string;
}) {
  const line = (name: string, value: string, strong = false) => (
    <Row>
      <Column style={{ ...cell, color: strong ? undefined : muted, fontWeight: strong ? 700 : 400 }}>
        {name}
      </Column>
      <Column align="right" style={{ ...cell, fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>
        {value}
      </Column>
    </Row>
  );
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {props.items.map((item) => (
        <Row key={`${item.name}-${item.price}`} style={{ borderBottom: `1px solid ${border}` }}>
          <Column style={{ ...cell, paddingRight: 16 }}>{item.name}</Column>
          <Column align="right" style={{ ...cell, whiteSpace: 'nowrap', verticalAlign: 'top' }}>
            {item.price}
          </Column>
        </Row>
      ))}
      {line('Subtotal', props.subtotal)}
      {props.discount ? line('Discount', props.discount) : null}
      {line('Tax', props.tax)}
      {line('Total', props.total, true)}
    </Section>
  );
}

/** Label and value pairs in a tinted box: order number, dates, payment. */
export function Facts({ facts }: { facts: Array<[string, string]> }) {
  return (
    <Section style={{ backgroundColor: panel, borderRadius: 6, padding: '12px 16px', margin: '8px 0' }}>
      {facts.map(([name, value]) => (
        <Text key={name} style={{ ...emailText, fontSize: 14, lineHeight: '22px', margin: '2px 0' }}>
          <span style={{ color: muted }}>{name}: </span>
          {value}
        </Text>
      ))}
    </Section>
  );
}

export function Action({ label, href }: { label: string; href: string }) {
  return (
    <Button href={href} style={emailButton}>
      {label}
    </Button>
  );
}

export function Fallback({ links }: { links: Array<{ label: string; href: string }> }) {
  return (
    <Text style={{ ...emailText, fontSize: 13, color: muted }}>
      If a button does not work, copy the address into your browser.{' '}
      {links.map((link) => `${link.label}: ${link.href}`).join(' · ')}
    </Text>
  );
}

export interface OrderConfirmationMailProps {
  firstName: string;
  orderNumber: string;
  /** ISO date-time the order was placed. */
  placedAt: string;
  items: OrderMailItem[];
  subtotal: string;
  /** A coupon's discount as it reads ('-$89.50'); absent or null without one. */
  discount?: string | null;
  tax: string;
  total: string;
  paymentMethodTitle: string;
  /** Paid at once (free or card): downloads are ready; otherwise an invoice follows. */
  paid: boolean;
  poNumber: string | null;
  /** /order-confirmation?order=… on the public address. */
  orderUrl: string;
  /** Where the invoice goes (the billing email); 'you' when not given. */
  invoiceEmail?: string | null;
  /** SALES_EMAIL; the demo address when not given. */
  salesEmail?: string;
}

/** Sent to the buyer when an order is placed: what they bought and what happens next. */
export const orderConfirmation = defineTemplate<OrderConfirmationMailProps>({
  name: 'shop/order-confirmation',
  description: 'Sent to the buyer when they place an order in the research shop.',
  subject: ({ orderNumber }) => `Your TeenVoice order #${orderNumber}`,
  component: (props) => {
    const { firstName, orderNumber, placedAt, paid, poNumber, orderUrl, invoiceEmail } = props;
    const downloadsUrl = sameSite(orderUrl, '/user/purchase-history');
    const payment = poNumber
      ? `${props.paymentMethodTitle} (PO number ${poNumber})`
      : props.paymentMethodTitle;
    const next = paid
      ? 'Your reports are ready to download from your purchase history.'
      : `We have emailed the invoice, with how to pay and by when, to ${invoiceEmail || 'you'}. Your downloads unlock as soon as payment arrives.`;
    const action = paid
      ? { label: 'Download your reports', href: downloadsUrl }
      : { label: 'View your order', href: orderUrl };
    return (
      <EmailLayout
        preview={
          paid
            ? `Order #${orderNumber}: your reports are ready.`
            : `Order #${orderNumber}: an invoice follows.`
        }
        heading={`Thank you for your order, ${firstName}`}
      >
        <Text style={emailText}>
          We received your order #{orderNumber}, placed on {longDate(placedAt)}.
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
            ['Order number', `#${orderNumber}`],
            ['Payment', payment],
          ]}
        />
        <Text style={{ ...emailText, fontWeight: 700, margin: '20px 0 4px' }}>What happens next</Text>
        <Text style={{ ...emailText, marginTop: 0 }}>{next}</Text>
        <Section style={{ margin: '20px 0 8px' }}>
          <Action {...action} />
        </Section>
        <Fallback links={[action]} />
        <Hr style={{ borderColor: border, margin: '16px 0' }} />
        <Text style={{ ...emailText, fontSize: 13, color: muted }}>
          Reports are licensed to the organization that bought them. Questions about your order? Write to{' '}
          {props.salesEmail ?? 'sales@teenvoice.test'} and quote order #{orderNumber}.
        </Text>
      </EmailLayout>
    );
  },
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
    invoiceEmail: 'dana@riverbend.example',
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
  /** A coupon's discount as it reads ('-$89.50'); absent or null without one. */
  discount?: string | null;
  tax: string;
  total: string;
  paymentMethodTitle: string;
  /** The printable receipt page. */
  receiptUrl: string;
  /** /user/purchase-history, where the downloads are. */
  downloadsUrl: string;
  /** SALES_EMAIL: the one address for sales questions. */
  salesEmail: string;
}

/** Sent when an order is paid: the receipt, and the way to the downloads. */
export const orderReceipt = defineTemplate<OrderReceiptMailProps>({
  name: 'shop/order-receipt',
  description: 'Sent to the buyer when payment for an order is received; the reports can then be downloaded.',
  subject: ({ orderNumber }) => `Receipt for your TeenVoice order #${orderNumber}`,
  component: (props) => {
    const { firstName, orderNumber, receiptNumber, paidAt, total, receiptUrl, downloadsUrl } = props;
    const actions = [
      { label: 'View your receipt', href: receiptUrl },
      { label: 'Download your reports', href: downloadsUrl },
    ];
    return (
      <EmailLayout
        preview={`Receipt ${receiptNumber}: your reports are ready.`}
        heading={`Payment received, ${firstName}`}
      >
        <Text style={emailText}>
          We received {total} for order #{orderNumber} on {longDate(paidAt)}. Your reports are ready to
          download from your purchase history.
        </Text>
        <OrderSummary
          items={props.items}
          subtotal={props.subtotal}
          discount={props.discount}
          tax={props.tax}
          total={total}
        />
        <Facts
          facts={[
            ['Receipt number', receiptNumber],
            ['Order number', `#${orderNumber}`],
            ['Date paid', longDate(paidAt)],
            ['Payment', props.paymentMethodTitle],
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
          Keep this email for your records; the receipt page has a PDF copy. Questions? Write to{' '}
          {props.salesEmail} and quote {receiptNumber}.
        </Text>
      </EmailLayout>
    );
  },
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
    salesEmail: 'sales@teenvoice.test',
  },
});
