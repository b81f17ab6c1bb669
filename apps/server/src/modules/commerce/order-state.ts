import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailService } from '../mail/service';

/**
 * Order state changes, shared by checkout (free and card orders are paid at once) and the staff
 * screens (mark paid, cancel, refund). Each runs in one transaction, checks the order's version
 * (optimistic concurrency, 409 on a stale one), writes a status history row, and sends its mail
 * through the outbox. Stub until the storefront's order work lands.
 */
export interface OrderActor {
  /** Staff member, or null for the customer / the system. */
  userId: string | null;
}

export interface OrderStateDeps {
  db: Db;
  mail: MailService;
  config: Config;
}

/** pending_payment → processing→complete: downloads become available, the receipt mail goes out. */
export async function markOrderPaid(
  _deps: OrderStateDeps,
  _orderId: number,
  _actor: OrderActor,
  _expectedVersion: number | null,
): Promise<void> {
  throw new Error('not written yet');
}

/** Only an unpaid order can be canceled; its download links expire. */
export async function cancelOrder(
  _deps: OrderStateDeps,
  _orderId: number,
  _actor: OrderActor,
  _expectedVersion: number,
): Promise<void> {
  throw new Error('not written yet');
}

/** A paid order is refunded in full with a reason; its download links expire at once. */
export async function refundOrder(
  _deps: OrderStateDeps,
  _orderId: number,
  _actor: OrderActor,
  _expectedVersion: number,
  _reason: string,
): Promise<void> {
  throw new Error('not written yet');
}
