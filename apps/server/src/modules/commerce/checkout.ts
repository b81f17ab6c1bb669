import { randomBytes } from 'node:crypto';
import { type PaymentMethodCode, paymentMethodCodes } from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  type BillingAddress,
  commerceCarts,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import type { Logger } from '../../lib/logger';
import type { Viewer } from '../identity/service';
import type { MailService } from '../mail/service';
import { type FieldProblem, readBillingAddress, readText, rememberBillingAddress } from './billing-address';
import { cartTotals, lockNewestCart, shown } from './carts';
import { claimCouponUse } from './coupons';
import { enqueueInvoiceMail } from './documents';
import { badRequest, CommerceError, noSuchEntity } from './errors';
import { discountLine, formatUsd } from './money';
import { markOrderPaidInTx } from './order-state';
import { type PaymentInput, paymentProviders } from './payments';
import { openCheckoutSession } from './payments/stripe-checkout';

export const EMPTY_CART_MESSAGE = 'The cart is empty. Add a report before you check out.';
export const METHOD_NOT_AVAILABLE_MESSAGE = 'The requested Payment Method is not available.';

export interface CheckoutDeps {
  db: Db;
  mail: MailService;
  config: Config;
  log: Logger;
}

export interface PlaceOrderInput {
  payment: PaymentInput;
  billingAddress: BillingAddress;
  organizationId: string | null;
  /** Magento's billing_address.save_in_address_book: keep this address for next time. */
  saveAddress: boolean;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 400 in Magento's shape listing every problem, the first one as the message. */
export function validationError(errors: FieldProblem[]): CommerceError {
  const [first] = errors;
  return new CommerceError(400, first!.message, first!.parameters, errors);
}

/**
 * Reads the body of `POST /carts/mine/payment-information`: the payment method (and its PO number or
 * card), the billing address by the company form rules, and the organisation the order is for, which
 * must be one of the caller's. Throws before anything is written.
 */
export function readPaymentInformation(body: unknown, viewer: Viewer): PlaceOrderInput {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Send the payment method and billing address as a JSON object.');
  const input = body as Record<string, unknown>;
  const errors: FieldProblem[] = [];

  const payment: PaymentInput = { method: 'purchaseorder', poNumber: null };
  const rawPayment = input.paymentMethod;
  if (!rawPayment || typeof rawPayment !== 'object' || Array.isArray(rawPayment)) {
    errors.push({ message: 'Required', parameters: { fieldName: 'method' } });
  } else {
    const method = (rawPayment as Record<string, unknown>).method;
    if (method === undefined || method === null || method === '') {
      errors.push({ message: 'Required', parameters: { fieldName: 'method' } });
    } else if (typeof method !== 'string' || !(paymentMethodCodes as readonly string[]).includes(method)) {
      errors.push({ message: METHOD_NOT_AVAILABLE_MESSAGE, parameters: { fieldName: 'method' } });
    } else {
      payment.method = method as PaymentMethodCode;
    }
    const po = readText(
      (rawPayment as Record<string, unknown>).po_number,
      'po_number',
      'Purchase Order Number',
      64,
    );
    if (!po.ok) errors.push(po.problem);
    else if (payment.method === 'purchaseorder') payment.poNumber = po.value;
  }

  const address = readBillingAddress(input.billing_address);
  if (!address.ok) errors.push(...address.errors);
  if (errors.length > 0) throw validationError(errors);

  let organizationId: string | null = null;
  const extension = input.extension_attributes;
  const rawOrganization =
    extension && typeof extension === 'object'
      ? (extension as Record<string, unknown>).organization_id
      : undefined;
  if (rawOrganization !== undefined && rawOrganization !== null && rawOrganization !== '') {
    const membership =
      typeof rawOrganization === 'string' && uuidPattern.test(rawOrganization)
        ? viewer.memberships.find((m) => m.organizationId === rawOrganization.toLowerCase())
        : undefined;
    if (!membership) throw noSuchEntity('organizationId', shown(rawOrganization));
    organizationId = membership.organizationId;
  }

  const rawAddress = input.billing_address as Record<string, unknown>;
  const saveAddress = rawAddress.save_in_address_book === true || rawAddress.save_in_address_book === 1;
  return {
    payment,
    billingAddress: (address as { value: BillingAddress }).value,
    organizationId,
    saveAddress,
  };
}

/** How long after placing an order a repeated checkout still answers that order. */
const RETRY_WINDOW_MS = 15 * 60 * 1000;

/**
 * Places the order of the caller's cart, exactly once per cart: the newest cart row is locked for the
 * whole transaction, and when it already has an order that order's id is the answer, so double clicks,
 * retries and parallel requests make one order. The card is charged before the order commits (with an
 * idempotency key, so a retry never charges twice); a failed payment writes nothing.
 */
export async function placeOrder(deps: CheckoutDeps, viewer: Viewer, body: unknown): Promise<number> {
  const input = readPaymentInformation(body, viewer);
  const provider = paymentProviders[input.payment.method];
  const userId = viewer.user.id;

  const { orderId, mailIds } = await deps.db.transaction(async (tx) => {
    const cart = await lockNewestCart(tx, userId);
    if (!cart) throw noSuchEntity('customerId', userId);
    const [existing] = await tx
      .select({ id: commerceOrders.id, createdAt: commerceOrders.createdAt })
      .from(commerceOrders)
      .where(eq(commerceOrders.cartId, cart.id))
      .limit(1);
    // A retry of the same checkout gets the same order. Long after, with no cart open, there is
    // nothing to check out: an old order is not answered as if it had just been placed.
    if (existing && Date.now() - existing.createdAt.getTime() <= RETRY_WINDOW_MS)
      return { orderId: existing.id, mailIds: [] as string[] };
    if (existing) throw noSuchEntity('customerId', userId);
    if (!cart.isActive) throw noSuchEntity('customerId', userId);

    const { lines, totals, coupon } = await cartTotals(tx, cart, deps.config.commerce.taxRateBasisPoints);
    if (lines.length === 0) throw badRequest(EMPTY_CART_MESSAGE);
    const gone = lines.find((line) => !line.onSale || !line.hasFile);
    if (gone)
      throw badRequest('%productName is no longer for sale. Remove it from your cart to check out.', {
        productName: gone.name,
      });

    // The coupon's use is counted before anything is charged: a coupon used up meanwhile refuses the order.
    if (coupon) await claimCouponUse(tx, coupon);
    const unavailable = provider.unavailableReason(totals, deps.config);
    if (unavailable) throw badRequest(unavailable, { fieldName: 'method' });

    const result = await provider.pay(
      {
        cartId: cart.id,
        userId,
        email: viewer.user.email ?? input.billingAddress.email,
        totals,
        input: input.payment,
      },
      deps.config,
    );
    if (result.outcome === 'failed') {
      if (result.cause) deps.log.error({ err: result.cause, cartId: cart.id }, 'card payment failed');
      throw new CommerceError(result.status, result.message);
    }

    const [order] = await tx
      .insert(commerceOrders)
      .values({
        cartId: cart.id,
        userId,
        organizationId: input.organizationId,
        state: 'pending_payment',
        status: 'pending_payment',
        customerEmail: viewer.user.email ?? input.billingAddress.email,
        customerFirstname: viewer.user.firstName ?? input.billingAddress.firstname,
        customerLastname: viewer.user.lastName ?? input.billingAddress.lastname,
        billingAddress: input.billingAddress,
        paymentMethod: provider.code,
        paymentReference: result.reference,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        taxRateBasisPoints: totals.taxRateBasisPoints,
        grandTotalCents: totals.grandTotalCents,
        discountCents: totals.discountCents,
        couponCode: totals.couponCode,
      })
      .returning();
    const items = await tx
      .insert(commerceOrderItems)
      .values(
        lines.map((line) => ({
          orderId: order!.id,
          productId: line.productId,
          sku: line.sku,
          name: line.name,
          productType: line.productType,
          priceCents: line.priceCents,
          qty: line.qty,
        })),
      )
      .returning();
    await tx.insert(commercePurchasedLinks).values(
      items.map((item, index) => ({
        orderId: order!.id,
        orderItemId: item.id,
        productId: item.productId,
        linkHash: randomBytes(32).toString('hex'),
        linkTitle: item.name,
        numberOfDownloadsBought: lines[index]!.numberOfDownloads,
        status: 'pending_payment' as const,
      })),
    );
    await tx.insert(commerceOrderHistory).values({
      orderId: order!.id,
      status: 'pending_payment',
      comment: result.outcome === 'pending_payment' ? result.comment : 'Order placed.',
      actorId: null,
    });
    await rememberBillingAddress(tx, userId, input.billingAddress, input.saveAddress);
    await tx
      .update(commerceCarts)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(commerceCarts.id, cart.id));

    const paid = result.outcome === 'paid';
    // A card order is paid on Stripe's hosted page: the buyer is sent there, the webhook marks it paid
    // and mails the receipt; nothing is mailed before (the buyer may still go back to the cart).
    if (provider.code === 'stripe_payments') {
      await openCheckoutSession(tx, deps.config, order!, lines);
      return { orderId: order!.id, mailIds: [] as string[] };
    }
    const mailIds = [
      await deps.mail.enqueue(tx, emailTemplates.orderConfirmation, order!.customerEmail, {
        firstName: order!.customerFirstname,
        orderNumber: order!.incrementId,
        placedAt: order!.createdAt.toISOString(),
        items: lines.map((line) => ({ name: line.name, price: formatUsd(line.priceCents * line.qty) })),
        subtotal: formatUsd(totals.subtotalCents),
        discount: discountLine(totals.discountCents),
        tax: formatUsd(totals.taxCents),
        total: formatUsd(totals.grandTotalCents),
        paymentMethodTitle: provider.title,
        paid,
        poNumber: provider.code === 'purchaseorder' ? result.reference : null,
        orderUrl: `${deps.config.publicUrl}/order-confirmation?order=${order!.id}`,
        invoiceEmail: order!.customerEmail,
        salesEmail: deps.config.salesEmail,
      }),
    ];
    if (provider.code === 'purchaseorder') mailIds.push(await enqueueInvoiceMail(tx, deps, order!.id));
    if (paid) {
      mailIds.push(
        ...(await markOrderPaidInTx(tx, deps, order!.id, { userId: null }, order!.version, result.comment)),
      );
    }
    return { orderId: order!.id, mailIds };
  });
  await deps.mail.dispatch(mailIds);
  return orderId;
}
