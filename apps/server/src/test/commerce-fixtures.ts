import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMERCE_BASE } from '@tv/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { commerceProducts } from '../db/schema/commerce';
import { CURRENT_TERMS_VERSION } from '../db/seed/terms';
import { insertMembership, insertOrganization } from '../modules/organizations/service';
import { type CookieJar, cookieJar, signUpAndConfirm } from './session';

/** Storefront test helpers: tokens, products with a real PDF in private storage, orders. */

export const tmpDataDir = (name: string) => mkdtempSync(join(tmpdir(), `tv-${name}-`));

export async function commerceToken(app: FastifyInstance, jar: CookieJar): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/ecommerce/customer-token',
    headers: { cookie: jar.header },
  });
  if (response.statusCode !== 200) throw new Error(`customer token failed: ${response.body}`);
  return response.json().data.token as string;
}

export interface Customer {
  jar: CookieJar;
  token: string;
  userId: string;
  email: string;
}

/** An organisation of its own, so demo orders of the seeded organisations never show up in a test. */
export async function newOrganization(app: FastifyInstance, name = 'Lakeside Youth Council') {
  const row = await insertOrganization(app.database.db, `${name} ${randomUUID().slice(0, 6)}`);
  return { id: row.id, name: row.name };
}

/** A newly registered person (optionally a member of an organisation) with a commerce token. */
export async function newCustomer(
  app: FastifyInstance,
  options: { organizationId?: string; roleName?: string } = {},
): Promise<Customer> {
  const jar = cookieJar();
  const email = `buyer.${randomUUID().slice(0, 8)}@example.org`;
  const response = await signUpAndConfirm(
    app,
    {
      firstName: 'Casey',
      lastName: 'Morgan',
      email,
      password: 'correct horse battery',
      acceptMarketing: false,
      termsAndConditions: CURRENT_TERMS_VERSION,
    },
    jar,
  );
  const userId = response.json().data.id as string;
  if (options.organizationId) {
    await insertMembership(app.database.db, options.organizationId, userId, options.roleName ?? 'Researcher');
  }
  return { jar, token: await commerceToken(app, jar), userId, email };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call to the Magento API with a bearer token (or none). */
export function magento(
  app: FastifyInstance,
  method: Method,
  path: string,
  token?: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${COMMERCE_BASE}${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A one-page PDF whose text is `title`. */
export async function samplePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText(title, { x: 20, y: 100, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

export type ProductRow = typeof commerceProducts.$inferSelect;

/** A downloadable report on sale, its PDF in private storage (not registered as media). */
export async function createProduct(
  app: FastifyInstance,
  overrides: Partial<typeof commerceProducts.$inferInsert> & { withFile?: boolean } = {},
): Promise<ProductRow & { bytes: Buffer | null }> {
  const { withFile = true, ...values } = overrides;
  const suffix = randomUUID().slice(0, 8).toUpperCase();
  const sku = values.sku ?? `TV-TEST-${suffix}`;
  const name = values.name ?? `Teens and Sleep Report ${suffix}`;
  let bytes: Buffer | null = null;
  let fileKey: string | null = null;
  const fileName = `teens-and-sleep-${suffix.toLowerCase()}.pdf`;
  if (withFile) {
    bytes = await samplePdf(name);
    fileKey = `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}/${fileName}`;
    await app.content.storage.put(fileKey, bytes, 'application/pdf');
  }
  const [row] = await app.database.db
    .insert(commerceProducts)
    .values({
      sku,
      name,
      urlKey: `teens-and-sleep-${suffix.toLowerCase()}`,
      priceCents: 49_500,
      fileKey,
      fileName: withFile ? fileName : null,
      fileSize: bytes?.length ?? null,
      ...values,
    })
    .returning();
  return { ...row!, bytes };
}

export const validBilling = {
  company: 'Riverbend Health',
  firstname: 'Dana',
  lastname: 'Whitfield',
  email: 'dana@riverbend.example',
  street: ['410 Market Street', 'Suite 200'],
  city: 'San Francisco',
  region_code: 'CA',
  postcode: '94107',
  country_id: 'US' as const,
};

export const invoicePayment = (overrides: Record<string, unknown> = {}) => ({
  paymentMethod: { method: 'purchaseorder', po_number: 'PO-7781' },
  billing_address: validBilling,
  ...overrides,
});

/** Opens the cart, adds the SKUs and places the order; answers the order id. */
export async function buy(
  app: FastifyInstance,
  token: string,
  skus: string[],
  body: Record<string, unknown> = invoicePayment(),
): Promise<number> {
  const cart = await magento(app, 'POST', '/carts/mine', token);
  if (cart.statusCode !== 200) throw new Error(`cart failed: ${cart.body}`);
  for (const sku of skus) {
    const added = await magento(app, 'POST', '/carts/mine/items', token, { cartItem: { sku, qty: 1 } });
    if (added.statusCode !== 200) throw new Error(`add ${sku} failed: ${added.body}`);
  }
  const placed = await magento(app, 'POST', '/carts/mine/payment-information', token, body);
  if (placed.statusCode !== 200) throw new Error(`placing failed: ${placed.body}`);
  return placed.json() as number;
}
