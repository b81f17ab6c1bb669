import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contentEntries } from './content';
import { users } from './identity';
import { organizations } from './organizations';

/**
 * The storefront (Magento-compatible API at /commerce-content/rest/V1). Money is integer cents
 * everywhere in here; the API shows Magento's decimal numbers.
 */

/** Magento's category tree: 1 is the root catalog, 2 the default category articles belong to. */
export const commerceCategories = pgTable('commerce_categories', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  urlKey: text('url_key').notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** A product on sale: for now every product is a downloadable research report. */
export const commerceProducts = pgTable(
  'commerce_products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    /** The report's slug: the product page is /research/reports/{url_key}. */
    urlKey: text('url_key').notNull(),
    type: text('type').notNull().default('downloadable'),
    priceCents: integer('price_cents').notNull(),
    categoryId: integer('category_id').references(() => commerceCategories.id),
    /** The report content entry this product sells. */
    contentEntryId: integer('content_entry_id').references(() => contentEntries.id, { onDelete: 'set null' }),
    onSale: boolean('on_sale').notNull().default(true),
    /** The downloadable file in private storage (never under /cms/uploads). */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** Free sample pages (a short PDF), shown before purchase. */
    sampleFileKey: text('sample_file_key'),
    sampleFileName: text('sample_file_name'),
    /** Downloads per purchase (Magento's number_of_downloads); 0 means unlimited. */
    numberOfDownloads: integer('number_of_downloads').notNull().default(10),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commerce_products_sku').on(t.sku),
    uniqueIndex('commerce_products_url_key').on(t.urlKey),
    check('commerce_products_price', sql`${t.priceCents} >= 0`),
    check('commerce_products_downloads', sql`${t.numberOfDownloads} >= 0`),
  ],
);

/**
 * Magento's customer entity: a stable integer id per user (Magento clients expect `customer.id` to be
 * an integer). Made on a user's first commerce call.
 */
export const commerceCustomers = pgTable(
  'commerce_customers',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('commerce_customers_user').on(t.userId)],
);

export type CouponKind = 'percent' | 'fixed';

/** A coupon staff hand out (Magento's cart price rule with one code). */
export const commerceCoupons = pgTable(
  'commerce_coupons',
  {
    id: serial('id').primaryKey(),
    /** As staff typed it; matched without regard to case. */
    code: text('code').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    /** Percent off (1 to 100) for 'percent', cents off for 'fixed'. */
    amount: integer('amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** How many orders may use it; null is no limit. */
    usesLimit: integer('uses_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commerce_coupons_code').on(sql`lower(${t.code})`),
    check('commerce_coupons_amount', sql`${t.amount} > 0`),
    check('commerce_coupons_percent', sql`${t.kind} <> 'percent' OR ${t.amount} <= 100`),
    check(
      'commerce_coupons_uses',
      sql`${t.usesLimit} IS NULL OR (${t.usesLimit} > 0 AND ${t.timesUsed} <= ${t.usesLimit})`,
    ),
  ],
);

/** Magento's quote. A customer has at most one active cart. */
export const commerceCarts = pgTable(
  'commerce_carts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    /** The coupon applied to this cart (Magento's quote coupon_code); checked again at checkout. */
    couponId: integer('coupon_id').references(() => commerceCoupons.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commerce_carts_one_active').on(t.userId).where(sql`${t.isActive}`),
    index('commerce_carts_user').on(t.userId, t.id),
  ],
);

export const commerceCartItems = pgTable(
  'commerce_cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => commerceCarts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => commerceProducts.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    qty: integer('qty').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('commerce_cart_items_product').on(t.cartId, t.productId)],
);

export type OrderState = 'new' | 'pending_payment' | 'processing' | 'complete' | 'closed' | 'canceled';

export interface BillingAddress {
  company: string;
  firstname: string;
  lastname: string;
  email: string;
  street: string[];
  city: string;
  /** US state code and name, e.g. { region_code: 'CA', region: 'California' }. */
  region_code: string;
  region: string;
  postcode: string;
  country_id: string;
  telephone?: string;
}

/** Order numbers: Magento's increment ids count up from 000000001. */
export const commerceOrderNumbers = pgSequence('commerce_order_number_seq', { startWith: 1 });

/** One order per cart: the unique cart id is what makes placing an order idempotent. */
export const commerceOrders = pgTable(
  'commerce_orders',
  {
    id: serial('id').primaryKey(),
    /** Magento's increment id, '000000003': the order number people see. */
    incrementId: text('increment_id')
      .notNull()
      .default(sql`lpad(nextval('commerce_order_number_seq')::text, 9, '0')`),
    cartId: integer('cart_id')
      .notNull()
      .references(() => commerceCarts.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation the order was bought for; its members can see and download it. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    state: text('state').$type<OrderState>().notNull(),
    status: text('status').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerFirstname: text('customer_firstname').notNull(),
    customerLastname: text('customer_lastname').notNull(),
    billingAddress: jsonb('billing_address').$type<BillingAddress>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** A purchase-order number, a card payment's id: whatever identifies the payment. */
    paymentReference: text('payment_reference'),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    grandTotalCents: integer('grand_total_cents').notNull(),
    /** The coupon's discount on the subtotal (positive cents) and the code it came from. */
    discountCents: integer('discount_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    refundReason: text('refund_reason'),
    /** Card orders: the Stripe Checkout Session the buyer pays on, and its hosted page's address. */
    stripeSessionId: text('stripe_session_id'),
    paymentUrl: text('payment_url'),
    /** Purchase orders: the day the invoice is due (the invoice date + INVOICE_DUE_DAYS). */
    invoiceDueAt: timestamp('invoice_due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commerce_orders_cart').on(t.cartId),
    uniqueIndex('commerce_orders_increment').on(t.incrementId),
    uniqueIndex('commerce_orders_stripe_session').on(t.stripeSessionId),
    index('commerce_orders_user').on(t.userId, t.createdAt),
    index('commerce_orders_organization').on(t.organizationId, t.createdAt),
    index('commerce_orders_created').on(t.createdAt),
  ],
);

export const commerceOrderItems = pgTable(
  'commerce_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => commerceOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => commerceProducts.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    productType: text('product_type').notNull().default('downloadable'),
    priceCents: integer('price_cents').notNull(),
    qty: integer('qty').notNull().default(1),
    /** Set when this line was refunded (its download stops); the amount is on the credit note. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('commerce_order_items_order').on(t.orderId)],
);

/** Magento's status_histories: every state change, with who made it and why. */
export const commerceOrderHistory = pgTable(
  'commerce_order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => commerceOrders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    comment: text('comment'),
    /** Staff member who made the change; null when the customer or the system did. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('commerce_order_history_order').on(t.orderId)],
);

export type PurchasedLinkStatus = 'pending_payment' | 'available' | 'expired';

/** Magento's purchased downloadable link: one per order item, counted per download. */
export const commercePurchasedLinks = pgTable(
  'commerce_purchased_links',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => commerceOrders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => commerceOrderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => commerceProducts.id, { onDelete: 'set null' }),
    /** 32 random bytes, hex: never derived from anything guessable. */
    linkHash: text('link_hash').notNull(),
    linkTitle: text('link_title').notNull(),
    numberOfDownloadsBought: integer('number_of_downloads_bought').notNull(),
    numberOfDownloadsUsed: integer('number_of_downloads_used').notNull().default(0),
    status: text('status').$type<PurchasedLinkStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commerce_purchased_links_hash').on(t.linkHash),
    index('commerce_purchased_links_order').on(t.orderId),
    check(
      'commerce_purchased_links_used',
      sql`${t.numberOfDownloadsBought} = 0 OR ${t.numberOfDownloadsUsed} <= ${t.numberOfDownloadsBought}`,
    ),
  ],
);

/**
 * A buyer's saved billing addresses (Magento's customer addresses). The one used last is preselected
 * at the next checkout and is `default_billing` in `GET /customers/me`.
 */
export const commerceBillingAddresses = pgTable(
  'commerce_billing_addresses',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<BillingAddress>().notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('commerce_billing_addresses_user').on(t.userId, t.lastUsedAt)],
);

/**
 * A credit note: one refund of an order, whole or some of its lines, numbered CN-<order>-<n>. Card
 * refunds carry Stripe's refund id (unique: a refund reported again by a webhook is recorded once).
 */
export const commerceCreditNotes = pgTable(
  'commerce_credit_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => commerceOrders.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The order items refunded; empty when the refund was an amount (made in Stripe's dashboard). */
    itemIds: jsonb('item_ids').$type<number[]>().notNull().default([]),
    reason: text('reason').notNull(),
    stripeRefundId: text('stripe_refund_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commerce_credit_notes_order').on(t.orderId),
    uniqueIndex('commerce_credit_notes_number').on(t.number),
    uniqueIndex('commerce_credit_notes_stripe_refund').on(t.stripeRefundId),
    check('commerce_credit_notes_amount', sql`${t.amountCents} > 0`),
  ],
);

/** Stripe webhook events already applied, by Stripe's event id: a redelivery changes nothing. */
export const commerceStripeEvents = pgTable('commerce_stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
