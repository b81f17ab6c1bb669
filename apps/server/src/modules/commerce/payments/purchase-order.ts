import type { PaymentProvider } from './types';

/** Magento's "purchase order": we send an invoice, staff mark the order paid when the money arrives. */
export const purchaseOrderProvider: PaymentProvider = {
  code: 'purchaseorder',
  title: 'Invoice (purchase order)',
  isAvailable: (totals, config) => purchaseOrderProvider.unavailableReason(totals, config) === null,
  unavailableReason: (totals) =>
    totals.grandTotalCents > 0 ? null : 'This order is free: choose “No payment required” instead.',
  async pay(request) {
    const po = request.input.poNumber;
    return {
      outcome: 'pending_payment',
      reference: po,
      comment: po
        ? `Order placed; waiting for payment by invoice (purchase order ${po}).`
        : 'Order placed; waiting for payment by invoice.',
    };
  },
};
