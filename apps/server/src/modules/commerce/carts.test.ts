import { type CartShape, type CartTotals, COMMERCE_UNAUTHORIZED_MESSAGE } from '@tv/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceCartItems, commerceCarts } from '../../db/schema/commerce';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import {
  commerceToken,
  createProduct,
  magento,
  type ProductRow,
  tmpDataDir,
} from '../../test/commerce-fixtures';
import { type CookieJar, signIn } from '../../test/session';
import { customerIdOf } from './customers';

let t: TestApp;
let jordan: CookieJar;
let sam: CookieJar;
let jordanToken: string;
let samToken: string;
let report: ProductRow;
let second: ProductRow;

const unauthorized = { message: COMMERCE_UNAUTHORIZED_MESSAGE, parameters: { resources: 'self' } };
const noSuchEntity = (fieldName: string, fieldValue: string | number) => ({
  message: 'No such entity with %fieldName = %fieldValue',
  parameters: { fieldName, fieldValue },
});

beforeAll(async () => {
  // 8.25 % sales tax, no card payments configured.
  t = await createTestApp({ DATA_DIR: tmpDataDir('carts'), COMMERCE_TAX_RATE: '8.25' });
  jordan = await signIn(t.app, demoAccounts.northsideMember.email);
  sam = await signIn(t.app, demoAccounts.brightpathAdmin.email);
  jordanToken = await commerceToken(t.app, jordan);
  samToken = await commerceToken(t.app, sam);
  report = await createProduct(t.app, { priceCents: 49_500 });
  second = await createProduct(t.app, { priceCents: 12_000 });
});
afterAll(async () => {
  await t?.close();
});

const userIdOf = async (jar: CookieJar) =>
  (await t.app.inject({ method: 'GET', url: '/v2/profile', headers: { cookie: jar.header } })).json().data
    .id as string;

const itemsOfCart = (cartId: number) =>
  t.app.database.db.select().from(commerceCartItems).where(eq(commerceCartItems.cartId, cartId));

describe('POST /carts/mine', () => {
  it('makes the cart on demand and answers its id as a bare integer, the same id every time', async () => {
    const userId = await userIdOf(sam);
    const before = await magento(t.app, 'GET', '/carts/mine', samToken);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual(noSuchEntity('customerId', userId));

    const first = await magento(t.app, 'POST', '/carts/mine', samToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.body).toMatch(/^\d+$/);
    const again = await magento(t.app, 'POST', '/carts/mine', samToken);
    expect(again.json()).toBe(first.json());
    // Many Magento clients label the empty body as JSON; Magento takes it, and so do we.
    const labelled = await t.app.inject({
      method: 'POST',
      url: '/commerce-content/rest/V1/carts/mine',
      headers: { authorization: `Bearer ${samToken}`, 'content-type': 'application/json' },
    });
    expect(labelled.statusCode).toBe(200);
    expect(labelled.json()).toBe(first.json());
  });

  it('gives two parallel requests the same cart (one active cart per customer)', async () => {
    const brightpathMember = await signIn(t.app, demoAccounts.brightpathMember.email);
    const token = await commerceToken(t.app, brightpathMember);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => magento(t.app, 'POST', '/carts/mine', token)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json())).size).toBe(1);
    const userId = await userIdOf(brightpathMember);
    const carts = await t.app.database.db
      .select()
      .from(commerceCarts)
      .where(eq(commerceCarts.userId, userId));
    expect(carts).toHaveLength(1);
  });

  it('refuses a call without a valid token with the exact 401', async () => {
    for (const token of [null, 'not-a-token', `${jordanToken}x`]) {
      const response = await magento(t.app, 'POST', '/carts/mine', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(unauthorized);
    }
  });
});

describe('GET /carts/mine and its items', () => {
  let cartId: number;

  beforeAll(async () => {
    cartId = (await magento(t.app, 'POST', '/carts/mine', jordanToken)).json();
  });

  it('adds a report and answers the item in Magento’s shape', async () => {
    const response = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
      cartItem: { sku: report.sku, qty: 1, quote_id: String(cartId) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      item_id: expect.any(Number),
      sku: report.sku,
      qty: 1,
      name: report.name,
      price: 495,
      product_type: 'downloadable',
      quote_id: String(cartId),
      product_option: {
        extension_attributes: { downloadable_option: { downloadable_links: [report.id] } },
      },
    });
  });

  it('does not add a SKU twice: the second add answers the same item, even in parallel', async () => {
    const first = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
      cartItem: { sku: report.sku, qty: 1 },
    });
    const parallel = await Promise.all(
      Array.from({ length: 4 }, () =>
        magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
          cartItem: { sku: second.sku, qty: 1, quote_id: cartId },
        }),
      ),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(parallel.map((r) => r.json().item_id)).size).toBe(1);
    const items = await itemsOfCart(cartId);
    expect(items.map((i) => i.sku).sort()).toEqual([report.sku, second.sku].sort());
    expect(items.find((i) => i.sku === report.sku)?.id).toBe(first.json().item_id);
  });

  it('answers the cart with its lines, counts, currency and customer', async () => {
    const response = await magento(t.app, 'GET', '/carts/mine', jordanToken);
    expect(response.statusCode).toBe(200);
    const cart = response.json() as CartShape;
    expect(cart).toEqual({
      id: cartId,
      store_id: 1,
      // Magento's date format, in UTC: 2026-11-27 20:37:22.
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      is_active: true,
      is_virtual: true,
      items: [
        expect.objectContaining({ sku: report.sku, price: 495, qty: 1, quote_id: String(cartId) }),
        expect.objectContaining({ sku: second.sku, price: 120, qty: 1 }),
      ],
      items_count: 2,
      items_qty: 2,
      currency: {
        global_currency_code: 'USD',
        base_currency_code: 'USD',
        store_currency_code: 'USD',
        quote_currency_code: 'USD',
      },
      customer: {
        // Magento's customer id is an integer, the same on every call.
        id: await customerIdOf(t.app.database.db, await userIdOf(jordan)),
        email: demoAccounts.northsideMember.email,
        firstname: demoAccounts.northsideMember.firstName,
        lastname: demoAccounts.northsideMember.lastName,
      },
    });
  });

  it('totals the cart with tax as its own segment, rounded to the cent', async () => {
    const response = await magento(t.app, 'GET', '/carts/mine/totals', jordanToken);
    expect(response.statusCode).toBe(200);
    const totals = response.json() as CartTotals;
    // $615.00 at 8.25 % = $50.7375 → $50.74.
    expect(totals).toEqual({
      grand_total: 665.74,
      base_grand_total: 665.74,
      weee_tax_applied_amount: 0,
      subtotal: 615,
      discount_amount: 0,
      coupon_code: null,
      tax_amount: 50.74,
      base_currency_code: 'USD',
      quote_currency_code: 'USD',
      items_qty: 2,
      items: [
        {
          item_id: expect.any(Number),
          price: 495,
          base_price: 495,
          qty: 1,
          row_total: 495,
          base_row_total: 495,
          options: '[]',
          weee_tax_applied: '[]',
          weee_tax_applied_amount: 0,
          name: report.name,
          sku: report.sku,
        },
        {
          item_id: expect.any(Number),
          price: 120,
          base_price: 120,
          qty: 1,
          row_total: 120,
          base_row_total: 120,
          options: '[]',
          weee_tax_applied: '[]',
          weee_tax_applied_amount: 0,
          name: second.name,
          sku: second.sku,
        },
      ],
      total_segments: [
        { code: 'subtotal', title: 'Subtotal', value: 615 },
        { code: 'tax', title: 'Tax', value: 50.74, area: 'taxes' },
        { code: 'grand_total', title: 'Grand Total', value: 665.74, area: 'footer' },
      ],
      extension_attributes: {
        tax_rate: 8.25,
        // No card payments without Stripe; no "free" with a total to pay.
        payment_methods: [{ code: 'purchaseorder', title: 'Invoice (purchase order)' }],
      },
    });
  });

  it('refuses unknown SKUs, reports that are not on sale and reports without a file', async () => {
    const unknown = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
      cartItem: { sku: 'TV-NOPE-0000', qty: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(noSuchEntity('sku', 'TV-NOPE-0000'));

    const offSale = await createProduct(t.app, { onSale: false });
    const noFile = await createProduct(t.app, { withFile: false });
    for (const product of [offSale, noFile]) {
      const response = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
        cartItem: { sku: product.sku, qty: 1 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Product that you are trying to add is not available.' });
    }
    const nul = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
      cartItem: { sku: 'TV\u0000X', qty: 1 },
    });
    expect(nul.statusCode).toBe(400);
    const qty = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
      cartItem: { sku: report.sku, qty: 2 },
    });
    expect(qty.statusCode).toBe(400);
    expect(qty.json().parameters).toEqual({ fieldName: 'cartItem.qty' });
    expect((await itemsOfCart(cartId)).length).toBe(2);
  });

  it('refuses another customer’s quote_id, and changes nothing in either cart', async () => {
    const samCart: number = (await magento(t.app, 'POST', '/carts/mine', samToken)).json();
    const samBefore = await itemsOfCart(samCart);
    const jordanBefore = await itemsOfCart(cartId);
    const extra = await createProduct(t.app);
    for (const quoteId of [samCart, String(samCart), '99999999999999999999', '0', 'abc']) {
      const response = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
        cartItem: { sku: extra.sku, qty: 1, quote_id: quoteId },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(noSuchEntity('cartId', String(quoteId)));
    }
    // 10^20 is not a whole number the API accepts: a 400 in Magento's shape, nothing stored.
    const huge = await magento(t.app, 'POST', '/carts/mine/items', jordanToken, {
      cartItem: { sku: extra.sku, qty: 1, quote_id: 1e20 },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ parameters: { fieldName: 'cartItem.quote_id' } });
    expect(await itemsOfCart(samCart)).toEqual(samBefore);
    expect(await itemsOfCart(cartId)).toEqual(jordanBefore);
  });

  it('deletes a line (true), and an item that is not in the caller’s cart is no such entity', async () => {
    const samCart: number = (await magento(t.app, 'POST', '/carts/mine', samToken)).json();
    const samItem = await magento(t.app, 'POST', '/carts/mine/items', samToken, {
      cartItem: { sku: report.sku, qty: 1 },
    });
    const foreignId = samItem.json().item_id as number;

    const foreign = await magento(t.app, 'DELETE', `/carts/mine/items/${foreignId}`, jordanToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(noSuchEntity('itemId', String(foreignId)));
    expect(
      await t.app.database.db
        .select()
        .from(commerceCartItems)
        .where(and(eq(commerceCartItems.id, foreignId), eq(commerceCartItems.cartId, samCart))),
    ).toHaveLength(1);

    for (const bad of ['abc', '100000000000000000000', '0', '-1']) {
      const response = await magento(t.app, 'DELETE', `/carts/mine/items/${bad}`, jordanToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(noSuchEntity('itemId', bad));
    }

    const [line] = (await itemsOfCart(cartId)).filter((i) => i.sku === second.sku);
    const removed = await magento(t.app, 'DELETE', `/carts/mine/items/${line!.id}`, jordanToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toBe('true');
    const again = await magento(t.app, 'DELETE', `/carts/mine/items/${line!.id}`, jordanToken);
    expect(again.statusCode).toBe(404);
    expect((await itemsOfCart(cartId)).map((i) => i.sku)).toEqual([report.sku]);
  });

  it('offers only "No payment required" when the total is $0', async () => {
    const member = await signIn(t.app, demoAccounts.northsideAdmin.email);
    const token = await commerceToken(t.app, member);
    const free = await createProduct(t.app, { priceCents: 0 });
    await magento(t.app, 'POST', '/carts/mine/items', token, { cartItem: { sku: free.sku, qty: 1 } });
    const totals = (await magento(t.app, 'GET', '/carts/mine/totals', token)).json() as CartTotals;
    expect(totals.grand_total).toBe(0);
    expect(totals.total_segments.find((s) => s.code === 'tax')).toEqual({
      code: 'tax',
      title: 'Tax',
      value: 0,
      area: 'taxes',
    });
    expect(totals.extension_attributes.payment_methods).toEqual([
      { code: 'free', title: 'No payment required' },
    ]);
  });
});
