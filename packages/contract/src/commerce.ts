import { z } from 'zod';
import { int32 } from './safe-input';

/**
 * The storefront: a Magento 2.4-compatible subset at `/commerce-content/rest/V1` (customer calls, with
 * the commerce token as a bearer header) and the staff API at `/v2/admin/commerce` (session cookie,
 * permissions commerce~view / commerce~manage). Money is a decimal number of dollars in both APIs, as
 * Magento shows it; the server keeps integer cents.
 */

export const COMMERCE_BASE = '/commerce-content/rest/V1';
export const COMMERCE_STORE_ID = 1;
export const COMMERCE_CURRENCY = 'USD';
/** All articles live under Magento's default category (spec §9). */
export const ARTICLE_ROOT_CATEGORY = 2;
export const MIXED_FEED_LIMIT = 1000;
/** The exact 401 of spec §7 / Magento, on which the client refreshes its token and retries. */
export const COMMERCE_UNAUTHORIZED_MESSAGE = "The consumer isn't authorized to access %resources.";

/** Magento's error body: a template with %placeholders and their values. */
export interface MagentoError {
  message: string;
  parameters?: Record<string, string | number> | Array<string | number>;
  /** Several problems at once (billing address validation): each with its own template. */
  errors?: Array<{ message: string; parameters?: Record<string, string | number> }>;
}

/** Fills a Magento template: 'No such entity with %fieldName = %fieldValue'. */
export function renderMagentoMessage(error: Pick<MagentoError, 'message' | 'parameters'>): string {
  const { message, parameters } = error;
  if (!parameters) return message;
  if (Array.isArray(parameters))
    return message.replace(/%(\d+)/g, (_, i) => String(parameters[Number(i) - 1] ?? ''));
  return message.replace(/%([A-Za-z_]+)/g, (whole, name: string) =>
    name in parameters ? String(parameters[name]) : whole,
  );
}

// ── Catalog ──────────────────────────────────────────────────────────────────────────────────────

export interface ProductRenderImage {
  url: string;
  code: string;
  label: string;
  width: number;
  height: number;
}

export interface ProductRenderPriceInfo {
  final_price: number;
  regular_price: number;
  minimal_price: number;
  max_price: number;
  special_price: number | null;
  minimal_regular_price: number;
  max_regular_price: number;
  formatted_prices: {
    final_price: string;
    regular_price: string;
    minimal_price: string;
    max_price: string;
    special_price: string | null;
    minimal_regular_price: string;
    max_regular_price: string;
  };
  extension_attributes: Record<string, never>;
}

/** `GET /products-render-info` item. Magento's render info has no sku; ours carries it in extension_attributes. */
export interface ProductRenderInfo {
  id: number;
  name: string;
  url: string;
  type: 'downloadable';
  /** Magento's string boolean: '1' on sale, '' not. */
  is_salable: '1' | '';
  store_id: number;
  currency_code: string;
  images: ProductRenderImage[];
  price_info: ProductRenderPriceInfo;
  extension_attributes: {
    sku: string;
    url_key: string;
    category_ids: number[];
    /** The report this product sells, in the content service. */
    content_id: number | null;
    page_count: number | null;
    format: string | null;
    number_of_downloads: number;
    has_sample: boolean;
  };
}

export interface ProductRenderSearchResult {
  items: ProductRenderInfo[];
  search_criteria: unknown;
  total_count: number;
}

export interface CategoryTreeNode {
  id: number;
  parent_id: number;
  name: string;
  is_active: boolean;
  position: number;
  level: number;
  product_count: number;
  children_data: CategoryTreeNode[];
}

/** `GET /categories/{id}/asa_strapi_articles`: the content service's articles in a category. */
export interface CategoryArticle {
  id: number;
  category_id: number;
  title: string;
  slug: string;
  url: string;
  summary: string | null;
  image: string | null;
  published_at: string;
}

export interface CategoryArticlesResult {
  items: CategoryArticle[];
  total_count: number;
}

/** `GET /mixedfeed?limit=1000`: reports and articles together, newest first. */
export interface MixedFeedItem {
  type: 'report' | 'article';
  id: number;
  title: string;
  slug: string;
  url: string;
  summary: string | null;
  image: string | null;
  published_at: string;
  /** Reports only: what the storefront sells it as. */
  product: { id: number; sku: string; price: number; is_salable: '1' | '' } | null;
}

export interface MixedFeedResult {
  items: MixedFeedItem[];
  total_count: number;
}

// ── Carts ────────────────────────────────────────────────────────────────────────────────────────

export interface CartItemShape {
  item_id: number;
  sku: string;
  qty: number;
  name: string;
  price: number;
  product_type: string;
  quote_id: string;
  product_option?: {
    extension_attributes: { downloadable_option: { downloadable_links: number[] } };
  };
}

export interface CartShape {
  id: number;
  store_id: number;
  created_at: string;
  updated_at: string;
  is_active: boolean;
  is_virtual: boolean;
  items: CartItemShape[];
  items_count: number;
  items_qty: number;
  currency: {
    global_currency_code: string;
    base_currency_code: string;
    store_currency_code: string;
    quote_currency_code: string;
  };
  /** Magento's integer customer id. */
  customer: { id: number; email: string; firstname: string; lastname: string };
}

export interface TotalSegment {
  code: 'subtotal' | 'discount' | 'tax' | 'grand_total';
  title: string;
  value: number;
  area?: string;
}

export interface CartTotals {
  grand_total: number;
  base_grand_total: number;
  weee_tax_applied_amount: number;
  subtotal: number;
  /** Negative, as Magento writes it: -5 is five dollars off. */
  discount_amount: number;
  /** The applied coupon, or null. */
  coupon_code: string | null;
  tax_amount: number;
  base_currency_code: string;
  quote_currency_code: string;
  items_qty: number;
  items: Array<{
    item_id: number;
    price: number;
    base_price: number;
    qty: number;
    row_total: number;
    base_row_total: number;
    options: string;
    weee_tax_applied: string;
    weee_tax_applied_amount: number;
    name: string;
    sku: string;
  }>;
  total_segments: TotalSegment[];
  extension_attributes: {
    /** Percent, e.g. 8.25. */
    tax_rate: number;
    /** Which payment methods this cart can use (free only when the total is 0). */
    payment_methods: PaymentMethodInfo[];
  };
}

export const addCartItemBodySchema = z.object({
  cartItem: z.object({
    sku: z.string().min(1).max(64),
    qty: z.number().int().min(1).max(1).default(1),
    quote_id: z.union([z.string().max(20), z.number().int()]).optional(),
  }),
});
export type AddCartItemBody = z.infer<typeof addCartItemBodySchema>;

// ── Checkout ─────────────────────────────────────────────────────────────────────────────────────

/** Payment methods: Magento codes where Magento has one. */
export const paymentMethodCodes = ['free', 'purchaseorder', 'stripe_payments'] as const;
export type PaymentMethodCode = (typeof paymentMethodCodes)[number];

export interface PaymentMethodInfo {
  code: PaymentMethodCode;
  title: string;
}

/**
 * `POST /carts/mine/payment-information`. The billing address follows the company form rules of
 * spec §5 (company, first and last name at least 3 characters, a valid email, a US state).
 */
export interface PaymentInformationBody {
  paymentMethod: {
    method: PaymentMethodCode;
    /** Purchase orders: the buyer's PO number, optional. */
    po_number?: string;
    /** Card payments: the Stripe PaymentMethod id made by Stripe.js in the browser. */
    additional_data?: { payment_method_id?: string };
  };
  billing_address: {
    company: string;
    firstname: string;
    lastname: string;
    email: string;
    street: string[];
    city: string;
    /** The US state's code, e.g. 'CA'. */
    region_code: string;
    region?: string;
    postcode: string;
    country_id: 'US';
    telephone?: string;
    /** Magento's flag: keep this address for the next checkout (the buyer ticked 'Save this address'). */
    save_in_address_book?: boolean;
  };
  /** The organisation the order is for (its members can download); defaults to none. */
  extension_attributes?: { organization_id?: string };
}

// ── Orders, downloads, receipts ──────────────────────────────────────────────────────────────────

export type OrderStateName = 'new' | 'pending_payment' | 'processing' | 'complete' | 'closed' | 'canceled';

export interface OrderShape {
  entity_id: number;
  increment_id: string;
  quote_id: number;
  store_id: number;
  state: OrderStateName;
  status: string;
  created_at: string;
  updated_at: string;
  customer_email: string;
  customer_firstname: string;
  customer_lastname: string;
  /** Magento's integer customer id of the buyer (null once that account is gone). */
  customer_id: number | null;
  customer_is_guest: number;
  grand_total: number;
  subtotal: number;
  /** Negative, as Magento writes it. */
  discount_amount: number;
  /** The coupon code, when one was used. */
  coupon_code: string | null;
  discount_description: string | null;
  tax_amount: number;
  total_paid: number;
  total_refunded: number;
  order_currency_code: string;
  items: Array<{
    item_id: number;
    sku: string;
    name: string;
    product_type: string;
    price: number;
    qty_ordered: number;
    row_total: number;
  }>;
  payment: { method: PaymentMethodCode; amount_paid: number; po_number: string | null; title: string };
  billing_address: PaymentInformationBody['billing_address'] & { region: string };
  status_histories: Array<{ status: string; comment: string | null; created_at: string }>;
  extension_attributes: {
    organization_id: string | null;
    organization_name: string | null;
    /** True when the signed-in person placed it (an organisation's other orders show too). */
    placed_by_me: boolean;
    /** A receipt exists once the order is paid. */
    has_receipt: boolean;
  };
}

export interface OrderSearchResult {
  items: OrderShape[];
  /** The search criteria as the client sent them, as Magento's SearchResults echo them. */
  search_criteria: {
    filter_groups: Array<{ filters: Array<{ field: string; value: string; condition_type: string }> }>;
    sort_orders?: Array<{ field: string; direction: 'ASC' | 'DESC' }>;
    page_size?: number;
    current_page?: number;
  };
  total_count: number;
}

export type PurchasedLinkStatusName = 'pending_payment' | 'available' | 'expired';

/** `GET /customers/me/asa_downloadable_products`: Magento's purchased link, with a signed address. */
export interface DownloadableProduct {
  link_hash: string;
  link_title: string;
  product_name: string;
  sku: string;
  url_key: string | null;
  order_id: number;
  order_increment_id: string;
  created_at: string;
  status: PurchasedLinkStatusName;
  number_of_downloads_bought: number;
  number_of_downloads_used: number;
  /** Null when the link cannot be used (not paid, expired, used up). */
  download_url: string | null;
  /** When download_url stops working. */
  download_url_expires_at: string | null;
}

export interface DownloadableProductsResult {
  items: DownloadableProduct[];
  total_count: number;
}

/** `GET /customers/me/asa_receipt/{orderId}`: Magento's invoice, which is the receipt. */
export interface ReceiptShape {
  receipt_number: string;
  order_id: number;
  order_increment_id: string;
  paid_at: string;
  created_at: string;
  seller: { name: string; address: string[]; email: string };
  billing_address: OrderShape['billing_address'];
  items: OrderShape['items'];
  subtotal: number;
  /** What a coupon took off the subtotal (positive; 0 without one), as on the invoice. */
  discount_amount: number;
  tax_amount: number;
  grand_total: number;
  total_refunded: number;
  currency_code: string;
  payment: { method: PaymentMethodCode; title: string; reference: string | null; amount_paid: number };
  /** Lines refunded (on a credit note): their downloads have ended. */
  refunded_item_ids: number[];
  /** The same receipt as a PDF, for the signed-in buyer (session cookie). */
  pdf_url: string;
}

// ── Staff API (/v2/admin/commerce) ───────────────────────────────────────────────────────────────

export interface AdminProduct {
  id: number;
  sku: string;
  name: string;
  urlKey: string;
  price: number;
  categoryId: number | null;
  categoryName: string | null;
  contentEntryId: number | null;
  contentTitle: string | null;
  onSale: boolean;
  file: { name: string; size: number } | null;
  sample: { name: string } | null;
  numberOfDownloads: number;
  ordersCount: number;
  version: number;
  updatedAt: string;
}

const money = z
  .number({ error: 'Enter a price in dollars, for example 495 or 0 for free.' })
  .min(0, 'A price cannot be below $0.')
  .max(1_000_000, 'A price must be at most $1,000,000.')
  .refine(
    (value) =>
      Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      message: 'A price has at most two decimals (cents).',
    },
  );

export const adminProductInputSchema = z.object({
  sku: z
    .string()
    .trim()
    .regex(
      /^[A-Z0-9][A-Z0-9-]{2,63}$/,
      'A SKU is 3 to 64 capital letters, digits and dashes, for example TV-RPT-2026-01.',
    ),
  name: z
    .string()
    .trim()
    .min(3, 'Name should be at least 3 characters long')
    .max(200, 'Name should be maximum 200 characters long'),
  price: money,
  categoryId: int32().positive().nullable(),
  contentEntryId: int32().positive().nullable(),
  onSale: z.boolean(),
  numberOfDownloads: z
    .number()
    .int('Enter a whole number of downloads.')
    .min(0, 'Enter 0 for unlimited downloads, or a number up to 1000.')
    .max(1000, 'Enter 0 for unlimited downloads, or a number up to 1000.'),
});
export type AdminProductInput = z.infer<typeof adminProductInputSchema>;
export const adminProductUpdateSchema = adminProductInputSchema.extend({
  version: z.number().int().min(1).max(2_147_483_647),
});
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

export interface AdminOrderSummary {
  id: number;
  incrementId: string;
  createdAt: string;
  state: OrderStateName;
  status: string;
  customerName: string;
  customerEmail: string;
  organizationName: string | null;
  paymentMethod: PaymentMethodCode;
  grandTotal: number;
  itemsCount: number;
}

export interface AdminOrderDetail extends AdminOrderSummary {
  subtotal: number;
  taxAmount: number;
  amountPaid: number;
  amountRefunded: number;
  refundReason: string | null;
  paymentReference: string | null;
  billingAddress: OrderShape['billing_address'];
  items: Array<{ id: number; sku: string; name: string; price: number; qty: number; refunded: boolean }>;
  /** Refunds of this order, each a credit note (staff read its PDF at pdfUrl). */
  creditNotes: Array<{ number: string; amount: number; reason: string; createdAt: string; pdfUrl: string }>;
  history: Array<{ status: string; comment: string | null; createdAt: string; actorName: string | null }>;
  downloads: Array<{ linkTitle: string; status: PurchasedLinkStatusName; used: number; bought: number }>;
  version: number;
}

export interface AdminOrderList {
  items: AdminOrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export const adminOrderActionSchema = z.object({ version: z.number().int().min(1).max(2_147_483_647) });
export const adminRefundSchema = adminOrderActionSchema.extend({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the order is refunded, in at least 3 characters.')
    .max(500, 'Keep the reason under 500 characters.'),
  /** The order items to refund; the whole order when left out. */
  itemIds: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(100).optional(),
});

export interface SalesOverview {
  currency: 'USD';
  /** revenue is net: grossRevenue (paid) minus refunded. paidOrders leaves out orders refunded in full. */
  totals: {
    revenue: number;
    grossRevenue: number;
    orders: number;
    paidOrders: number;
    refundedOrders: number;
    pendingRevenue: number;
    refunded: number;
  };
  /** The last 12 months, oldest first, months without sales included (0). 'YYYY-MM'. */
  byMonth: Array<{ month: string; revenue: number; orders: number }>;
  byProduct: Array<{ sku: string; name: string; revenue: number; orders: number }>;
}

// ── Coupons (staff) ──────────────────────────────────────────────────────────────────────────────

export const couponKinds = ['percent', 'fixed'] as const;
export type CouponKindName = (typeof couponKinds)[number];

export interface AdminCoupon {
  id: number;
  code: string;
  kind: CouponKindName;
  /** Percent off (1 to 100) for 'percent', dollars off for 'fixed'. */
  amount: number;
  /** The last day it can be used (through the end of that day, UTC), 'YYYY-MM-DD'; null never expires. */
  expiresOn: string | null;
  usesLimit: number | null;
  timesUsed: number;
  isActive: boolean;
  /** What a buyer typing it now would find. */
  status: 'active' | 'expired' | 'used_up' | 'inactive';
  createdAt: string;
}

export const adminCouponInputSchema = z
  .object({
    code: z
      .string('Enter a code.')
      .trim()
      .min(3, 'Use at least 3 characters for the code.')
      .max(32, 'Keep the code to 32 characters or fewer.')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, numbers, dashes and underscores in the code.'),
    kind: z.enum(couponKinds, 'Choose a percentage or a fixed amount.'),
    amount: z
      .number('Enter how much the coupon takes off.')
      .positive('Enter an amount above 0.')
      .max(100_000, 'Keep the amount under $100,000.'),
    expiresOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry date as YYYY-MM-DD.')
      .nullable()
      .default(null),
    usesLimit: z
      .number('The use limit must be a whole number.')
      .int('The use limit must be a whole number.')
      .min(1, 'Allow at least 1 use, or leave the limit empty for no limit.')
      .max(1_000_000, 'Keep the use limit under 1,000,000.')
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percent' && (!Number.isInteger(value.amount) || value.amount > 100))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter a whole percentage from 1 to 100.' });
    if (value.kind === 'fixed' && Math.abs(Math.round(value.amount * 100) - value.amount * 100) > 1e-6)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'Enter the amount in dollars and cents, like 25.50.',
      });
  });
export type AdminCouponInput = z.infer<typeof adminCouponInputSchema>;

// ── Customer (Magento's GET /customers/me) ───────────────────────────────────────────────────────

export interface CustomerAddressShape {
  id: number;
  customer_id: number;
  region: { region_code: string; region: string; region_id: number };
  region_id: number;
  country_id: string;
  street: string[];
  company: string;
  telephone?: string;
  postcode: string;
  city: string;
  firstname: string;
  lastname: string;
  default_billing?: boolean;
  /** The billing email, which Magento keeps on the customer rather than the address. */
  extension_attributes: { email: string; last_used_at: string };
}

export interface CustomerShape {
  id: number;
  group_id: number;
  /** The id of the address used last, as Magento writes it (a string), when there is one. */
  default_billing?: string;
  created_at: string;
  updated_at: string;
  created_in: string;
  email: string;
  firstname: string;
  lastname: string;
  store_id: number;
  website_id: number;
  addresses: CustomerAddressShape[];
  disable_auto_group_change: number;
  extension_attributes: Record<string, never>;
}
