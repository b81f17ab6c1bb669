import type { PaymentMethodCode, ReceiptShape } from '@tv/contract';
import type { Db } from '../../db/client';
import type { Viewer } from '../identity/service';
import { CommerceError } from './errors';
import { toAmount } from './money';
import {
  loadOrderDetails,
  type OrderRow,
  requireVisibleOrder,
  toBillingAddressShape,
  toOrderItems,
} from './orders';
import { paymentTitle } from './payments';
import { sellerWith, TEENVOICE_SELLER } from './pdf/receipt-pdf';

export const receiptPdfPath = (orderId: number) => `/commerce-content/receipts/${orderId}.pdf`;

export const NO_RECEIPT_YET_MESSAGE =
  'There is no receipt for this order yet: it is issued once the order is paid.';

/** Magento's invoice is our receipt: derived from the paid order, numbered R-<order number>. */
export async function toReceipt(db: Db, order: OrderRow, salesEmail?: string): Promise<ReceiptShape> {
  const details = (await loadOrderDetails(db, [order])).get(order.id)!;
  const method = order.paymentMethod as PaymentMethodCode;
  return {
    receipt_number: `R-${order.incrementId}`,
    order_id: order.id,
    order_increment_id: order.incrementId,
    paid_at: (order.paidAt ?? order.createdAt).toISOString(),
    created_at: order.createdAt.toISOString(),
    seller: salesEmail ? sellerWith(salesEmail) : TEENVOICE_SELLER,
    billing_address: toBillingAddressShape(order),
    items: toOrderItems(details.items),
    subtotal: toAmount(order.subtotalCents),
    discount_amount: toAmount(order.discountCents),
    tax_amount: toAmount(order.taxCents),
    grand_total: toAmount(order.grandTotalCents),
    total_refunded: toAmount(order.amountRefundedCents),
    currency_code: order.currency,
    payment: {
      method,
      title: paymentTitle(method),
      reference: order.paymentReference,
      amount_paid: toAmount(order.amountPaidCents),
    },
    refunded_item_ids: details.items.filter((item) => item.refundedAt !== null).map((item) => item.id),
    pdf_url: receiptPdfPath(order.id),
  };
}

/**
 * The receipt of an order the caller may see (404 noSuchEntity for any other id), once it is paid
 * (a 404 saying so before). Refunded orders keep their receipt, with the refund on it.
 */
export async function receiptFor(
  db: Db,
  viewer: Viewer,
  rawOrderId: unknown,
  salesEmail?: string,
): Promise<ReceiptShape> {
  const order = await requireVisibleOrder(db, viewer, rawOrderId);
  if (order.paidAt === null) throw new CommerceError(404, NO_RECEIPT_YET_MESSAGE);
  return toReceipt(db, order, salesEmail);
}
