import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  commerceCarts,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commercePurchasedLinks,
} from '../db/schema/commerce';
import { users } from '../db/schema/identity';
import { demoOrganizations } from '../db/seed/demo-accounts';
import type { TestApp } from './app';
import type { CookieJar } from './session';

/** The staff commerce tests' requests and orders (modules/commerce/commerce-admin-*.test.ts). */

type Method = 'GET' | 'POST' | 'PUT';

/** Requests as a signed-in browser (or none) makes them: JSON calls and multipart file uploads. */
export function harness(getApp: () => TestApp) {
  const call = (jar: CookieJar | null, method: Method, url: string, payload?: unknown) =>
    getApp().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: jar ? { cookie: jar.header } : {},
    });

  const multipart = (field: string, name: string, bytes: Buffer, extra?: { field: string; name: string }) => {
    const boundary = '----tvshopboundary';
    const part = (fieldName: string, fileName: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      ]);
    return {
      payload: Buffer.concat([
        part(field, name, bytes),
        ...(extra ? [part(extra.field, extra.name, bytes)] : []),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  const upload = (
    jar: CookieJar | null,
    url: string,
    file: { name: string; bytes: Buffer; field?: string; second?: boolean },
  ) => {
    const body = multipart(
      file.field ?? 'file',
      file.name,
      file.bytes,
      file.second ? { field: 'file', name: 'second.pdf' } : undefined,
    );
    return getApp().app.inject({
      method: 'PUT',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(jar ? { cookie: jar.header } : {}) },
    });
  };

  return { call, upload };
}

export async function userId(t: TestApp, email: string) {
  const [row] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

export interface OrderSeed {
  state: 'pending_payment' | 'complete' | 'closed' | 'canceled';
  items: { product: { id: number; sku: string; name: string }; priceCents: number }[];
  taxCents?: number;
  paidAt?: Date | null;
  createdAt?: Date;
  refundedCents?: number;
  organizationId?: string | null;
  customer?: { firstname: string; lastname: string; email: string; company: string };
  paymentMethod?: 'free' | 'purchaseorder' | 'stripe_payments';
}

/** An order as checkout would leave it, written straight into the tables. */
export async function insertOrder(t: TestApp, buyerId: string, seed: OrderSeed) {
  const db = t.app.database.db;
  const [cart] = await db
    .insert(commerceCarts)
    .values({ userId: buyerId, isActive: false })
    .returning({ id: commerceCarts.id });
  const subtotal = seed.items.reduce((sum, item) => sum + item.priceCents, 0);
  const tax = seed.taxCents ?? 0;
  const grand = subtotal + tax;
  const paid = seed.state === 'complete' || seed.state === 'closed' ? grand : 0;
  const customer = seed.customer ?? {
    firstname: 'Priya',
    lastname: 'Shah',
    email: 'priya@northside.test',
    company: 'Northside Youth Trust',
  };
  const createdAt = seed.createdAt ?? seed.paidAt ?? new Date();
  const [order] = await db
    .insert(commerceOrders)
    .values({
      cartId: cart!.id,
      userId: buyerId,
      organizationId:
        seed.organizationId === undefined ? demoOrganizations.northside.id : seed.organizationId,
      state: seed.state,
      status: seed.state,
      customerEmail: customer.email,
      customerFirstname: customer.firstname,
      customerLastname: customer.lastname,
      billingAddress: {
        company: customer.company,
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        street: ['100 Market Street'],
        city: 'San Francisco',
        region_code: 'CA',
        region: 'California',
        postcode: '94105',
        country_id: 'US',
      },
      paymentMethod: seed.paymentMethod ?? (grand === 0 ? 'free' : 'purchaseorder'),
      paymentReference: 'PO-7781',
      subtotalCents: subtotal,
      taxCents: tax,
      grandTotalCents: grand,
      amountPaidCents: paid,
      amountRefundedCents: seed.refundedCents ?? (seed.state === 'closed' ? paid : 0),
      refundReason: seed.state === 'closed' ? 'Bought twice by mistake' : null,
      paidAt: seed.paidAt ?? (paid > 0 || seed.state === 'complete' ? createdAt : null),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  for (const item of seed.items) {
    const [row] = await db
      .insert(commerceOrderItems)
      .values({
        orderId: order!.id,
        productId: item.product.id,
        sku: item.product.sku,
        name: item.product.name,
        priceCents: item.priceCents,
      })
      .returning({ id: commerceOrderItems.id });
    await db.insert(commercePurchasedLinks).values({
      orderId: order!.id,
      orderItemId: row!.id,
      productId: item.product.id,
      linkHash: randomBytes(32).toString('hex'),
      linkTitle: item.product.name,
      numberOfDownloadsBought: 10,
      numberOfDownloadsUsed: 2,
      status:
        seed.state === 'complete'
          ? 'available'
          : seed.state === 'pending_payment'
            ? 'pending_payment'
            : 'expired',
    });
  }
  await db.insert(commerceOrderHistory).values({
    orderId: order!.id,
    status: seed.state,
    comment: 'Order placed',
    actorId: null,
    createdAt,
  });
  return order!;
}
