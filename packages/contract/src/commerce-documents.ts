import type { OrderShape, OrderStateName, ReceiptShape } from './commerce';

// ── A buyer's documents: invoice, receipt, credit notes (issue 25) ───────────────────────────────

export type OrderDocumentKind = 'invoice' | 'receipt' | 'credit_note';

/** One document of an order, as purchase history lists it: every one stays, with its PDF. */
export interface OrderDocument {
  kind: OrderDocumentKind;
  /** INV-000000003, R-000000003, CN-000000003-1. */
  number: string;
  order_id: number;
  order_increment_id: string;
  issued_at: string;
  /** The invoice's or receipt's total, or the credit note's refund. */
  amount: number;
  /** For the signed-in buyer (session cookie). */
  pdf_url: string;
}

/** `GET /customers/me/asa_documents`: the documents of every order the customer may see, newest first. */
export interface OrderDocumentsResult {
  items: OrderDocument[];
  total_count: number;
}

/** An invoice of a purchase-order order: what to pay, by when and how (bank transfer). */
export interface InvoiceShape {
  invoice_number: string;
  order_id: number;
  order_increment_id: string;
  issued_at: string;
  due_at: string;
  seller: ReceiptShape['seller'];
  billing_address: OrderShape['billing_address'];
  items: OrderShape['items'];
  subtotal: number;
  discount_amount: number;
  tax_amount: number;
  grand_total: number;
  po_number: string | null;
  paid: boolean;
  bank: { bank_name: string; account_name: string; routing_number: string; account_number: string };
}

/** A credit note: one refund of an order, whole or some lines, whose downloads ended. */
export interface CreditNoteShape {
  credit_note_number: string;
  order_id: number;
  order_increment_id: string;
  issued_at: string;
  seller: ReceiptShape['seller'];
  billing_address: OrderShape['billing_address'];
  /** The reports refunded; empty for an amount refunded in Stripe's dashboard. */
  items: OrderShape['items'];
  amount: number;
  reason: string;
  payment: { method: ReceiptShape['payment']['method']; title: string; reference: string | null };
}

/** `GET /customers/me/asa_orders/{id}/card-payment`: where a card order's payment stands. */
export interface CardPaymentStatus {
  order_id: number;
  state: OrderStateName;
  paid: boolean;
  /** Stripe's hosted payment page while the order waits for the card payment, else null. */
  url: string | null;
}
