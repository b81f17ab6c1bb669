import type { CreditNoteShape, InvoiceShape, OrderDocument, OrderDocumentsResult } from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { commerceCreditNotes, commerceOrderItems, commerceOrders } from '../../db/schema/commerce';
import type { Viewer } from '../identity/service';
import type { MailService } from '../mail/service';
import { CommerceError } from './errors';
import { discountLine, formatUsd, toAmount } from './money';
import { type OrderRow, requireVisibleOrder, toBillingAddressShape, toOrderItems, visibleTo } from './orders';
import { paymentTitle } from './payments';
import { sellerWith } from './pdf/receipt-pdf';

// A buyer's documents besides the receipt (receipts.ts): the invoice of a purchase-order order and the
// credit note of every refund. Each is a PDF the buyer opens from the mail or the purchase history.

export const invoicePdfPath = (orderId: number) => `/commerce-content/invoices/${orderId}.pdf`;
export const creditNotePdfPath = (number: string) => `/commerce-content/credit-notes/${number}.pdf`;
export const invoiceNumber = (order: Pick<OrderRow, 'incrementId'>) => `INV-${order.incrementId}`;

const DAY_MS = 24 * 60 * 60 * 1000;
export const NO_INVOICE_MESSAGE = 'This order has no invoice: only orders paid by invoice have one.';
export const NO_CREDIT_NOTE_MESSAGE = 'That credit note does not exist.';

type NoteRow = typeof commerceCreditNotes.$inferSelect;

const dueDate = (order: OrderRow, config: Config) =>
  order.invoiceDueAt ?? new Date(order.createdAt.getTime() + config.commerce.invoice.dueDays * DAY_MS);

export async function toInvoice(db: Db, config: Config, order: OrderRow): Promise<InvoiceShape> {
  const items = await db
    .select()
    .from(commerceOrderItems)
    .where(eq(commerceOrderItems.orderId, order.id))
    .orderBy(asc(commerceOrderItems.id));
  const { invoice } = config.commerce;
  return {
    invoice_number: invoiceNumber(order),
    order_id: order.id,
    order_increment_id: order.incrementId,
    issued_at: order.createdAt.toISOString(),
    due_at: dueDate(order, config).toISOString(),
    seller: sellerWith(config.salesEmail),
    billing_address: toBillingAddressShape(order),
    items: toOrderItems(items),
    subtotal: toAmount(order.subtotalCents),
    discount_amount: toAmount(order.discountCents),
    tax_amount: toAmount(order.taxCents),
    grand_total: toAmount(order.grandTotalCents),
    po_number: order.paymentReference,
    paid: order.paidAt !== null,
    bank: {
      bank_name: invoice.bankName,
      account_name: invoice.accountName,
      routing_number: invoice.routingNumber,
      account_number: invoice.accountNumber,
    },
  };
}

export async function toCreditNote(
  db: Db,
  config: Config,
  order: OrderRow,
  note: NoteRow,
): Promise<CreditNoteShape> {
  const items =
    note.itemIds.length > 0
      ? await db
          .select()
          .from(commerceOrderItems)
          .where(and(eq(commerceOrderItems.orderId, order.id), inArray(commerceOrderItems.id, note.itemIds)))
          .orderBy(asc(commerceOrderItems.id))
      : [];
  return {
    credit_note_number: note.number,
    order_id: order.id,
    order_increment_id: order.incrementId,
    issued_at: note.createdAt.toISOString(),
    seller: sellerWith(config.salesEmail),
    billing_address: toBillingAddressShape(order),
    items: toOrderItems(items),
    amount: toAmount(note.amountCents),
    reason: note.reason,
    payment: {
      method: order.paymentMethod as CreditNoteShape['payment']['method'],
      title: paymentTitle(order.paymentMethod),
      reference: order.paymentReference,
    },
  };
}

/** The invoice of an order the caller may see; a 404 for any other or an order not paid by invoice. */
export async function invoiceFor(db: Db, config: Config, viewer: Viewer, rawOrderId: unknown) {
  const order = await requireVisibleOrder(db, viewer, rawOrderId);
  if (order.paymentMethod !== 'purchaseorder') throw new CommerceError(404, NO_INVOICE_MESSAGE);
  return toInvoice(db, config, order);
}

/** A credit note of an order the caller may see, by its number; the same 404 for any other. */
export async function creditNoteFor(db: Db, config: Config, viewer: Viewer | null, number: string) {
  const [row] = /^CN-\d{1,12}-\d{1,4}$/.test(number)
    ? await db
        .select({ note: commerceCreditNotes, order: commerceOrders })
        .from(commerceCreditNotes)
        .innerJoin(commerceOrders, eq(commerceOrders.id, commerceCreditNotes.orderId))
        .where(
          viewer
            ? and(eq(commerceCreditNotes.number, number), visibleTo(viewer))
            : eq(commerceCreditNotes.number, number),
        )
        .limit(1)
    : [];
  if (!row) throw new CommerceError(404, NO_CREDIT_NOTE_MESSAGE);
  return toCreditNote(db, config, row.order, row.note);
}

/** Every document of the orders the customer may see, newest first: none is ever taken away. */
export async function listDocuments(db: Db, viewer: Viewer): Promise<OrderDocumentsResult> {
  const orders = await db
    .select()
    .from(commerceOrders)
    .where(visibleTo(viewer))
    .orderBy(desc(commerceOrders.createdAt), desc(commerceOrders.id));
  const notes =
    orders.length > 0
      ? await db
          .select()
          .from(commerceCreditNotes)
          .where(
            inArray(
              commerceCreditNotes.orderId,
              orders.map((order) => order.id),
            ),
          )
          .orderBy(asc(commerceCreditNotes.id))
      : [];
  const items: OrderDocument[] = [];
  for (const order of orders) {
    const base = { order_id: order.id, order_increment_id: order.incrementId };
    if (order.paymentMethod === 'purchaseorder' && order.state !== 'canceled')
      items.push({
        ...base,
        kind: 'invoice',
        number: invoiceNumber(order),
        issued_at: order.createdAt.toISOString(),
        amount: toAmount(order.grandTotalCents),
        pdf_url: invoicePdfPath(order.id),
      });
    if (order.paidAt)
      items.push({
        ...base,
        kind: 'receipt',
        number: `R-${order.incrementId}`,
        issued_at: order.paidAt.toISOString(),
        amount: toAmount(order.grandTotalCents),
        pdf_url: `/commerce-content/receipts/${order.id}.pdf`,
      });
    for (const note of notes.filter((n) => n.orderId === order.id))
      items.push({
        ...base,
        kind: 'credit_note',
        number: note.number,
        issued_at: note.createdAt.toISOString(),
        amount: toAmount(note.amountCents),
        pdf_url: creditNotePdfPath(note.number),
      });
  }
  return { items, total_count: items.length };
}

/**
 * The invoice mail of a purchase-order order, queued in the order's transaction: the due date is set
 * now (INVOICE_DUE_DAYS after the order) and printed on the invoice PDF the mail links to.
 */
export async function enqueueInvoiceMail(
  tx: Db,
  deps: { mail: MailService; config: Config },
  orderId: number,
): Promise<string> {
  const [order] = await tx
    .update(commerceOrders)
    .set({
      invoiceDueAt: sql`${commerceOrders.createdAt} + make_interval(days => ${deps.config.commerce.invoice.dueDays})`,
    })
    .where(eq(commerceOrders.id, orderId))
    .returning();
  const invoice = await toInvoice(tx, deps.config, order!);
  const base = deps.config.publicUrl;
  return deps.mail.enqueue(tx, emailTemplates.orderInvoice, order!.customerEmail, {
    firstName: order!.customerFirstname,
    orderNumber: order!.incrementId,
    invoiceNumber: invoice.invoice_number,
    dueAt: invoice.due_at,
    items: invoice.items.map((item) => ({
      name: item.name,
      price: formatUsd(Math.round(item.row_total * 100)),
    })),
    subtotal: formatUsd(order!.subtotalCents),
    discount: discountLine(order!.discountCents),
    tax: formatUsd(order!.taxCents),
    total: formatUsd(order!.grandTotalCents),
    poNumber: invoice.po_number,
    bankLines: [
      `${invoice.bank.account_name}, ${invoice.bank.bank_name}`,
      `Routing number ${invoice.bank.routing_number}, account ${invoice.bank.account_number}`,
      `Reference: order ${order!.incrementId}`,
    ],
    invoiceUrl: `${base}${invoicePdfPath(order!.id)}`,
    historyUrl: `${base}/user/purchase-history`,
    salesEmail: deps.config.salesEmail,
  });
}

/** The credit note mail of a refund just written, in its transaction. */
export async function enqueueCreditNoteMail(
  tx: Db,
  deps: { mail: MailService; config: Config },
  noteId: number,
): Promise<string> {
  const [row] = await tx
    .select({ note: commerceCreditNotes, order: commerceOrders })
    .from(commerceCreditNotes)
    .innerJoin(commerceOrders, eq(commerceOrders.id, commerceCreditNotes.orderId))
    .where(eq(commerceCreditNotes.id, noteId));
  const note = await toCreditNote(tx, deps.config, row!.order, row!.note);
  const base = deps.config.publicUrl;
  return deps.mail.enqueue(tx, emailTemplates.orderCreditNote, row!.order.customerEmail, {
    firstName: row!.order.customerFirstname,
    orderNumber: row!.order.incrementId,
    creditNoteNumber: note.credit_note_number,
    amount: formatUsd(row!.note.amountCents),
    reason: note.reason,
    reports: note.items.map((item) => item.name),
    paymentMethodTitle: note.payment.title,
    creditNoteUrl: `${base}${creditNotePdfPath(note.credit_note_number)}`,
    historyUrl: `${base}/user/purchase-history`,
    salesEmail: deps.config.salesEmail,
  });
}
