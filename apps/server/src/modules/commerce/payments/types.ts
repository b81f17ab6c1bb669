import type { PaymentMethodCode } from '@tv/contract';
import type { Config } from '../../../config';

/** What an order costs, in cents. */
export interface PaymentTotals {
  subtotalCents: number;
  taxCents: number;
  grandTotalCents: number;
}

/** The payment part of `POST /carts/mine/payment-information`, already checked for shape. */
export interface PaymentInput {
  method: PaymentMethodCode;
  /** Purchase orders: the buyer's own reference. */
  poNumber: string | null;
}

export interface PaymentRequest {
  cartId: number;
  userId: string;
  email: string;
  totals: PaymentTotals;
  input: PaymentInput;
}

export type PaymentResult =
  /** The money is in: the order is complete and its downloads are ready. */
  | { outcome: 'paid'; reference: string | null; comment: string }
  /** Payment follows later: an invoice staff mark paid, or a card paid on Stripe Checkout (its webhook). */
  | { outcome: 'pending_payment'; reference: string | null; comment: string }
  /** Nothing was taken; the message is for the buyer, the status for the answer. */
  | { outcome: 'failed'; status: number; message: string; cause?: unknown };

/** One way to pay. Checkout asks the chosen provider, inside the order's transaction. */
export interface PaymentProvider {
  code: PaymentMethodCode;
  title: string;
  isAvailable(totals: PaymentTotals, config: Config): boolean;
  /** Why this cart cannot use this method (a sentence for the buyer), or null when it can. */
  unavailableReason(totals: PaymentTotals, config: Config): string | null;
  /** Takes (or arranges) the payment. Runs before the order is committed; must be safe to retry. */
  pay(request: PaymentRequest, config: Config): Promise<PaymentResult>;
}
