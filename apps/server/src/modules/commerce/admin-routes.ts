import multipart from '@fastify/multipart';
import {
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminProduct,
  adminOrderActionSchema,
  adminProductInputSchema,
  adminProductUpdateSchema,
  adminRefundSchema,
  paymentMethodCodes,
  type SalesOverview,
} from '@tv/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { ordersCsv } from './admin-orders-export';
import {
  brokenTextProblem,
  createCommerceAdminService,
  MAX_PRODUCT_FILE_BYTES,
  ORDER_PAGE_SIZE,
  orderStates,
  PRODUCT_FILE_TOO_LARGE,
  type ProductFileKind,
} from './admin-service';
import { creditNoteFor } from './documents';
import { renderCreditNotePdf } from './pdf/receipt-pdf';

/** Ids in a path: a positive 32-bit whole number written in digits, nothing else ('1e3', '0x10', '-1'). */
const idParam = (noun: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `The ${noun} id must be a whole number.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `The ${noun} id must be a whole number.`)
        .max(2_147_483_647, `The ${noun} id must be a whole number.`),
    );
const productParams = z.object({ id: idParam('product') });
const orderParams = z.object({ id: idParam('order') });

const ordersQuery = z.object({
  q: z.string().trim().max(200, 'Keep the search under 200 characters.').optional(),
  status: z.enum(orderStates, 'Choose a status from the list.').optional(),
  page: z.coerce
    .number('The page must be a whole number.')
    .int('The page must be a whole number.')
    .min(1, 'The page must be a whole number.')
    .max(100_000, 'The page must be a whole number.')
    .default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Show between 1 and 100 orders a page.')
    .max(100, 'Show between 1 and 100 orders a page.')
    .default(ORDER_PAGE_SIZE),
});

// ── Response shapes (the contract's interfaces, as schemas for serialising and the API docs) ───────

const productSchema = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  urlKey: z.string(),
  price: z.number(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  contentEntryId: z.number().nullable(),
  contentTitle: z.string().nullable(),
  onSale: z.boolean(),
  file: z.object({ name: z.string(), size: z.number() }).nullable(),
  sample: z.object({ name: z.string() }).nullable(),
  numberOfDownloads: z.number(),
  ordersCount: z.number(),
  version: z.number(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminProduct>;

const orderStateSchema = z.enum(orderStates);
const orderSummarySchema = z.object({
  id: z.number(),
  incrementId: z.string(),
  createdAt: z.string(),
  state: orderStateSchema,
  status: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  organizationName: z.string().nullable(),
  paymentMethod: z.enum(paymentMethodCodes),
  grandTotal: z.number(),
  itemsCount: z.number(),
});

const orderListSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
}) satisfies z.ZodType<AdminOrderList>;

const orderDetailSchema = orderSummarySchema.extend({
  subtotal: z.number(),
  taxAmount: z.number(),
  amountPaid: z.number(),
  amountRefunded: z.number(),
  refundReason: z.string().nullable(),
  paymentReference: z.string().nullable(),
  billingAddress: z.object({
    company: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    street: z.array(z.string()),
    city: z.string(),
    region_code: z.string(),
    region: z.string(),
    postcode: z.string(),
    country_id: z.literal('US'),
    telephone: z.string().optional(),
  }),
  items: z.array(
    z.object({
      id: z.number(),
      sku: z.string(),
      name: z.string(),
      price: z.number(),
      qty: z.number(),
      refunded: z.boolean(),
    }),
  ),
  creditNotes: z.array(
    z.object({
      number: z.string(),
      amount: z.number(),
      reason: z.string(),
      createdAt: z.string(),
      pdfUrl: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      status: z.string(),
      comment: z.string().nullable(),
      createdAt: z.string(),
      actorName: z.string().nullable(),
    }),
  ),
  downloads: z.array(
    z.object({
      linkTitle: z.string(),
      status: z.enum(['pending_payment', 'available', 'expired']),
      used: z.number(),
      bought: z.number(),
    }),
  ),
  version: z.number(),
}) satisfies z.ZodType<AdminOrderDetail>;

const salesSchema = z.object({
  currency: z.literal('USD'),
  totals: z.object({
    revenue: z.number(),
    grossRevenue: z.number(),
    orders: z.number(),
    paidOrders: z.number(),
    refundedOrders: z.number(),
    pendingRevenue: z.number(),
    refunded: z.number(),
  }),
  byMonth: z.array(z.object({ month: z.string(), revenue: z.number(), orders: z.number() })),
  byProduct: z.array(
    z.object({ sku: z.string(), name: z.string(), revenue: z.number(), orders: z.number() }),
  ),
}) satisfies z.ZodType<SalesOverview>;

const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string(),
  isActive: z.boolean(),
});

const productResponse = z.object({ data: productSchema });
const orderResponse = z.object({ data: orderDetailSchema });

/** Refuses NUL characters and broken Unicode in a JSON body before the schema reads it. */
const refuseBrokenText = async (request: FastifyRequest) => {
  const problem = brokenTextProblem(request.body);
  if (problem) throw new HttpError(400, problem, 'UNREADABLE_TEXT');
};

const uploadProblems: Record<string, HttpError> = {
  FST_REQ_FILE_TOO_LARGE: new HttpError(413, PRODUCT_FILE_TOO_LARGE, 'FILE_TOO_LARGE'),
  FST_FILES_LIMIT: new HttpError(400, 'Send one PDF at a time, in the field "file".', 'ONE_FILE'),
  FST_PARTS_LIMIT: new HttpError(400, 'Send one PDF at a time, in the field "file".', 'ONE_FILE'),
  FST_FIELDS_LIMIT: new HttpError(400, 'Send one PDF at a time, in the field "file".', 'ONE_FILE'),
  FST_PROTO_VIOLATION: new HttpError(400, 'Send the PDF in the field "file".', 'BAD_UPLOAD'),
  FST_MP_PREMATURE_CLOSE: new HttpError(400, 'The upload was cut off. Please try again.', 'BAD_UPLOAD'),
};

/** The one PDF of a multipart request (field "file"), read into memory up to 50 MB. */
async function readUpload(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart())
    throw new HttpError(400, 'Send the PDF as multipart/form-data in the field "file".', 'BAD_UPLOAD');
  let upload: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_PRODUCT_FILE_BYTES, files: 1, fields: 5, parts: 6 },
    })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new HttpError(400, 'Send the PDF in the field "file".', 'BAD_UPLOAD');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw uploadProblems.FST_REQ_FILE_TOO_LARGE!;
      upload = { name: part.filename || 'report.pdf', bytes };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && uploadProblems[code]) throw uploadProblems[code];
    throw error;
  }
  if (!upload || upload.bytes.length === 0)
    throw new HttpError(400, 'Choose a PDF file to upload.', 'BAD_UPLOAD');
  return upload;
}

/**
 * The staff side of the storefront: products (price, linked report, PDF and sample, on sale), orders
 * (search, detail, mark paid / cancel / refund) and the sales overview. Reads need commerce~view, every
 * write commerce~manage.
 */
export const commerceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCommerceAdminService({
    db: app.database.db,
    storage: app.content.storage,
    mail: app.mail,
    config: app.config,
  });
  const route = routesOf(app, ['commerce']);
  const canView = { platform: 'commerce~view' } as const;
  const canManage = { platform: 'commerce~manage' } as const;
  const staffId = (request: FastifyRequest) => request.viewer!.user.id;
  // Only inside this plugin: the rest of the core API keeps answering JSON only.
  await app.register(multipart, { limits: { fileSize: MAX_PRODUCT_FILE_BYTES, files: 1 } });
  // A report page is rendered with its product's price and availability: a catalogue change renews it.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    if (!request.routeOptions.url?.startsWith('/v2/admin/commerce/products')) return;
    for (const hook of app.contentChanged) hook({ type: 'product', slug: null, id: null });
  });

  route.get(
    '/v2/admin/commerce/products',
    {
      access: canView,
      summary: 'Every product, on sale or not, by name',
      response: z.object({ data: z.array(productSchema) }),
    },
    async () => ({ data: await service.listProducts() }),
  );

  route.get(
    '/v2/admin/commerce/categories',
    {
      access: canView,
      summary: 'The categories a product can be filed under, with their path',
      response: z.object({ data: z.array(categorySchema) }),
    },
    async () => ({ data: await service.listCategories() }),
  );

  route.post(
    '/v2/admin/commerce/products',
    {
      access: canManage,
      summary: 'Create a product (off sale until its PDF is uploaded)',
      body: adminProductInputSchema,
      otherResponses: { 201: productResponse },
      options: { preValidation: refuseBrokenText },
    },
    async (request, reply) => {
      const product = await service.createProduct(request.body);
      reply.status(201);
      return { data: product };
    },
  );

  route.put(
    '/v2/admin/commerce/products/:id',
    {
      access: canManage,
      summary: 'Save a product; a stale version answers 409',
      params: productParams,
      body: adminProductUpdateSchema,
      response: productResponse,
      options: { preValidation: refuseBrokenText },
    },
    async (request) => ({ data: await service.updateProduct(request.params.id, request.body) }),
  );

  const uploadRoute = (kind: ProductFileKind, summary: string) =>
    route.put(
      `/v2/admin/commerce/products/:id/${kind}`,
      {
        access: canManage,
        summary,
        params: productParams,
        response: productResponse,
        moreSchema: { consumes: ['multipart/form-data'] },
      },
      async (request) => {
        // A missing product is said before the upload is read.
        await service.assertProductExists(request.params.id);
        const upload = await readUpload(request);
        return { data: await service.storeProductFile(request.params.id, kind, upload) };
      },
    );
  uploadRoute('file', 'Upload the report PDF buyers download (multipart field "file", PDF only, 50 MB)');
  uploadRoute('sample', 'Upload the free sample PDF (multipart field "file", PDF only, 50 MB)');

  route.get(
    '/v2/admin/commerce/orders',
    {
      access: canView,
      summary: 'Orders, newest first: search by number, email, name or organization; filter by status',
      querystring: ordersQuery,
      response: z.object({ data: orderListSchema }),
    },
    async (request) => {
      const { q, status, page, pageSize } = request.query;
      if (q && brokenTextProblem(q))
        throw new HttpError(400, 'The search must not contain NUL characters or broken Unicode.');
      return { data: await service.listOrders({ q, status, page, pageSize }) };
    },
  );

  route.get(
    '/v2/admin/commerce/orders/export.csv',
    {
      access: canView,
      summary: 'The orders of a search and status filter as CSV (as on the orders screen), newest first',
      querystring: ordersQuery.pick({ q: true, status: true }),
    },
    async (request, reply) => {
      const { q, status } = request.query;
      if (q && brokenTextProblem(q))
        throw new HttpError(400, 'The search must not contain NUL characters or broken Unicode.');
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="teenvoice-orders-${day}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(await ordersCsv(app.database.db, { q, status }));
    },
  );

  route.get(
    '/v2/admin/commerce/orders/:id/credit-notes/:file',
    {
      access: canView,
      summary: 'A credit note of an order as a PDF, for staff (…/credit-notes/<number>.pdf)',
      params: orderParams.extend({ file: z.string() }),
    },
    async (request, reply) => {
      const match = /^(CN-\d{1,12}-\d{1,4})\.pdf$/.exec(request.params.file);
      const note = match
        ? await creditNoteFor(app.database.db, app.config, null, match[1]!).catch(() => null)
        : null;
      if (!note || note.order_id !== request.params.id)
        throw new HttpError(404, 'That credit note does not exist.', 'DOCUMENT_NOT_FOUND');
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `inline; filename="TeenVoice-credit-note-${note.credit_note_number}.pdf"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(await renderCreditNotePdf(note));
    },
  );

  route.get(
    '/v2/admin/commerce/orders/:id',
    {
      access: canView,
      summary: 'An order with its items, billing address, history and downloads',
      params: orderParams,
      response: orderResponse,
    },
    async (request) => ({ data: await service.getOrder(request.params.id) }),
  );

  /** A change of an order's state: the version it was seen at in the body, the order as it now is. */
  const orderAction = (
    action: 'mark-paid' | 'cancel',
    summary: string,
    change: (id: number, version: number, userId: string) => Promise<AdminOrderDetail>,
  ) =>
    route.post(
      `/v2/admin/commerce/orders/:id/${action}`,
      {
        access: canManage,
        summary,
        params: orderParams,
        body: adminOrderActionSchema,
        response: orderResponse,
      },
      async (request) => ({ data: await change(request.params.id, request.body.version, staffId(request)) }),
    );
  orderAction(
    'mark-paid',
    'Mark an invoice paid: its downloads open and the receipt mail goes out',
    service.markPaid,
  );
  orderAction('cancel', 'Cancel an unpaid order', service.cancel);

  route.post(
    '/v2/admin/commerce/orders/:id/refund',
    {
      access: canManage,
      summary:
        'Refund a paid order, whole or some lines (itemIds), with a reason: card orders through Stripe; the refunded downloads stop and a credit note is mailed',
      params: orderParams,
      body: adminRefundSchema,
      response: orderResponse,
      options: { preValidation: refuseBrokenText },
    },
    async (request) => ({
      data: await service.refund(
        request.params.id,
        request.body.version,
        request.body.reason,
        staffId(request),
        request.body.itemIds ?? null,
      ),
    }),
  );

  route.get(
    '/v2/admin/commerce/sales',
    {
      access: canView,
      summary: 'Revenue (paid minus refunded) for the last 12 months, by month and by report',
      response: z.object({ data: salesSchema }),
    },
    async () => ({ data: await service.sales() }),
  );
};
