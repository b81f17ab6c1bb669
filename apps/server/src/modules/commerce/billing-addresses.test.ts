import type { CustomerShape } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceBillingAddresses } from '../../db/schema/commerce';
import { createTestApp, type TestApp } from '../../test/app';
import {
  buy,
  createProduct,
  invoicePayment,
  magento,
  newCustomer,
  type ProductRow,
  tmpDataDir,
  validBilling,
} from '../../test/commerce-fixtures';

let t: TestApp;
let report: ProductRow;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tmpDataDir('billing-addresses') });
  report = await createProduct(t.app, { priceCents: 5_000 });
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) =>
  (await magento(t.app, 'GET', '/customers/me', token)).json() as CustomerShape;
const withAddress = (address: Record<string, unknown>) => ({ ...invoicePayment(), billing_address: address });
const second = {
  ...validBilling,
  company: 'Lakeside Youth Council',
  street: ['12 Shore Road'],
  city: 'Oakland',
};

describe('saved billing addresses', () => {
  it('keeps an address only when the buyer ticks save_in_address_book, and answers it in GET /customers/me', async () => {
    const buyer = await newCustomer(t.app);
    await buy(t.app, buyer.token, [report.sku], withAddress(validBilling));
    expect((await me(buyer.token)).addresses).toEqual([]);
    expect((await me(buyer.token)).default_billing).toBeUndefined();

    await buy(t.app, buyer.token, [report.sku], withAddress({ ...validBilling, save_in_address_book: true }));
    const customer = await me(buyer.token);
    expect(customer.addresses).toHaveLength(1);
    expect(customer.addresses[0]).toMatchObject({
      customer_id: customer.id,
      company: validBilling.company,
      street: validBilling.street,
      postcode: validBilling.postcode,
      region: { region_code: 'CA', region: 'California' },
      default_billing: true,
      extension_attributes: { email: validBilling.email },
    });
    expect(customer.default_billing).toBe(String(customer.addresses[0]!.id));
  });

  it('preselects the one used last, without saving a copy of an address it already keeps', async () => {
    const buyer = await newCustomer(t.app);
    await buy(t.app, buyer.token, [report.sku], withAddress({ ...validBilling, save_in_address_book: true }));
    await buy(t.app, buyer.token, [report.sku], withAddress({ ...second, save_in_address_book: true }));
    let customer = await me(buyer.token);
    expect(customer.addresses.map((a) => a.company)).toEqual([second.company, validBilling.company]);
    // Using the first again (even unticked) makes it the default; still two addresses.
    await buy(t.app, buyer.token, [report.sku], withAddress(validBilling));
    customer = await me(buyer.token);
    expect(customer.addresses.map((a) => a.company)).toEqual([validBilling.company, second.company]);
    expect(customer.default_billing).toBe(String(customer.addresses[0]!.id));
  });

  it("removes one of the buyer's own addresses; another buyer's id is no such entity and changes nothing", async () => {
    const buyer = await newCustomer(t.app);
    const stranger = await newCustomer(t.app);
    await buy(t.app, buyer.token, [report.sku], withAddress({ ...validBilling, save_in_address_book: true }));
    const [address] = (await me(buyer.token)).addresses;

    const foreign = await magento(
      t.app,
      'DELETE',
      `/customers/me/asa_addresses/${address!.id}`,
      stranger.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'addressId', fieldValue: String(address!.id) },
    });
    expect(
      await t.app.database.db
        .select()
        .from(commerceBillingAddresses)
        .where(eq(commerceBillingAddresses.id, address!.id)),
    ).toHaveLength(1);

    const removed = await magento(t.app, 'DELETE', `/customers/me/asa_addresses/${address!.id}`, buyer.token);
    expect(removed.json()).toBe(true);
    expect((await me(buyer.token)).addresses).toEqual([]);
    expect((await magento(t.app, 'DELETE', '/customers/me/asa_addresses/abc', buyer.token)).statusCode).toBe(
      404,
    );
  });

  it('needs a commerce token', async () => {
    expect((await magento(t.app, 'GET', '/customers/me', null)).statusCode).toBe(401);
  });
});
