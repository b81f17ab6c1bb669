import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commerceCreditNotes,
  commerceOrderItems,
  commerceOrders,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { harness } from '../../test/commerce-admin-fixtures';
import {
  buy,
  type Customer,
  createProduct,
  magento,
  newCustomer,
  type ProductRow,
  tmpDataDir,
  validBilling,
} from '../../test/commerce-fixtures';
import { pageTexts, squash } from '../../test/pdf-text';
import { type CookieJar, signIn } from '../../test/session';
import { type StripeStub, startStripeStub } from '../../test/stripe-stub';
import { STRIPE_WEBHOOK_PATH } from './webhook-routes';

// Card payments through Stripe Checkout against the local Stripe stand-in: the webhook (signature,
// replays), refunds through Stripe's API whole and per line, and the documents each step mails.

let t: TestApp;
let stripe: StripeStub;
let admin: CookieJar;
let report: ProductRow;
let cheap: ProductRow;
const { call } = harness(() => t);
const WEBHOOK_SECRET = 'whsec_card_payments_test';

beforeAll(async () => {
  stripe = await startStripeStub({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    DATA_DIR: tmpDataDir('card-payments'),
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_URL: 'https://shop.teenvoice.test',
    SALES_EMAIL: 'orders@teenvoice.test',
  });
  // Stripe's deliveries go straight into the app, as Stripe's servers would post them.
  stripe.webhook = async (body, signature) =>
    (
      await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      })
    ).statusCode;
  admin = await signIn(t.app, demoAccounts.platformAdmin.email);
  report = await createProduct(t.app, { priceCents: 60_000 });
  cheap = await createProduct(t.app, { priceCents: 20_000 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.app.database.db;
const cardPayment = { paymentMethod: { method: 'stripe_payments' }, billing_address: validBilling };
const orderRow = async (id: number) =>
  (await db().select().from(commerceOrders).where(eq(commerceOrders.id, id)))[0]!;
const linksOf = async (id: number) =>
  db()
    .select()
    .from(commercePurchasedLinks)
    .where(eq(commercePurchasedLinks.orderId, id))
    .orderBy(asc(commercePurchasedLinks.id));
const mailsTo = async (email: string) =>
  (
    await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toEmail, email))
      .orderBy(asc(mailOutbox.createdAt))
  )
    .filter((mail) => mail.template.startsWith('shop/'))
    .map((mail) => ({ template: mail.template, props: mail.props as Record<string, unknown> }));
const webhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
const pdfText = async (customer: Customer, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: customer.jar.header } });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return squash((await pageTexts(response.rawPayload)).join('\n'));
};
const until = async (check: () => boolean | Promise<boolean>) => {
  // Up to 20 s: the stand-in delivers its webhooks over HTTP, slowly on a loaded machine.
  for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
};

/** A card order placed and not yet paid: its id, its Stripe session and the buyer. */
async function cardOrder(skus: string[]) {
  const customer = await newCustomer(t.app);
  const orderId = await buy(t.app, customer.token, skus, cardPayment);
  return { customer, orderId, sessionId: (await orderRow(orderId)).stripeSessionId! };
}

describe('Stripe webhook', () => {
  it('checkout.session.completed with a good signature marks the order paid once, however often it comes', async () => {
    const { customer, orderId, sessionId } = await cardOrder([report.sku]);
    await stripe.pay(sessionId, { deliver: false });
    const event = stripe.event('checkout.session.completed', { ...stripe.sessions.get(sessionId)! });

    const first = await webhook(event.body, event.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ state: 'complete', amountPaidCents: 60_000 });
    expect(paid.paymentReference).toBe(stripe.sessions.get(sessionId)!.payment_intent);
    expect((await linksOf(orderId)).map((link) => link.status)).toEqual(['available']);

    // Stripe retries a delivery it thinks failed, and may send the same event at once in parallel.
    const again = await Promise.all([1, 2, 3].map(() => webhook(event.body, event.signature)));
    expect(again.map((r) => r.json())).toEqual(Array(3).fill({ received: true, applied: false }));
    // Another event of the same session (a second endpoint, say) changes nothing either.
    const other = stripe.event('checkout.session.completed', { ...stripe.sessions.get(sessionId)! });
    expect((await webhook(other.body, other.signature)).json()).toEqual({ received: true, applied: true });
    const after = await orderRow(orderId);
    expect(after.version).toBe(paid.version);
    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.template)).toEqual(['shop/order-receipt']);
    expect(mails[0]!.props).toMatchObject({ total: '$600.00', salesEmail: 'orders@teenvoice.test' });
  });

  it('checkout.session.expired cancels the order still waiting for payment, and never a paid one', async () => {
    const { orderId, sessionId } = await cardOrder([report.sku]);
    const expired = stripe.event('checkout.session.expired', {
      ...stripe.sessions.get(sessionId)!,
      status: 'expired',
    });
    expect((await webhook(expired.body, expired.signature)).json()).toEqual({
      received: true,
      applied: true,
    });
    expect(await orderRow(orderId)).toMatchObject({ state: 'canceled', amountPaidCents: 0 });
    expect((await linksOf(orderId)).map((link) => link.status)).toEqual(['expired']);

    // An expiry that arrives after the payment (events can come out of order) changes nothing.
    const paid = await cardOrder([report.sku]);
    await stripe.pay(paid.sessionId);
    const before = await orderRow(paid.orderId);
    expect(before.state).toBe('complete');
    const late = stripe.event('checkout.session.expired', { ...stripe.sessions.get(paid.sessionId)! });
    expect((await webhook(late.body, late.signature)).statusCode).toBe(200);
    expect(await orderRow(paid.orderId)).toMatchObject({ state: 'complete', version: before.version });
  });

  it('refuses a bad, forged, stale or missing signature with 400 and changes nothing', async () => {
    const { orderId, sessionId } = await cardOrder([cheap.sku]);
    await stripe.pay(sessionId, { deliver: false });
    const event = stripe.event('checkout.session.completed', { ...stripe.sessions.get(sessionId)! });
    const before = await orderRow(orderId);
    const tampered = event.body.replace('"paid"', '"paid" ');
    const attempts = [
      webhook(event.body, stripe.sign(event.body, 'whsec_someone_else')),
      webhook(tampered, event.signature),
      webhook(event.body, stripe.sign(event.body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)),
      webhook(event.body, ''),
      t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: event.body,
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The Stripe signature of this event could not be verified.');
    }
    expect(await orderRow(orderId)).toEqual(before);
    // The genuine event still applies afterwards: the refused ones were not stored as seen.
    expect((await webhook(event.body, event.signature)).json()).toEqual({ received: true, applied: true });
    expect((await orderRow(orderId)).state).toBe('complete');
  });

  it('the hosted page’s Pay button delivers the signed event and sends the buyer back to our success URL', async () => {
    const { orderId, sessionId } = await cardOrder([cheap.sku]);
    const page = await fetch(stripe.sessions.get(sessionId)!.url);
    expect(await page.text()).toContain('Pay $200.00');
    const back = await fetch(`${stripe.url}/pay/${sessionId}`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(
      `https://shop.teenvoice.test/order-confirmation?order=${orderId}&session_id=${sessionId}`,
    );
    expect((await orderRow(orderId)).state).toBe('complete');
  });
});

describe('refunds', () => {
  it('per line through Stripe’s refunds API: a credit note per refund, the refunded download stops, charge.refunded records nothing twice', async () => {
    const { customer, orderId, sessionId } = await cardOrder([report.sku, cheap.sku]);
    await stripe.pay(sessionId);
    const intent = (await orderRow(orderId)).paymentReference!;
    const items = await db()
      .select()
      .from(commerceOrderItems)
      .where(eq(commerceOrderItems.orderId, orderId))
      .orderBy(asc(commerceOrderItems.id));
    const cheapItem = items.find((item) => item.sku === cheap.sku)!;

    const first = await call(admin, 'POST', `/v2/admin/commerce/orders/${orderId}/refund`, {
      version: (await orderRow(orderId)).version,
      reason: 'Bought the wrong edition',
      itemIds: [cheapItem.id],
    });
    expect(first.statusCode).toBe(200);
    const detail = first.json().data;
    expect(detail.state).toBe('complete');
    expect(detail.amountRefunded).toBe(200);
    expect(detail.items.map((item: { sku: string; refunded: boolean }) => [item.sku, item.refunded])).toEqual(
      items.map((item) => [item.sku, item.id === cheapItem.id]),
    );
    const number = `CN-${(await orderRow(orderId)).incrementId}-1`;
    expect(detail.creditNotes).toEqual([
      expect.objectContaining({ number, amount: 200, reason: 'Bought the wrong edition' }),
    ]);
    const refundCall = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(Object.fromEntries(refundCall.form)).toMatchObject({ payment_intent: intent, amount: '20000' });
    expect(refundCall.idempotencyKey).toMatch(new RegExp(`^tv-refund-${orderId}-v\\d+-${cheapItem.id}$`));
    const links = await linksOf(orderId);
    expect(links.map((link) => [link.orderItemId, link.status])).toEqual(
      items.map((item) => [item.id, item.id === cheapItem.id ? 'expired' : 'available']),
    );

    // Stripe then reports the refund on the charge: it is ours already, so nothing more is written.
    await until(() => stripe.deliveries.some((d) => d.type === 'charge.refunded' && d.status === 200));
    const notes = await db()
      .select()
      .from(commerceCreditNotes)
      .where(eq(commerceCreditNotes.orderId, orderId));
    expect(notes.map((note) => note.amountCents)).toEqual([20_000]);

    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.template)).toEqual(['shop/order-receipt', 'shop/order-credit-note']);
    expect(mails[1]!.props).toMatchObject({
      creditNoteNumber: number,
      amount: '$200.00',
      reports: [cheap.name],
      creditNoteUrl: `https://shop.teenvoice.test/commerce-content/credit-notes/${number}.pdf`,
    });

    // The rest: the order closes, Stripe has refunded all of it, and every document stays.
    const rest = await call(admin, 'POST', `/v2/admin/commerce/orders/${orderId}/refund`, {
      version: (await orderRow(orderId)).version,
      reason: 'Cancelled the project',
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data).toMatchObject({ state: 'closed', amountRefunded: 800 });
    expect(
      [...stripe.refunds.values()]
        .filter((refund) => refund.payment_intent === intent)
        .reduce((sum, refund) => sum + Number(refund.amount), 0),
    ).toBe(80_000);
    expect((await linksOf(orderId)).map((link) => link.status)).toEqual(['expired', 'expired']);

    const again = await call(admin, 'POST', `/v2/admin/commerce/orders/${orderId}/refund`, {
      version: (await orderRow(orderId)).version,
      reason: 'Once more',
    });
    expect(again.statusCode).toBe(409);

    const documents = (await magento(t.app, 'GET', '/customers/me/asa_documents', customer.token)).json();
    expect(documents.items.map((d: { kind: string; number: string }) => [d.kind, d.number])).toEqual([
      ['receipt', `R-${(await orderRow(orderId)).incrementId}`],
      ['credit_note', number],
      ['credit_note', `CN-${(await orderRow(orderId)).incrementId}-2`],
    ]);
    const receipt = await pdfText(customer, documents.items[0].pdf_url);
    expect(receipt).toContain(squash('This order was refunded: its downloads have ended.'));
    expect(receipt).not.toContain(squash('You can download your reports'));
    expect(receipt).toContain('orders@teenvoice.test');
    const note = await pdfText(customer, documents.items[1].pdf_url);
    for (const expected of [
      'Credit note',
      number,
      cheap.name,
      '$200.00',
      'Bought the wrong edition',
      'The downloads of the refunded reports have ended.',
    ])
      expect(note).toContain(squash(expected));
    expect(note).not.toContain(squash(report.name));
  });

  it('a refund made in Stripe’s dashboard closes the order with a credit note; a line not on the order is refused', async () => {
    const { orderId, sessionId } = await cardOrder([report.sku, cheap.sku]);
    await stripe.pay(sessionId);
    // Someone refunded the whole charge in Stripe's dashboard meanwhile: Stripe refuses ours.
    const intent = (await orderRow(orderId)).paymentReference!;
    const dashboard = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${intent}`,
    });
    expect(dashboard.status).toBe(200);
    await until(async () => (await orderRow(orderId)).state === 'closed');
    const closed = await orderRow(orderId);
    expect(closed.amountRefundedCents).toBe(80_000);
    const notes = await db()
      .select()
      .from(commerceCreditNotes)
      .where(eq(commerceCreditNotes.orderId, orderId));
    expect(notes.map((note) => [note.amountCents, note.reason])).toEqual([[80_000, 'Refunded in Stripe.']]);

    const { orderId: secondId, sessionId: second } = await cardOrder([report.sku]);
    await stripe.pay(second);
    const version = (await orderRow(secondId)).version;
    const foreign = await call(admin, 'POST', `/v2/admin/commerce/orders/${secondId}/refund`, {
      version,
      reason: 'Wrong line',
      itemIds: [2_000_000_000],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Choose reports of this order that have not been refunded yet.');
    expect((await orderRow(secondId)).version).toBe(version);
  });

  it('an invoice order: the invoice mailed with bank details and due date, the receipt when staff mark it paid, a credit note without Stripe', async () => {
    const customer = await newCustomer(t.app);
    const orderId = await buy(t.app, customer.token, [report.sku]);
    const order = await orderRow(orderId);
    expect(order.invoiceDueAt!.getTime() - order.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    let mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.template)).toEqual(['shop/order-confirmation', 'shop/order-invoice']);
    expect(mails[1]!.props).toMatchObject({
      invoiceNumber: `INV-${order.incrementId}`,
      total: '$600.00',
      invoiceUrl: `https://shop.teenvoice.test/commerce-content/invoices/${orderId}.pdf`,
    });
    const invoice = await pdfText(customer, `/commerce-content/invoices/${orderId}.pdf`);
    for (const expected of [
      'Invoice',
      `INV-${order.incrementId}`,
      'PAYMENT DUE',
      'Amount due',
      '$600.00',
      'PO-7781',
      'First Demo Bank, N.A.',
      'Routing number 000000000, account 000123456789',
      `Reference: order ${order.incrementId}`,
      'orders@teenvoice.test',
    ])
      expect(invoice).toContain(squash(expected));

    const stripeCalls = stripe.requests.length;
    const paid = await call(admin, 'POST', `/v2/admin/commerce/orders/${orderId}/mark-paid`, {
      version: order.version,
    });
    expect(paid.statusCode).toBe(200);
    const refunded = await call(admin, 'POST', `/v2/admin/commerce/orders/${orderId}/refund`, {
      version: paid.json().data.version,
      reason: 'Duplicate order',
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ state: 'closed', amountRefunded: 600 });
    expect(stripe.requests.length).toBe(stripeCalls);
    mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.template)).toEqual([
      'shop/order-confirmation',
      'shop/order-invoice',
      'shop/order-receipt',
      'shop/order-credit-note',
    ]);
    const documents = (await magento(t.app, 'GET', '/customers/me/asa_documents', customer.token)).json();
    expect(documents.items.map((d: { kind: string }) => d.kind)).toEqual([
      'invoice',
      'receipt',
      'credit_note',
    ]);
    const note = await pdfText(customer, documents.items[2].pdf_url);
    expect(note).toContain(squash('Credited against the invoice'));
    // Another buyer gets the same 404 as for a document that does not exist.
    const stranger = await newCustomer(t.app);
    for (const url of [
      documents.items[0].pdf_url,
      documents.items[2].pdf_url,
      '/commerce-content/invoices/999999.pdf',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: stranger.jar.header } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('That document does not exist.');
    }
  });
});

describe('orders export', () => {
  it('exports the orders of the screen’s search and filter as CSV, with formula cells defused', async () => {
    const customer = await newCustomer(t.app);
    const orderId = await buy(t.app, customer.token, [cheap.sku], {
      paymentMethod: { method: 'purchaseorder', po_number: '=HYPERLINK("http://evil")' },
      billing_address: { ...validBilling, company: '+Formula Company, Inc.' },
    });
    const order = await orderRow(orderId);
    const response = await call(
      admin,
      'GET',
      `/v2/admin/commerce/orders/export.csv?status=pending_payment&q=${encodeURIComponent(customer.email)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="teenvoice-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Placed at (UTC),State,Customer,Email,Company,Organization,Payment method,Payment reference,Reports,Subtotal,Discount,Coupon,Tax,Total,Paid,Refunded,Net,Paid at (UTC),Refunded at (UTC)',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.incrementId},${order.createdAt.toISOString()},pending_payment,`);
    expect(lines[1]).toContain(`"'+Formula Company, Inc."`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(',200.00,0.00,,0.00,200.00,0.00,0.00,0.00,,');
    const none = await call(
      admin,
      'GET',
      `/v2/admin/commerce/orders/export.csv?status=closed&q=${encodeURIComponent(customer.email)}`,
    );
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const moderator = await signIn(t.app, demoAccounts.moderator.email);
    expect((await call(moderator, 'GET', '/v2/admin/commerce/orders/export.csv')).statusCode).toBe(403);
  });
});
