import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceCoupons, commerceProducts } from '../../db/schema/commerce';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type Customer,
  invoicePayment,
  magento,
  newCustomer,
  tmpDataDir,
} from '../../test/commerce-fixtures';

/**
 * Our Magento-compatible answers against Magento's published REST schema (magento-schema/, see its
 * README): a stock Magento 2 client decodes these calls by that schema, so an answer that breaks it
 * (a UUID customer id, a missing required field, a string where it wants a number) breaks the client.
 */

const dir = join(__dirname, 'magento-schema');
const published = JSON.parse(readFileSync(join(dir, 'magento-rest-cart.json'), 'utf8'));
const documented = JSON.parse(readFileSync(join(dir, 'magento-rest-documented.json'), 'utf8'));

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'published', components: { schemas: published.schemas } });
ajv.addSchema({ $id: 'documented', schemas: documented.schemas });

/** Validates against a named definition; the failure lists every broken field. */
function expectShape(source: 'published' | 'documented', name: string, value: unknown) {
  const ref =
    source === 'published' ? `published#/components/schemas/${name}` : `documented#/schemas/${name}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const ok = validate(value);
  expect(ok ? [] : validate.errors, `${name}: ${JSON.stringify(validate.errors)}`).toEqual([]);
}

/** The 200 answer of an operation in the published schema. */
function expectOperation(path: string, method: string, value: unknown) {
  const schema = published.paths[path][method].response200;
  const validate = ajv.compile({ ...schema, $ref: schema.$ref?.replace('#/', 'published#/') });
  const ok = validate(value);
  expect(ok ? [] : validate.errors, `${method.toUpperCase()} ${path}`).toEqual([]);
}

const PUBLIC_URL = 'https://shop.teenvoice.test';
const magentoDate = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
let t: TestApp;
let buyer: Customer;
let sku: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tmpDataDir('magento-contract'), PUBLIC_URL, COMMERCE_TAX_RATE: '10' });
  // A seeded report on sale (its report published): what a shopper can buy.
  const [product] = await t.app.database.db
    .select()
    .from(commerceProducts)
    .where(
      and(
        isNotNull(commerceProducts.contentEntryId),
        isNotNull(commerceProducts.fileKey),
        eq(commerceProducts.onSale, true),
      ),
    )
    .limit(1);
  sku = product!.sku;
  await t.app.database.db.insert(commerceCoupons).values({ code: 'CONTRACT10', kind: 'percent', amount: 10 });
  buyer = await newCustomer(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe("Magento's published schema (cart, totals, coupons, checkout, customer)", () => {
  it('POST /carts/mine, POST /carts/mine/items, GET /carts/mine (integer customer id, Magento dates)', async () => {
    const opened = await magento(t.app, 'POST', '/carts/mine', buyer.token);
    expectOperation('/V1/carts/mine', 'post', opened.json());

    const added = await magento(t.app, 'POST', '/carts/mine/items', buyer.token, {
      cartItem: { sku, qty: 1 },
    });
    expect(added.statusCode).toBe(200);
    expectOperation('/V1/carts/mine/items', 'post', added.json());

    const cart = (await magento(t.app, 'GET', '/carts/mine', buyer.token)).json();
    expectOperation('/V1/carts/mine', 'get', cart);
    expect(Number.isInteger(cart.customer.id)).toBe(true);
    expect(cart.created_at).toMatch(magentoDate);
  });

  it('PUT, GET and DELETE /carts/mine/coupons and GET /carts/mine/totals with the discount', async () => {
    const put = await magento(t.app, 'PUT', '/carts/mine/coupons/CONTRACT10', buyer.token);
    expectOperation('/V1/carts/mine/coupons/{couponCode}', 'put', put.json());
    const got = await magento(t.app, 'GET', '/carts/mine/coupons', buyer.token);
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expectOperation('/V1/carts/mine/coupons', 'get', got.json());

    const totals = (await magento(t.app, 'GET', '/carts/mine/totals', buyer.token)).json();
    expectOperation('/V1/carts/mine/totals', 'get', totals);
    expect(totals.total_segments.map((s: { code: string }) => s.code)).toContain('discount');

    const removed = await magento(t.app, 'DELETE', '/carts/mine/coupons', buyer.token);
    expectOperation('/V1/carts/mine/coupons', 'delete', removed.json());
    await magento(t.app, 'PUT', '/carts/mine/coupons/CONTRACT10', buyer.token);
  });

  it('DELETE /carts/mine/items/{itemId} answers a bare boolean', async () => {
    const other = await newCustomer(t.app);
    await magento(t.app, 'POST', '/carts/mine', other.token);
    const item = (
      await magento(t.app, 'POST', '/carts/mine/items', other.token, { cartItem: { sku, qty: 1 } })
    ).json();
    const removed = await magento(t.app, 'DELETE', `/carts/mine/items/${item.item_id}`, other.token);
    expectOperation('/V1/carts/mine/items/{itemId}', 'delete', removed.json());
  });

  it('POST /carts/mine/payment-information answers the integer order id; GET /customers/me the customer', async () => {
    const placed = await magento(t.app, 'POST', '/carts/mine/payment-information', buyer.token, {
      ...invoicePayment(),
      billing_address: { ...invoicePayment().billing_address, save_in_address_book: true },
    });
    expect(placed.statusCode).toBe(200);
    expectOperation('/V1/carts/mine/payment-information', 'post', placed.json());

    const me = (await magento(t.app, 'GET', '/customers/me', buyer.token)).json();
    expectShape('published', 'customer-data-customer-interface', me);
    expect(Number.isInteger(me.id)).toBe(true);
    expect(me.created_at).toMatch(magentoDate);
    expect(me.addresses).toHaveLength(1);
    expect(me.default_billing).toBe(String(me.addresses[0].id));
  });
});

describe('documented shapes (product, search results, downloadables)', () => {
  it("GET /products/{sku}: the product with absolute URLs and Magento dates; an unknown SKU is Magento's 404", async () => {
    const product = (await magento(t.app, 'GET', `/products/${encodeURIComponent(sku)}`)).json();
    expectShape('documented', 'catalog-data-product-interface', product);
    expect(product).toMatchObject({ sku, type_id: 'downloadable', status: 1, visibility: 4 });
    expect(product.extension_attributes.downloadable_product_links).toHaveLength(1);
    // The free sample, as Magento lists a downloadable product's samples: an absolute URL that serves it.
    const [sample] = product.extension_attributes.downloadable_product_samples;
    expect(sample.sample_url.startsWith(`${PUBLIC_URL}/commerce-content/samples/`)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: sample.sample_url.slice(PUBLIC_URL.length) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    const url = product.custom_attributes.find((a: { attribute_code: string }) => a.attribute_code === 'url');
    expect(url.value.startsWith(`${PUBLIC_URL}/research/reports/`)).toBe(true);
    for (const entry of product.media_gallery_entries) expect(entry.file.startsWith(PUBLIC_URL)).toBe(true);

    const missing = await magento(t.app, 'GET', '/products/NO-SUCH-SKU');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      "The product that was requested doesn't exist. Verify the product and try again.",
    );
  });

  it('GET /customers/me/asa_orders echoes search_criteria and counts; downloadables carry absolute URLs', async () => {
    const orders = (
      await magento(
        t.app,
        'GET',
        '/customers/me/asa_orders?searchCriteria[filter_groups][0][filters][0][field]=store_id&searchCriteria[filter_groups][0][filters][0][value]=1&searchCriteria[pageSize]=10',
        buyer.token,
      )
    ).json();
    expectShape('documented', 'sales-order-search-result', orders);
    expect(orders.search_criteria).toEqual({
      filter_groups: [{ filters: [{ field: 'store_id', value: '1', condition_type: 'eq' }] }],
      page_size: 10,
    });
    expect(orders.items[0]).toMatchObject({ discount_amount: expect.any(Number), coupon_code: 'CONTRACT10' });
    expect(Number.isInteger(orders.items[0].customer_id)).toBe(true);

    const downloads = (
      await magento(t.app, 'GET', '/customers/me/asa_downloadable_products', buyer.token)
    ).json();
    expectShape('documented', 'asa-downloadable-products', downloads);
  });
});
