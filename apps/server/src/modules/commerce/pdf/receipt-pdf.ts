import type { CreditNoteShape, InvoiceShape, ReceiptShape } from '@tv/contract';
import { formatUsd, toCents } from '../money';
import { type OrderDocumentPdf, renderOrderDocumentPdf, type Seller } from './document-pdf';
import { formatLongDate } from './layout';

/** Who sells the reports; the address people write to is SALES_EMAIL (sellerWith). */
export const TEENVOICE_SELLER: Seller = {
  name: 'TeenVoice, Inc.',
  address: ['400 Harrison Street, Suite 310', 'San Francisco, CA 94105', 'United States'],
  email: 'sales@teenvoice.test',
};

/** The seller with the configured sales address: the same one the contact page and every mail give. */
export const sellerWith = (salesEmail: string): Seller => ({ ...TEENVOICE_SELLER, email: salesEmail });

const money = (amount: number) => formatUsd(toCents(amount));

function billedTo(address: ReceiptShape['billing_address']): string[] {
  return [
    address.company,
    `${address.firstname} ${address.lastname}`,
    ...address.street.filter((line) => line.trim()),
    `${address.city}, ${address.region_code} ${address.postcode}`,
    address.country_id === 'US' ? 'United States' : address.country_id,
    address.email,
  ];
}

function paymentLine(payment: { method: string; title: string; reference: string | null }): string {
  const { method, title, reference } = payment;
  if (method === 'free') return 'No payment required: every report on this order was free.';
  if (method === 'purchaseorder')
    return reference ? `${title}, PO number ${reference}` : `${title}, paid by bank transfer`;
  return reference ? `${title}, payment reference ${reference}` : title;
}

const itemRows = (items: ReceiptShape['items'], note: (id: number) => string | null) =>
  items.map((item) => ({
    name: item.name,
    details: [`SKU ${item.sku} · Digital download (PDF)`, note(item.item_id)].filter(Boolean).join(' · '),
    qty: String(item.qty_ordered),
    price: money(item.price),
    amount: money(item.row_total),
  }));

/** The receipt of a paid order; refunded lines say their downloads ended. */
export async function renderReceiptPdf(receipt: ReceiptShape): Promise<Buffer> {
  const paidAt = new Date(receipt.paid_at);
  if (Number.isNaN(paidAt.getTime())) throw new Error('A receipt needs the date the order was paid');
  const seller = receipt.seller.name ? receipt.seller : TEENVOICE_SELLER;
  const refunded = new Set(receipt.refunded_item_ids ?? []);
  const refundedAll =
    (receipt.total_refunded > 0 && receipt.total_refunded >= receipt.grand_total) ||
    (receipt.items.length > 0 && receipt.items.every((item) => refunded.has(item.item_id)));
  const totals: OrderDocumentPdf['totals'] = [
    { name: 'Subtotal', value: money(receipt.subtotal) },
    ...(receipt.discount_amount > 0
      ? [{ name: 'Discount', value: `-${money(receipt.discount_amount)}` }]
      : []),
    { name: 'Tax', value: money(receipt.tax_amount) },
    { name: 'Total', value: money(receipt.grand_total), strong: true, ruleBefore: true },
    { name: 'Amount paid', value: money(receipt.payment.amount_paid), strong: true },
  ];
  if (receipt.total_refunded > 0) {
    totals.push({ name: 'Refunded', value: `-${money(receipt.total_refunded)}`, ruleBefore: true });
    totals.push({
      name: 'Net paid',
      value: money(Math.max(0, receipt.payment.amount_paid - receipt.total_refunded)),
      strong: true,
    });
  }
  const closing = refundedAll
    ? 'This order was refunded: its downloads have ended. The credit note is in your purchase history.'
    : refunded.size > 0 || receipt.total_refunded > 0
      ? 'Part of this order was refunded: downloads of the refunded reports have ended. You can download the other reports from your purchase history on TeenVoice.'
      : 'Thank you for your order. You can download your reports from your purchase history on TeenVoice.';
  return renderOrderDocumentPdf({
    title: 'Receipt',
    number: receipt.receipt_number,
    subject: `Receipt for TeenVoice order #${receipt.order_increment_id}`,
    createdAt: paidAt,
    badge: refundedAll
      ? { text: 'REFUNDED', tone: 'warn' }
      : receipt.total_refunded > 0
        ? { text: 'PARTLY REFUNDED', tone: 'warn' }
        : { text: 'PAID', tone: 'good' },
    seller,
    billedTo: billedTo(receipt.billing_address),
    facts: [
      ['Receipt number', receipt.receipt_number],
      ['Order number', `#${receipt.order_increment_id}`],
      ['Order date', formatLongDate(receipt.created_at)],
      ['Date paid', formatLongDate(paidAt)],
    ],
    items: itemRows(receipt.items, (id) => (refunded.has(id) ? 'Refunded: download ended' : null)),
    totals,
    panel: { label: 'Payment', lines: [paymentLine(receipt.payment)] },
    closing: [
      closing,
      `Questions about this receipt? Write to ${seller.email} and quote ${receipt.receipt_number}.`,
    ],
  });
}

/** The invoice of a purchase-order order: the amount, the due date and bank transfer details. */
export async function renderInvoicePdf(invoice: InvoiceShape): Promise<Buffer> {
  const issued = new Date(invoice.issued_at);
  const totals: OrderDocumentPdf['totals'] = [{ name: 'Subtotal', value: money(invoice.subtotal) }];
  if (invoice.discount_amount > 0)
    totals.push({ name: 'Discount', value: `-${money(invoice.discount_amount)}` });
  totals.push(
    { name: 'Tax', value: money(invoice.tax_amount) },
    { name: 'Amount due', value: money(invoice.grand_total), strong: true, ruleBefore: true },
  );
  const { bank } = invoice;
  return renderOrderDocumentPdf({
    title: 'Invoice',
    number: invoice.invoice_number,
    subject: `Invoice for TeenVoice order #${invoice.order_increment_id}`,
    createdAt: issued,
    badge: invoice.paid ? { text: 'PAID', tone: 'good' } : { text: 'PAYMENT DUE', tone: 'warn' },
    seller: invoice.seller,
    billedTo: billedTo(invoice.billing_address),
    facts: [
      ['Invoice number', invoice.invoice_number],
      ['Order number', `#${invoice.order_increment_id}`],
      ...(invoice.po_number ? ([['PO number', invoice.po_number]] as Array<[string, string]>) : []),
      ['Invoice date', formatLongDate(issued)],
      ['Due date', formatLongDate(invoice.due_at)],
    ],
    items: itemRows(invoice.items, () => null),
    totals,
    panel: {
      label: 'How to pay',
      lines: [
        `Bank transfer (ACH or wire) of ${money(invoice.grand_total)} by ${formatLongDate(invoice.due_at)} to:`,
        `${bank.account_name}, ${bank.bank_name}`,
        `Routing number ${bank.routing_number}, account ${bank.account_number}`,
        `Reference: order ${invoice.order_increment_id}`,
      ],
    },
    closing: [
      invoice.paid
        ? 'This invoice is paid. Thank you: your reports are in your purchase history on TeenVoice.'
        : `Please pay by ${formatLongDate(invoice.due_at)}, quoting order ${invoice.order_increment_id}. Your reports can be downloaded from your purchase history as soon as the payment arrives.`,
      `Questions about this invoice? Write to ${invoice.seller.email} and quote ${invoice.invoice_number}.`,
    ],
  });
}

/** A credit note: what was refunded, why, and that those downloads have ended. */
export async function renderCreditNotePdf(note: CreditNoteShape): Promise<Buffer> {
  const issued = new Date(note.issued_at);
  const items = note.items.length
    ? itemRows(note.items, () => 'Refunded: download ended')
    : [
        {
          name: `Refund on order #${note.order_increment_id}`,
          details: 'An amount refunded on the order',
          qty: '1',
          price: money(note.amount),
          amount: money(note.amount),
        },
      ];
  const by =
    note.payment.method === 'stripe_payments'
      ? `Refunded to the card used for order #${note.order_increment_id}${note.payment.reference ? ` (${note.payment.reference})` : ''}. It can take 5 to 10 business days to show on your statement.`
      : note.payment.method === 'purchaseorder'
        ? `Credited against the invoice of order #${note.order_increment_id}: a payment already made is returned by bank transfer.`
        : paymentLine(note.payment);
  return renderOrderDocumentPdf({
    title: 'Credit note',
    number: note.credit_note_number,
    subject: `Credit note for TeenVoice order #${note.order_increment_id}`,
    createdAt: issued,
    badge: { text: 'REFUNDED', tone: 'warn' },
    seller: note.seller,
    billedTo: billedTo(note.billing_address),
    facts: [
      ['Credit note number', note.credit_note_number],
      ['Order number', `#${note.order_increment_id}`],
      ['Date', formatLongDate(issued)],
      ['Reason', note.reason],
    ],
    itemsHeader: 'Refunded report',
    items,
    totals: [{ name: 'Total refunded', value: money(note.amount), strong: true }],
    panel: { label: 'Refund', lines: [by] },
    closing: [
      note.items.length
        ? 'The downloads of the refunded reports have ended.'
        : 'This amount was refunded on your order.',
      `Questions about this credit note? Write to ${note.seller.email} and quote ${note.credit_note_number}.`,
    ],
  });
}
